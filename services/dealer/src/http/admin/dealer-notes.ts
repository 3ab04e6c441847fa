import type { DealerNote } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { iso } from '../../data/dealer-json';
import { DEALER_NOT_FOUND } from '../../data/dealers';

/** A note as the contract shows it; the date is formatted for people (US style, UTC). */
const NOTE_JSON = `json_build_object(
  'note_id', n.note_id, 'note_text', n.note_text, 'created_by_name', n.created_by_name,
  'created_at', ${iso('n.created_at')},
  'formatted_date', to_char(n.created_at AT TIME ZONE 'UTC', 'FMMon FMDD, YYYY "at" FMHH12:MI AM "UTC"'))`;

/** GET /api/admin/dealer-notes/{dealer_id} — newest first (the timeline adds the dealer's orders to these). */
export const dealerNotes: DealerHandler<'admin.dealerNotes'> = async ({ params }, ctx) => {
  const rows: { notes: DealerNote[] | null; found: boolean }[] = await ctx.db.query(
    `SELECT EXISTS (SELECT 1 FROM dealers WHERE dealer_id = $1) AS found,
       (SELECT json_agg(${NOTE_JSON} ORDER BY n.created_at DESC, n.note_id) FROM dealer_notes n WHERE n.dealer_id = $1) AS notes`,
    [params.dealer_id],
  );
  const row = rows[0];
  if (!row?.found) throw notFound(DEALER_NOT_FOUND);
  return { success: true as const, notes: row.notes ?? [] };
};

/** POST /api/admin/add-dealer-note/{dealer_id} — signed with the admin's name. */
export const addDealerNote: DealerHandler<'admin.addDealerNote'> = async ({ params, body, user }, ctx) => {
  const rows: { note: DealerNote }[] = await ctx.db.query(
    `INSERT INTO dealer_notes AS n (dealer_id, note_text, created_by_name)
     SELECT dealer_id, $2, $3 FROM dealers WHERE dealer_id = $1 RETURNING ${NOTE_JSON} AS note`,
    [params.dealer_id, body.note_text, user.name],
  );
  const row = rows[0];
  if (!row) throw notFound(DEALER_NOT_FOUND);
  return { success: true as const, message: 'Note added successfully!', note: row.note };
};
