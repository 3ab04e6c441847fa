import type { DealerNote } from '@portal/contracts';
import { notFound, readSystemTimezone, recordAudit } from '@portal/platform';
import type { DealerContext } from '../context';
import { addNote, listNotes } from '../data/dealer-notes';
import { DEALER_NOT_FOUND } from '../data/dealers';
import { noteView } from '../domain/dealer-note';

/**
 * A dealer's admin notes, newest first (the timeline adds the dealer's orders to these): all of them, or one
 * page when a limit or cursor is given. Dates in the system timezone (read once for the page).
 */
export async function dealerNotesPage(
  ctx: DealerContext,
  dealerId: string,
  request: { limit?: number; cursor?: string; sort?: string } = {},
): Promise<{ notes: DealerNote[]; page?: { next_cursor: string | null; total: number } }> {
  const found = await listNotes(ctx.db.manager, dealerId, request);
  if (!found) throw notFound(DEALER_NOT_FOUND);
  const timeZone = await readSystemTimezone(ctx.db.manager);
  return { notes: found.rows.map((row) => noteView(row.note, timeZone)), page: found.page };
}

/** A note signed with the admin's name. */
export async function writeDealerNote(
  ctx: DealerContext,
  dealerId: string,
  text: string,
  adminName: string,
): Promise<DealerNote> {
  const note = await ctx.transaction(async (manager, emit) => {
    const added = await addNote(manager, dealerId, text, adminName);
    if (!added) throw notFound(DEALER_NOT_FOUND);
    await recordAudit(emit, {
      action: 'dealer.note_added',
      entity: 'dealer',
      entity_id: dealerId,
      before: null,
      after: { note: text },
    });
    return added;
  });
  return noteView(note, await readSystemTimezone(ctx.db.manager));
}
