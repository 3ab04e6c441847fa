import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { dealerNotesPage, writeDealerNote } from '../../use-cases/dealer-notes';

/** GET /api/admin/dealer-notes/{dealer_id} — newest first; one page with a limit or cursor. */
export const dealerNotes: DealerHandler<'admin.dealerNotes'> = async ({ params, query }, ctx) => {
  const { notes, page } = await dealerNotesPage(ctx, params.dealer_id, query);
  return succeeded({ notes, ...page });
};

/** POST /api/admin/add-dealer-note/{dealer_id} — JSON, urlencoded or multipart note_text; signed with the admin's name. */
export const addDealerNote: DealerHandler<'admin.addDealerNote'> = async ({ params, body, user }, ctx) =>
  succeeded({
    message: 'Note added successfully!',
    note: await writeDealerNote(ctx, params.dealer_id, body.note_text, user.name),
  });
