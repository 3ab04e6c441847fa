import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import {
  createFileObjectStore,
  createS3ObjectStore,
  type ObjectStore,
  objectETag,
  serveObject,
} from '../../src/storage';
import { type S3TestServer, startS3TestServer } from '../../src/testing/s3-test-server';
import { IMAGES } from './image-fixtures';

let s3: S3TestServer;
let tmp: string;

beforeAll(async () => {
  s3 = await startS3TestServer();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'serve-object-'));
});

afterAll(async () => {
  await s3?.stop();
  await rm(tmp, { recursive: true, force: true });
});

/** An app serving `/files/<key>` from the store, as a service's public image route does. */
function appServing(store: ObjectStore, opts: Parameters<typeof serveObject>[3] = {}) {
  const app = express();
  app.get('/files/*key', async (req, res, next) => {
    try {
      await serveObject(res, store, (req.params as { key: string[] }).key.join('/'), opts);
    } catch (err) {
      next(err);
    }
  });
  return app;
}

describe.each([
  [
    'the S3 store (s3rver)',
    () => createS3ObjectStore({ ...s3, bucket: `serve-${Math.random().toString(36).slice(2, 10)}` }),
  ],
  ['the file store', () => createFileObjectStore({ dir: path.join(tmp, Math.random().toString(36).slice(2)) })],
])('serveObject from %s', (_name, makeStore) => {
  let store: ObjectStore;

  beforeEach(async () => {
    store = makeStore();
    await store.ready();
    // the key says .png, the bytes are a GIF: the stored (detected) type wins, never the name
    await store.put('images/p1/abc.png', IMAGES.gif, 'image/gif');
  });

  it('When an object is asked for, Then its bytes come with the stored type, nosniff, a strong ETag and an immutable lifetime', async () => {
    const res = await request(appServing(store)).get('/files/images/p1/abc.png').buffer(true);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['content-length']).toBe(String(IMAGES.gif.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(objectETag('images/p1/abc.png'));
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/); // strong: no W/
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.from(res.body).equals(IMAGES.gif)).toBe(true);
  });

  it('When If-None-Match carries its ETag, Then 304 with no body', async () => {
    const app = appServing(store);
    const first = await request(app).get('/files/images/p1/abc.png');

    const again = await request(app)
      .get('/files/images/p1/abc.png')
      .set('If-None-Match', `"other", ${first.headers.etag}`);

    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toContain('immutable');
    expect(again.text ?? '').toBe('');
  });

  it('When If-None-Match carries another ETag, Then the full object is answered', async () => {
    const res = await request(appServing(store)).get('/files/images/p1/abc.png').set('If-None-Match', '"stale"');

    expect(res.status).toBe(200);
  });

  it('When the object is absent, Then a JSON 404 with the detail, kept by no cache', async () => {
    const res = await request(appServing(store, { notFound: 'Error: No such picture' })).get(
      '/files/images/p1/gone.png',
    );

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Error: No such picture' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).not.toBe(objectETag('images/p1/gone.png'));
  });

  it('When a download name is given, Then it is answered as an attachment with that name', async () => {
    const res = await request(
      appServing(store, { downloadName: 'Blind "A"/x.gif', cacheControl: 'private, no-store' }),
    ).get('/files/images/p1/abc.png');

    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Blind _A__x.gif"; filename*=UTF-8''Blind%20%22A%22_x.gif`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
