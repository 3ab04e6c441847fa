import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFileObjectStore, createS3ObjectStore, type ObjectStore } from '@portal/platform';
import { type S3TestServer, startS3TestServer } from '@portal/platform/testing/s3-test-server';
import sharp from 'sharp';
import { IMAGES } from '../../platform/test/storage/image-fixtures';
import { jpegOfSize, type MediaTest, photo, startMedia, TEN_MB, tokenAt } from './support/media';

let s3: S3TestServer;
let tmp: string;

beforeAll(async () => {
  s3 = await startS3TestServer();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'media-pictures-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);

const stores: Array<[string, () => ObjectStore]> = [
  ['the file store', () => createFileObjectStore({ dir: path.join(tmp, Math.random().toString(36).slice(2)) })],
  [
    'the S3 store (s3rver)',
    () =>
      createS3ObjectStore({
        ...s3,
        bucket: `media-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      }),
  ],
];

describe.each(stores)('the picture library on %s', (storeName, makeStore) => {
  let t: MediaTest;
  const api = () => t.media.http();

  beforeAll(async () => {
    t = await startMedia('media_pictures', makeStore());
  });
  afterAll(() => t?.stop());

  function upload(
    file: Buffer | null,
    filename = 'blind.jpg',
    fields: Record<string, string> = { title: 'Blind at dawn' },
  ) {
    const req = api().post('/api/admin/upload-picture').set(t.admin);
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return file ? req.attach('picture', file, filename) : req;
  }

  async function uploaded(
    fields: Record<string, string> = { title: 'Blind at dawn' },
    file?: Buffer,
    name = 'blind.jpg',
  ) {
    const res = await upload(file ?? (await photo(1200, 900)), name, fields);
    expect(res.status).toBe(200);
    return res.body.picture as Record<string, string | number | null>;
  }

  describe('upload', () => {
    it('When an admin uploads a picture with title, description and category, Then it is listed with the spec fields and its size in bytes', async () => {
      const bytes = await photo(1200, 900);

      const res = await upload(bytes, 'dawn.jpg', {
        title: 'Dawn',
        description: 'Ridge blind at dawn',
        category: 'Field',
      });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Picture uploaded successfully!' });
      expect(res.body.picture).toMatchObject({
        title: 'Dawn',
        description: 'Ridge blind at dawn',
        category: 'Field',
        file_size: bytes.length,
      });
      const list = await api().get('/api/admin/pictures').set(t.admin);
      expect(
        list.body.pictures.find((p: { picture_id: string }) => p.picture_id === res.body.picture.picture_id),
      ).toEqual(res.body.picture);
    });

    it('When no file is sent, or a zero-byte one, Then 400 "Error: Please select a file first"', async () => {
      for (const res of [await upload(null), await upload(Buffer.alloc(0), 'empty.png')]) {
        expect(res.status).toBe(400);
        expect(res.body.detail).toBe('Error: Please select a file first');
      }
    });

    it('When the title is missing or blank, Then 400 "Error: Please enter a title"', async () => {
      const noTitles: Record<string, string>[] = [{}, { title: '   ' }];
      for (const fields of noTitles) {
        const res = await upload(IMAGES.png, 'a.png', fields);
        expect(res.status).toBe(400);
        expect(res.body.detail).toBe('Error: Please enter a title');
      }
    });

    it.each([
      ['a text file named .png', Buffer.from('just some text, not a picture'), 'photo.png'],
      ['an SVG', SVG, 'logo.svg'],
      ['an SVG named .png', SVG, 'logo.png'],
      ['a PNG signature with no image after it', IMAGES.png.subarray(0, 24), 'broken.png'],
    ])(
      'When %s is uploaded, Then 415 "Error: Please select an image file" and nothing is stored',
      async (_what, bytes, name) => {
        const before = (await t.objects.list('pictures/')).sort();

        const res = await upload(bytes, name);

        expect(res.status).toBe(415);
        expect(res.body.detail).toBe('Error: Please select an image file');
        expect((await t.objects.list('pictures/')).sort()).toEqual(before);
      },
    );

    it.each(['../../etc/passwd.jpg', '..\\..\\windows\\win.jpg', '/tmp/x.jpg', '..'])(
      'When the file name is the path %j, Then 400 and nothing is stored',
      async (name) => {
        const before = (await t.objects.list('pictures/')).sort();

        // sent as the raw name through form-data's `filepath` (its `filename` would keep only the last segment);
        // superagent hands the options to form-data, but its types list only filename and contentType
        const rawName: { filepath: string; contentType: string } = { filepath: name, contentType: 'image/jpeg' };
        const res = await api()
          .post('/api/admin/upload-picture')
          .set(t.admin)
          .field('title', 'Traversal')
          .attach('picture', IMAGES.jpeg, rawName);

        expect(res.status).toBe(400);
        expect(res.body.detail).toBe('Error: Invalid file name');
        expect((await t.objects.list('pictures/')).sort()).toEqual(before);
      },
    );

    it('When a picture of exactly 10 MB is uploaded, Then it is accepted; 10 MB + 1 byte is refused with 413 and the spec message', async () => {
      const atLimit = await jpegOfSize(TEN_MB);
      const over = Buffer.concat([atLimit, Buffer.alloc(1)]);

      const ok = await upload(atLimit, 'big.jpg');
      const refused = await upload(over, 'bigger.jpg');

      expect(ok.status).toBe(200);
      expect(ok.body.picture.file_size).toBe(TEN_MB);
      expect(refused.status).toBe(413);
      expect(refused.body.detail).toBe('Error: File must be less than 10MB');
    });
  });

  describe('both or neither', () => {
    it('When the row cannot be written, Then the upload fails and the objects already stored are removed again', async () => {
      const db = t.media.service.ctx.db;
      await db.query(`CREATE FUNCTION media.refuse_picture() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'the database refuses'; END $$`);
      await db.query(
        'CREATE TRIGGER refuse_picture BEFORE INSERT ON media.pictures FOR EACH ROW EXECUTE FUNCTION media.refuse_picture()',
      );
      const before = (await t.objects.list('pictures/')).sort();
      try {
        const res = await upload(await photo(800, 600), 'lost.jpg', { title: 'Lost' });

        expect(res.status).toBe(500);
        expect((await t.objects.list('pictures/')).sort()).toEqual(before);
      } finally {
        await db.query('DROP TRIGGER refuse_picture ON media.pictures');
        await db.query('DROP FUNCTION media.refuse_picture()');
      }
    });
  });

  describe('what grids load', () => {
    it('When either list is read, Then newest comes first and every URL is a small WebP rendition, never the original', async () => {
      const older = await uploaded({ title: 'Older' }, await photo(3000, 2000), 'older.jpg');
      const newer = await uploaded({ title: 'Newer' }, await photo(900, 1800, 'png'), 'newer.png');

      for (const [path, auth] of [
        ['/api/admin/pictures', t.admin],
        ['/api/dealer/available-pictures', t.dealer],
      ] as const) {
        const list = await api().get(path).set(auth);
        expect(list.status).toBe(200);
        const ids = list.body.pictures.map((p: { picture_id: string }) => p.picture_id);
        expect(ids.indexOf(newer.picture_id)).toBeLessThan(ids.indexOf(older.picture_id));
        for (const p of list.body.pictures as Array<Record<string, string>>) {
          for (const [field, box] of [
            ['thumbnail_url', 320],
            ['preview_url', 800],
            ['file_url', 800],
          ] as const) {
            const url = p[field] as string;
            expect(url).toMatch(/^\/api\/picture-files\/[0-9a-f-]{36}-[0-9a-f]{24}-(320|800)\.webp$/);
            const file = await api().get(url).buffer(true);
            expect(file.status).toBe(200);
            expect(file.headers['content-type']).toBe('image/webp');
            const meta = await sharp(file.body).metadata();
            expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(box);
          }
        }
      }
      const thumb = await api()
        .get(older.thumbnail_url as string)
        .buffer(true);
      expect(await sharp(thumb.body).metadata()).toMatchObject({ width: 320, height: 213 });
    });

    it('When a picture file is fetched again with its ETag, Then 304, cached for a year, nosniff', async () => {
      const p = await uploaded();
      const first = await api().get(p.thumbnail_url as string);

      const again = await api()
        .get(p.thumbnail_url as string)
        .set('If-None-Match', first.headers.etag as string);

      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(again.status).toBe(304);
    });

    it("When someone asks the public route for a picture's original by its key's name, Then 404", async () => {
      const p = await uploaded();
      const [originalKey] = (await t.objects.list(`pictures/${p.picture_id}/`)).filter((k) => k.includes('-original.'));
      const guessed = (originalKey as string).replace('pictures/', '').replace('/', '-');

      const res = await api().get(`/api/picture-files/${guessed}`);

      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Error: Picture not found');
    });
  });

  describe('delete', () => {
    it('When an admin deletes a picture, Then its row and every object (original and renditions) are gone', async () => {
      const p = await uploaded();
      expect(await t.objects.list(`pictures/${p.picture_id}/`)).toHaveLength(3);

      const res = await api().delete(`/api/admin/delete-picture/${p.picture_id}`).set(t.admin);

      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(await t.objects.list(`pictures/${p.picture_id}/`)).toEqual([]);
      const list = await api().get('/api/admin/pictures').set(t.admin);
      expect(list.body.pictures.map((x: { picture_id: string }) => x.picture_id)).not.toContain(p.picture_id);
      expect((await api().get(p.thumbnail_url as string)).status).toBe(404);
    });

    it('When the picture does not exist (or the id is no id), Then a clean 404 with a detail', async () => {
      for (const id of ['3f1c2a9e-1b2c-4d5e-8f90-123456789abc', 'not-a-uuid']) {
        const res = await api().delete(`/api/admin/delete-picture/${id}`).set(t.admin);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Error: Picture not found' });
      }
    });
  });

  describe('roles', () => {
    it('When a dealer, a delivery user or nobody calls the admin picture routes, Then 403 (401 without a token) and nothing changes', async () => {
      const p = await uploaded();
      const delivery = { authorization: `Bearer ${t.media.tokenFor({ role: 'delivery' })}` };
      for (const auth of [t.dealer, delivery]) {
        expect((await api().get('/api/admin/pictures').set(auth)).status).toBe(403);
        expect(
          (
            await api()
              .post('/api/admin/upload-picture')
              .set(auth)
              .field('title', 'x')
              .attach('picture', IMAGES.png, 'a.png')
          ).status,
        ).toBe(403);
        expect((await api().delete(`/api/admin/delete-picture/${p.picture_id}`).set(auth)).status).toBe(403);
      }
      expect((await api().get('/api/admin/pictures')).status).toBe(401);
      expect((await api().post('/api/admin/upload-picture').attach('picture', IMAGES.png, 'a.png')).status).toBe(401);
      expect(await t.objects.list(`pictures/${p.picture_id}/`)).toHaveLength(3);
    });

    it('When an admin or nobody calls the dealer picture routes, Then 403 (401 without a token)', async () => {
      const p = await uploaded();
      expect((await api().get('/api/dealer/available-pictures').set(t.admin)).status).toBe(403);
      expect((await api().post(`/api/dealer/download-picture/${p.picture_id}`).set(t.admin)).status).toBe(403);
      expect((await api().get('/api/dealer/available-pictures')).status).toBe(401);
      expect((await api().post(`/api/dealer/download-picture/${p.picture_id}`)).status).toBe(401);
    });
  });

  describe('dealer download', () => {
    it('When a dealer asks for a download, Then a short-lived URL downloads the original bytes as an attachment under the uploaded name', async () => {
      const original = await photo(1000, 700, 'png');
      const p = await uploaded({ title: 'Dawn blind' }, original, 'Dawn blind – Ozark.png');

      const res = await api().post(`/api/dealer/download-picture/${p.picture_id}`).set(t.dealer);

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, filename: 'Dawn blind – Ozark.png', title: 'Dawn blind' });
      const url = res.body.download_url as string;
      const file = url.startsWith('/') ? await api().get(url).buffer(true) : await fetchAll(url);
      expect(file.status).toBe(200);
      expect(Buffer.from(file.body).equals(original)).toBe(true);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="Dawn blind _ Ozark.png"; filename*=UTF-8''Dawn%20blind%20%E2%80%93%20Ozark.png`,
      );
      if (storeName === 'the file store') {
        expect(url).toMatch(/^\/api\/picture-downloads\//);
        expect(file.headers['content-type']).toBe('image/png');
        expect(file.headers['cache-control']).toBe('private, no-store');
      } else {
        expect(url).toContain(s3.endPoint); // presigned by the S3 server: the bytes never pass through the portal
        expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
      }
    });

    it('When the picture does not exist, Then 404 with a detail', async () => {
      const res = await api().post('/api/dealer/download-picture/3f1c2a9e-1b2c-4d5e-8f90-123456789abc').set(t.dealer);

      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Error: Picture not found');
    });
  });
});

