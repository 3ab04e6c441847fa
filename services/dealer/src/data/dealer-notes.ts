import { type KeysetOrders, type Page, readPage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { NoteRecord } from '../domain/dealer-note';
import { iso } from './dealer-columns';

/**
 * A note as stored (its instant in UTC): the use case writes the date for people, in the system timezone with
 * the zone's abbreviation, which to_char gives only for the session's zone.
 */
const NOTE_JSON = `json_build_object(
  'note_id', n.note_id, 'note_text', n.note_text, 'created_by_name', n.created_by_name,
  'created_at', ${iso('n.created_at')})`;

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
): Promise<Page<{ note: NoteRecord }> | null> {
  const page = await readPage<{ note: NoteRecord }, 'created_at'>(manager, NOTE_ORDERS, request, {
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
): Promise<NoteRecord | null> {
  const rows: { note: NoteRecord }[] = await manager.query(
    `INSERT INTO dealer_notes AS n (dealer_id, note_text, created_by_name)
     SELECT dealer_id, $2, $3 FROM dealers WHERE dealer_id = $1 RETURNING ${NOTE_JSON} AS note`,
    [dealerId, text, byName],
  );
  return rows[0]?.note ?? null;
}
