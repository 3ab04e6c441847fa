import type { DealerNote } from '@portal/contracts';
import { type KeysetOrders, type Page, readPage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { iso } from './dealer-columns';

/** A note as the contract shows it; the date is formatted for people (US style, UTC). */
const NOTE_JSON = `json_build_object(
  'note_id', n.note_id, 'note_text', n.note_text, 'created_by_name', n.created_by_name,
  'created_at', ${iso('n.created_at')},
  'formatted_date', to_char(n.created_at AT TIME ZONE 'UTC', 'FMMon FMDD, YYYY "at" FMHH12:MI AM "UTC"'))`;

/** A dealer's notes by date, tie-broken by id: newest first unless the client sorts by `created_at`. */
const NOTE_ORDERS: KeysetOrders<'created_at'> = {
  sorts: { created_at: [{ sql: 'n.created_at', type: 'timestamptz' }] },
  tieBreaker: { sql: 'n.note_id', type: 'uuid' },
  defaultSort: '-created_at',
};

/**
 * A page of a dealer's notes (or, without limit and cursor, all of them), read from dealer_notes_page_idx;
 * null when the dealer does not exist (asked only when no note was found).
 */
export async function listNotes(
  manager: EntityManager,
  dealerId: string,
  request: { limit?: number; cursor?: string; sort?: string },
): Promise<Page<{ note: DealerNote }> | null> {
  const page = await readPage<{ note: DealerNote }, 'created_at'>(manager, NOTE_ORDERS, request, {
    select: `${NOTE_JSON} AS note`,
    from: 'FROM dealer_notes n',
    where: ['n.dealer_id = $1'],
    params: [dealerId],
    filterKey: { dealerId },
  });
  if (page.rows.length === 0 && request.cursor === undefined) {
    const rows: unknown[] = await manager.query('SELECT 1 FROM dealers WHERE dealer_id = $1', [dealerId]);
    if (rows.length === 0) return null;
  }
  return page;
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