/** fetch, shaped like supertest's answer */
async function fetchAll(url: string) {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: Object.fromEntries(res.headers) };
}

describe('signed download links (the file store)', () => {
  let t: MediaTest;
  const api = () => t.media.http();
  let pictureId: string;

  beforeAll(async () => {
    t = await startMedia('media_downloads', createFileObjectStore({ dir: path.join(tmp, 'downloads') }));
    const res = await api()
      .post('/api/admin/upload-picture')
      .set(t.admin)
      .field('title', 'Signed')
      .attach('picture', await photo(400, 300), 'signed.jpg');
    pictureId = res.body.picture.picture_id;
  });
  afterAll(() => t?.stop());

  it('When a link is used before it expires, Then it downloads', async () => {
    const res = await api().get(`/api/picture-downloads/${tokenAt(pictureId, new Date())}`);

    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="signed.jpg"');
  });

  it('When a link has expired, Then 410 with a clear detail and no bytes', async () => {
    const madeSixMinutesAgo = new Date(Date.now() - 6 * 60_000);

    const res = await api().get(`/api/picture-downloads/${tokenAt(pictureId, madeSixMinutesAgo)}`);

    expect(res.status).toBe(410);
    expect(res.body.detail).toBe('Error: This download link has expired. Please start the download again.');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('When a link is altered (its expiry stretched, another id, a forged signature), Then 403', async () => {
    const token = tokenAt(pictureId, new Date(Date.now() - 6 * 60_000));
    const [id, expires, signature] = token.split('.') as [string, string, string];
    const other = '3f1c2a9e-1b2c-4d5e-8f90-123456789abc';
    for (const altered of [
      `${id}.${Number(expires) + 3600}.${signature}`,
      `${other}.${expires}.${signature}`,
      `${id}.${expires}.${'A'.repeat(43)}`,
      'nonsense',
    ]) {
      const res = await api().get(`/api/picture-downloads/${altered}`);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('Error: This download link is not valid. Please start the download again.');
    }
  });

  it('When a link was signed with another key, Then 403', async () => {
    const { createDownloadTokens } = await import('@portal/platform');
    const forged = createDownloadTokens({ key: 'z'.repeat(40), ttlSeconds: 300, purpose: 'picture-download' }).sign(
      pictureId,
    );

    expect((await api().get(`/api/picture-downloads/${forged}`)).status).toBe(403);
  });

  it('When a dealer asks for a link, Then it works through the route and names no file-system path', async () => {
    const res = await api().post(`/api/dealer/download-picture/${pictureId}`).set(t.dealer);

    expect(res.body.download_url).toMatch(/^\/api\/picture-downloads\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect((await api().get(res.body.download_url)).status).toBe(200);
  });

  it('When the picture is deleted, Then a still-valid link answers 404', async () => {
    const res = await api()
      .post('/api/admin/upload-picture')
      .set(t.admin)
      .field('title', 'Doomed')
      .attach('picture', IMAGES.gif, 'doomed.gif');
    const id = res.body.picture.picture_id;
    const link = (await api().post(`/api/dealer/download-picture/${id}`).set(t.dealer)).body.download_url;
    await api().delete(`/api/admin/delete-picture/${id}`).set(t.admin);

    const after = await api().get(link);

    expect(after.status).toBe(404);
  });

  it('When a picture is stored, Then its objects are plain files under its folder, named by random keys, not by the upload', async () => {
    const dir = path.join(tmp, 'downloads', 'pictures', pictureId);
    const names = await readdir(dir);

    expect(names).toHaveLength(3);
    expect(names.join(' ')).not.toContain('signed');
  });
});

describe('presigned S3 download links', () => {
  it('When a presigned link is used after DOWNLOAD_URL_TTL_SECONDS, Then the S3 server refuses it', async () => {
    // links are signed 5 s in the past: a 1 s link is expired when it is issued, one of the default TTL would not be
    const store = createS3ObjectStore({
      ...s3,
      bucket: `media-ttl-${Date.now().toString(36)}`,
      now: () => new Date(Date.now() - 5000),
    });
    const t = await startMedia('media_presign', store, { DOWNLOAD_URL_TTL_SECONDS: '1' });
    try {
      const up = await t.media
        .http()
        .post('/api/admin/upload-picture')
        .set(t.admin)
        .field('title', 'Short')
        .attach('picture', IMAGES.png, 'short.png');
      const link = await t.media
        .http()
        .post(`/api/dealer/download-picture/${up.body.picture.picture_id}`)
        .set(t.dealer);

      const res = await fetch(link.body.download_url);

      expect(res.status).toBe(403);
    } finally {
      await t.stop();
    }
  });
});
