import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFileObjectStore } from '@portal/platform';
import { readAllPages, readWholeList } from '@portal/platform/testing';
import { type MediaTest, startMedia } from './support/media';

/**
 * GET /api/admin/pictures in pages (issue 18): without parameters the whole library newest first, as before;
 * with limit/cursor keyset pages that concatenate to it for every sort, searched by title and description.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

const PATH = '/api/admin/pictures';
let t: MediaTest;
let tmp: string;
const db = () => t.media.service.ctx.db;

/** Pictures stored as an upload leaves them (keys of the right shape), `created_at` as given. */
async function addPictures(rows: { title: string; description: string | null; created_at: string }[]) {
  const added: { picture_id: string }[] = await db().query(
    `INSERT INTO pictures (picture_id, title, description, category, original_key, original_name, content_type,
                           file_size, thumbnail_key, preview_key, created_at)
     SELECT id, p.title, p.description, 'Showroom', 'pictures/' || id || '/' || r || '-original.jpg', 'photo.jpg',
            'image/jpeg', 1000 + length(p.title), 'pictures/' || id || '/' || r || '-320.webp',
            'pictures/' || id || '/' || r || '-800.webp', p.created_at
       FROM (SELECT gen_random_uuid() AS id, left(md5(random()::text), 24) AS r, *
               FROM jsonb_to_recordset($1::jsonb) AS j(title text, description text, created_at timestamptz)) p
     RETURNING picture_id`,
    [JSON.stringify(rows)],
  );
  return added.map((row) => row.picture_id);
}

const list = (query: Record<string, string | number> = {}, auth = t.admin) =>
  t.media.http().get(PATH).query(query).set(auth);

const whole = (query: Record<string, string> = {}) => readWholeList<Json>(list, 'pictures', query);

const pages = (query: Record<string, string>, limit: number) => readAllPages<Json>(list, 'pictures', query, limit);

