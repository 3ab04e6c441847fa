import type { DealerNote } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { iso } from './dealer-columns';

/** A note as the contract shows it; the date is formatted for people (US style, UTC). */
const NOTE_JSON = `json_build_object(
  'note_id', n.note_id, 'note_text', n.note_text, 'created_by_name', n.created_by_name,
  'created_at', ${iso('n.created_at')},
  'formatted_date', to_char(n.created_at AT TIME ZONE 'UTC', 'FMMon FMDD, YYYY "at" FMHH12:MI AM "UTC"'))`;

/** A dealer's notes, newest first; null when the dealer does not exist. */
export async function listNotes(manager: EntityManager, dealerId: string): Promise<DealerNote[] | null> {
  const rows: { notes: DealerNote[] | null; found: boolean }[] = await manager.query(
    `SELECT EXISTS (SELECT 1 FROM dealers WHERE dealer_id = $1) AS found,
       (SELECT json_agg(${NOTE_JSON} ORDER BY n.created_at DESC, n.note_id) FROM dealer_notes n WHERE n.dealer_id = $1) AS notes`,
    [dealerId],
  );
  const row = rows[0];
  return row?.found ? (row.notes ?? []) : null;
}

/** Adds a note to an existing dealer; null when the dealer does not exist. */
export async function addNote(
  manager: EntityManager,
  dealerId: string,
  text: string,
  byName: string,
): Promise<DealerNote | null> {
  const rows: { note: DealerNote }[] = await manager.query(
    `INSERT INTO dealer_notes AS n (dealer_id, note_text, created_by_name)
     SELECT dealer_id, $2, $3 FROM dealers WHERE dealer_id = $1 RETURNING ${NOTE_JSON} AS note`,
    [dealerId, text, byName],
  );
  return rows[0]?.note ?? null;
}
