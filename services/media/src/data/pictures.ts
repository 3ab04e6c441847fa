import { containsPattern, type KeysetOrders, type Page, type PageRequest, readPage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { PictureRecord } from '../domain/picture-files';

/** The columns of a picture row, in insert order (the table mirrors PictureRecord). */
const COLUMNS = [
  'picture_id',
  'title',
  'description',
  'category',
  'original_key',
  'original_name',
  'content_type',
  'file_size',
  'thumbnail_key',
  'preview_key',
] as const satisfies readonly (keyof PictureRecord)[];

// file_size is bigint in the table (no 2 GB ceiling); every picture is at most 10 MB, so int is exact here
const RECORD = `${COLUMNS.filter((c) => c !== 'file_size').join(', ')}, file_size::int AS file_size, created_at`;
const SELECT = `SELECT ${RECORD} FROM pictures`;

export async function insertPicture(
  manager: EntityManager,
  picture: Omit<PictureRecord, 'created_at'>,
): Promise<PictureRecord> {
  const rows: PictureRecord[] = await manager.query(
    `INSERT INTO pictures (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING ${RECORD}`,
    COLUMNS.map((c) => picture[c]),
  );
  const row = rows[0];
  if (!row) throw new Error('the picture insert answered no row');
  return row;
}

export type PictureSort = 'created_at' | 'title';

/** The orders of the library: newest first, or by title. */
const PICTURE_ORDERS: KeysetOrders<PictureSort> = {
  sorts: {
    created_at: [{ sql: 'created_at', type: 'timestamptz' }],
    title: [{ sql: 'title', type: 'text' }],
  },
  tieBreaker: { sql: 'picture_id', type: 'uuid' },
  defaultSort: '-created_at',
};

/** The library, newest first unless sorted, searched by title and description; a page when asked for. */
export async function listPictures(
  manager: EntityManager,
  filter: { q?: string } = {},
  request: PageRequest = {},
): Promise<Page<PictureRecord>> {
  return readPage<PictureRecord & Record<string, unknown>, PictureSort>(manager, PICTURE_ORDERS, request, {
    select: RECORD,
    from: 'FROM pictures',
    // each from its trigram index
    where: filter.q ? ['title ILIKE $1 OR description ILIKE $1'] : [],
    params: filter.q ? [containsPattern(filter.q)] : [],
    filterKey: filter,
  });
}

export async function findPicture(manager: EntityManager, pictureId: string): Promise<PictureRecord | null> {
  const rows: PictureRecord[] = await manager.query(`${SELECT} WHERE picture_id = $1`, [pictureId]);
  return rows[0] ?? null;
}

/** The picture, locked until the transaction ends (its objects are removed before the row goes). */
export async function lockPicture(manager: EntityManager, pictureId: string): Promise<PictureRecord | null> {
  const rows: PictureRecord[] = await manager.query(`${SELECT} WHERE picture_id = $1 FOR UPDATE`, [pictureId]);
  return rows[0] ?? null;
}

export async function deletePictureRow(manager: EntityManager, pictureId: string): Promise<void> {
  await manager.query('DELETE FROM pictures WHERE picture_id = $1', [pictureId]);
}
