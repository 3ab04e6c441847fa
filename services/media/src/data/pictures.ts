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
const SELECT = `SELECT ${COLUMNS.filter((c) => c !== 'file_size').join(', ')}, file_size::int AS file_size, created_at FROM pictures`;

export async function insertPicture(
  manager: EntityManager,
  picture: Omit<PictureRecord, 'created_at'>,
): Promise<PictureRecord> {
  const rows: PictureRecord[] = await manager.query(
    `INSERT INTO pictures (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING ${COLUMNS.filter((c) => c !== 'file_size').join(', ')}, file_size::int AS file_size, created_at`,
    COLUMNS.map((c) => picture[c]),
  );
  const row = rows[0];
  if (!row) throw new Error('the picture insert answered no row');
  return row;
}

/** The library, newest first. */
export function listPictures(manager: EntityManager): Promise<PictureRecord[]> {
  return manager.query(`${SELECT} ORDER BY created_at DESC, picture_id`);
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