const ids = (rows: readonly Json[]) => rows.map((row) => row.picture_id as string);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'media-picture-list-'));
  t = await startMedia('media_picture_list', createFileObjectStore({ dir: tmp }));
  // 21 pictures: three share a moment, titles repeat, some have no description, one holds % and _
  const titles = ['Bay window', 'Roller blinds', 'Patio shade', 'Kitchen 50% off', 'Nursery_blackout', 'Bay window'];
  await addPictures(
    Array.from({ length: 21 }, (_, i) => ({
      title: titles[i % titles.length] as string,
      description: i % 3 === 0 ? null : `Installed in ${i % 2 ? 'Austin' : 'Denver'}, shot ${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1 + (i < 3 ? 0 : i))).toISOString(),
    })),
  );
});
afterAll(async () => {
  await t?.stop();
  await rm(tmp, { recursive: true, force: true });
});

describe('GET /api/admin/pictures without parameters', () => {
  test('When no parameter is given, Then the whole library comes newest first, as the dealer sees it too', async () => {
    const rows = await whole();
    const stored: { picture_id: string }[] = await db().query(
      'SELECT picture_id FROM pictures ORDER BY created_at DESC, picture_id DESC',
    );
    expect(rows).toHaveLength(21);
    expect(ids(rows)).toEqual(stored.map((row) => row.picture_id));
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'picture_id',
        'title',
        'description',
        'category',
        'file_url',
        'file_size',
        'created_at',
        'thumbnail_url',
        'preview_url',
      ].sort(),
    );
    const dealer = await t.media.http().get('/api/dealer/available-pictures').set(t.dealer);
    expect(dealer.status).toBe(200);
    expect(dealer.body).toEqual({ success: true, pictures: rows });
  });
});

describe('GET /api/admin/pictures in pages', () => {
  test.each(['created_at', '-created_at', 'title', '-title'])(
    'When the library sorted by %s is read in pages of 4, Then the pages concatenate to the whole library sorted so',
    async (sort) => {
      const all = await whole({ sort });
      const { rows, totals } = await pages({ sort }, 4);
      expect(rows).toEqual(all);
      expect(new Set(totals)).toEqual(new Set([21]));
      if (sort.endsWith('title')) {
        const titles = all.map((row) => row.title as string);
        const sorted = [...titles].sort((a, b) => a.localeCompare(b));
        expect(titles).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted);
      }
    },
  );

  test('When no sort is given, Then the pages follow the default order, newest first', async () => {
    expect((await pages({}, 5)).rows).toEqual(await whole());
    expect(await whole({ sort: '-created_at' })).toEqual(await whole());
  });

  test('When a picture is uploaded between two page reads, Then no picture repeats and none is skipped', async () => {
    for (const [sort, created] of [
      ['-created_at', '2026-06-01T00:00:00Z'],
      ['created_at', '2026-06-01T00:00:00Z'],
      ['-created_at', '2026-01-01T00:00:00Z'], // at the very moment of three others, deep in the list
      ['title', '2026-03-01T00:00:00Z'],
    ] as const) {
      const before = await whole({ sort });
      const first = await list({ sort, limit: 4 });
      const [added] = await addPictures([{ title: 'Bay window', description: null, created_at: created }]);
      const seen: Json[] = [...first.body.pictures];
      let cursor: string | null = first.body.next_cursor;
      while (cursor) {
        const res = await list({ sort, limit: 4, cursor });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(before.length);
        seen.push(...res.body.pictures);
        cursor = res.body.next_cursor;
      }
      const seenIds = ids(seen);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(seenIds.filter((id) => id !== added)).toEqual(ids(before));
      await db().query('DELETE FROM pictures WHERE picture_id = $1', [added]);
    }
  });
});

describe('GET /api/admin/pictures searched', () => {
  const matches = (row: Json, q: string) =>
    [row.title, row.description].some((text) =>
      String(text ?? '')
        .toLowerCase()
        .includes(q.toLowerCase()),
    );

  test.each([
    ['a title, in any case', 'BAY WIN'],
    ['a description', 'austin'],
    ['a literal %', '50%'],
    ['a literal _', 'y_b'],
  ])('When q is %s, Then exactly the pictures it names come, in pages too', async (_what, q) => {
    const everything = await whole();
    const expected = everything.filter((row) => matches(row, q));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);
    expect(await whole({ q })).toEqual(expected);
    const { rows, totals } = await pages({ q, sort: 'title' }, 2);
    expect(rows).toEqual(await whole({ q, sort: 'title' }));
    expect(totals[0]).toBe(expected.length);
  });

  test('When q is blank, Then it searches nothing; when nothing matches, Then the list is empty', async () => {
    expect(await whole({ q: '  ' })).toEqual(await whole());
    const res = await list({ q: 'no such picture', limit: 10 });
    expect(res.body).toEqual({ success: true, pictures: [], next_cursor: null, total: 0 });
  });
});

describe('GET /api/admin/pictures refuses bad parameters', () => {
  test.each([
    [{ limit: '0' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: '500' }, 'limit: must be a whole number from 1 to 200'],
    [{ sort: 'file_size' }, 'sort: must be one of'],
    [{ q: 'x'.repeat(201) }, 'q: must be at most 200 characters'],
    [{ cursor: '%%%' }, 'cursor: must be the next_cursor of the previous page'],
    [{ category: 'Showroom' }, 'Unknown parameter "category"'],
  ])('When the query is %j, Then 400 names the parameter', async (query, detail) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  test('When a cursor of another sort or search is sent, Then 400 names the cursor', async () => {
    const cursor = (await list({ limit: 2 })).body.next_cursor as string;
    for (const query of [{ sort: 'title' }, { q: 'bay' }] as Record<string, string>[]) {
      const res = await list({ ...query, limit: 2, cursor });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^cursor: /);
    }
  });

  test('When a dealer asks for the admin list, Then 403', async () => {
    expect((await list({ limit: 5 }, t.dealer)).status).toBe(403);
  });
});
