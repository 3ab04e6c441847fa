import type { DealerHandler } from '../../context';
import { addDealerNote as addNote, dealerNotes as listNotes } from '../../use-cases/dealer-notes';

/** GET /api/admin/dealer-notes/{dealer_id} — newest first. */
export const dealerNotes: DealerHandler<'admin.dealerNotes'> = async ({ params }, ctx) => ({
  success: true as const,
  notes: await listNotes(ctx, params.dealer_id),
});

/** POST /api/admin/add-dealer-note/{dealer_id} — JSON, urlencoded or multipart note_text; signed with the admin's name. */
export const addDealerNote: DealerHandler<'admin.addDealerNote'> = async ({ params, body, user }, ctx) => ({
  success: true as const,
  message: 'Note added successfully!',
  note: await addNote(ctx, params.dealer_id, body.note_text, user.name),
});
