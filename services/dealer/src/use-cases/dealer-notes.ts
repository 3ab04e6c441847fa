import type { DealerNote } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { DealerContext } from '../context';
import { addNote, listNotes } from '../data/dealer-notes';
import { DEALER_NOT_FOUND } from '../data/dealers';

/**
 * A dealer's admin notes, newest first (the timeline adds the dealer's orders to these): all of them, or one
 * page when a limit or cursor is given.
 */
export async function dealerNotesPage(
  ctx: DealerContext,
  dealerId: string,
  request: { limit?: number; cursor?: string; sort?: string } = {},
): Promise<{ notes: DealerNote[]; page?: { next_cursor: string | null; total: number } }> {
  const found = await listNotes(ctx.db.manager, dealerId, request);
  if (!found) throw notFound(DEALER_NOT_FOUND);
  return { notes: found.rows.map((row) => row.note), page: found.page };
}

/** A note signed with the admin's name. */
export async function writeDealerNote(ctx: DealerContext, dealerId: string, text: string, adminName: string) {
  const note = await addNote(ctx.db.manager, dealerId, text, adminName);
  if (!note) throw notFound(DEALER_NOT_FOUND);
  return note;
}
