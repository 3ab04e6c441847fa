import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UNSTORABLE_TEXT } from '@portal/contracts';
import { defineService, type RunningService, SENT, startService } from '@portal/platform';
import type express from 'express';
import request from 'supertest';
import { IMAGES } from '../storage/image-fixtures';
import { getWithHeaders, hugeHeader, manyHeaders, sendRaw } from './support/raw-client';
import {
  bearerFor,
  createTestEnvironment,
  handlersFor,
  recordWrite,
  type TestEnvironment,
  USERS,
  Writes1763000000000,
  writeCount,
} from './support/test-service';

/** Answers what the handler received, so a test sees the body exactly as validated. */
const echo = async (input: { body: unknown; params: unknown; res: express.Response }): Promise<typeof SENT> => {
  input.res.json({ body: input.body, params: input.params });
  return SENT;
};

const dealerService = defineService({
  name: 'dealer',
  migrations: [Writes1763000000000],
  handlers: handlersFor('dealer', {
    'admin.addDealerNote': async (input, ctx) => {
      await recordWrite(ctx, 'admin.addDealerNote', input.body);
      return echo(input);
    },
    'admin.bulkImportDealers': echo,
    'public.dealerWebsite': async ({ res }) => {
      res.type('html').send('<p>site</p>');
      return SENT;
    },
  }),
});

let t: TestEnvironment;
let dealer: RunningService;
let bearer: ReturnType<typeof bearerFor>;
let mediaApp: express.Express;

const mediaService = defineService({
  name: 'media',
  migrations: [Writes1763000000000],
  handlers: handlersFor('media', {
    'admin.uploadPicture': async ({ body, files }, ctx) => {
      await recordWrite(ctx, 'admin.uploadPicture', { title: body.title });
      const url = `/files/${files.picture?.originalName}`;
      return {
        success: true as const,
        picture: {
          picture_id: 'p-1',
          title: body.title,
          description: null,
          category: null,
          file_url: url,
          file_size: files.picture?.size ?? 0,
          created_at: new Date().toISOString(),
          thumbnail_url: url,
          preview_url: url,
        },
      };
    },
  }),
});
let media: RunningService;

beforeAll(async () => {
  t = await createTestEnvironment('platform_bad_input');
  dealer = await startService(dealerService, t.env, { revocations: t.revocations });
  media = await startService(
    mediaService,
    { ...t.env, DATABASE_URL: t.env.DATABASE_URL },
    { revocations: t.revocations },
  );
  mediaApp = media.app;
  bearer = bearerFor(t.keys.privateKey);
});

afterAll(async () => {
  await media?.stop();
  await dealer?.stop();
  await t?.cleanUp();
});

const addNote = () =>
  request(dealer.app).post('/api/admin/add-dealer-note/D123').set('authorization', bearer(USERS.admin));

/** Sends raw bytes with the given content type to the running service (supertest would fix the body up). */
function rawPost(
  service: RunningService,
  path: string,
  contentType: string,
  body: string | Buffer,
): Promise<{ status: number; body: { detail?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: (service.server.address() as AddressInfo).port,
        method: 'POST',
        path,
        headers: { 'content-type': contentType, authorization: bearer(USERS.admin) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('Forms on endpoints that take no file (item 13)', () => {
  test('When note_text comes as multipart/form-data, Then the note is accepted like a JSON one', async () => {
    const res = await addNote().field('note_text', 'Called about the spring order');
    expect(res.status).toBe(200);
    expect(res.body.body).toEqual({ note_text: 'Called about the spring order' });
  });

  test('When note_text comes urlencoded, Then it is accepted too', async () => {
    const res = await addNote().type('form').send('note_text=Paid+in+full%21');
    expect(res.status).toBe(200);
    expect(res.body.body).toEqual({ note_text: 'Paid in full!' });
  });

  test('When a form to such an endpoint carries a file, Then 400 and nothing is written', async () => {
    const before = await writeCount(dealer.ctx, 'admin.addDealerNote');
    const res = await addNote().field('note_text', 'x').attach('note_file', IMAGES.png, 'a.png');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('This form takes no files');
    expect(await writeCount(dealer.ctx, 'admin.addDealerNote')).toBe(before);
  });
});

describe('Characters no database can keep (item 10)', () => {
  test.each([
    ['a NUL in JSON', { note_text: 'before\u0000after' }],
    ['a lone high surrogate in JSON', { note_text: 'broken \ud800 text' }],
    ['a lone low surrogate in JSON', { note_text: '\udc00' }],
  ])('When %s reaches a contract text field, Then 400 names the field', async (_name, body) => {
    const res = await addNote().send(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`note_text: ${UNSTORABLE_TEXT}`);
  });

  test('When a NUL comes in a urlencoded or multipart form, Then 400 names the field and nothing is written', async () => {
    const before = await writeCount(dealer.ctx, 'admin.addDealerNote');
    const form = await addNote().type('form').send('note_text=a%00b');
    expect([form.status, form.body.detail]).toEqual([400, `note_text: ${UNSTORABLE_TEXT}`]);
    const multipart = await addNote().field('note_text', 'a\u0000b');
    expect([multipart.status, multipart.body.detail]).toEqual([400, `note_text: ${UNSTORABLE_TEXT}`]);
    expect(await writeCount(dealer.ctx, 'admin.addDealerNote')).toBe(before);
  });

  test('When a path parameter holds a NUL, Then 400 names it', async () => {
    const res = await request(dealer.app)
      .post('/api/admin/add-dealer-note/D1%00')
      .set('authorization', bearer(USERS.admin))
      .send({ note_text: 'ok' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`dealer_id: ${UNSTORABLE_TEXT}`);
  });

  test('When a string the contract types loosely (a query parameter) holds a NUL, Then the router refuses it by name', async () => {
    const res = await request(dealer.app).get('/api/dealer-website/D123').query({ preview: 'a\u0000' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`preview: ${UNSTORABLE_TEXT}`);
  });

  test('When an import row has a NUL cell, Then the contract marks that row (the import goes on: one bad cell fails its row only)', async () => {
    const res = await request(dealer.app)
      .post('/api/admin/bulk-import-dealers')
      .set('authorization', bearer(USERS.admin))
      .send({ dealers: [{ email: 'a@example.com' }, { email: 'b@example.com', city: 'Spring\u0000field' }] });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('\\u0000');
  });

  test('When a multipart text field of an upload holds a NUL, Then 400 and nothing is written', async () => {
    const before = await writeCount(media.ctx, 'admin.uploadPicture');
    const res = await request(mediaApp)
      .post('/api/admin/upload-picture')
      .set('authorization', bearer(USERS.admin))
      .field('title', 'Snow\u0000')
      .attach('picture', IMAGES.png, 'snow.png');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`title: ${UNSTORABLE_TEXT}`);
    expect(await writeCount(media.ctx, 'admin.uploadPicture')).toBe(before);
  });
});

describe('Bodies that cannot be read (item 10)', () => {
  test.each([
    [
      'multipart without a boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\r\n--x--\r\n',
    ],
    [
      'truncated multipart',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nSnow\r\n--XYZ\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
  ])('When an upload is %s, Then 400 with a clear detail (never 500)', async (_name, type, body) => {
    const res = await rawPost(media, '/api/admin/upload-picture', type, body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^The multipart form could not be read/);
  });

  test.each([
    ['multipart without a boundary', 'multipart/form-data', 'note_text=x'],
    [
      'truncated multipart',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="note_text"\r\n\r\nhal',
    ],
    ['malformed JSON', 'application/json', '{"note_text": "x"'],
    ['JSON that is not an object', 'application/json', '"just a string"'],
    ['a urlencoded body in an unknown charset', 'application/x-www-form-urlencoded; charset=klingon', 'note_text=x'],
  ])('When a note arrives as %s, Then 4xx with a detail (never 500)', async (_name, type, body) => {
    const res = await rawPost(dealer, '/api/admin/add-dealer-note/D123', type, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.detail).toBe('string');
  });
});

describe('Requests Node refuses before the app sees them (issue 23)', () => {
  const url = () => `http://127.0.0.1:${(dealer.server.address() as AddressInfo).port}/healthz`;

  test.each([
    ['one 70 KB header', hugeHeader(70 * 1024)],
    ['2,000 header fields', manyHeaders(2000)],
  ])('When a request to a service carries %s, Then 431 JSON, read without a reset', async (_what, headers) => {
    const res = await getWithHeaders(url(), headers);

    expect(res.status).toBe(431);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request headers are too large.' });
  });

  test('When the bytes are not HTTP, or HTTP/1.1 comes without Host, Then 400 JSON with a detail', async () => {
    const garbage = await sendRaw(url(), 'NOT HTTP\r\n\r\n');
    const noHost = await sendRaw(url(), 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');

    expect(garbage).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\n\r\n\{"detail":"The request could not be read as HTTP\."\}$/);
    expect(noHost).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\n\r\n\{"detail":"The request has no Host header\."\}$/);
  });

  test('When the headers are within the limits, Then the service answers as usual', async () => {
    expect((await getWithHeaders(url(), { ...hugeHeader(8 * 1024), ...manyHeaders(50) })).status).toBe(200);
  });
});

describe('Caching of answers (item 11)', () => {
  test('When a signed-in endpoint answers (success or refusal), Then it says Cache-Control: no-store', async () => {
    const ok = await addNote().send({ note_text: 'fine' });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await addNote().send({ note_text: '' });
    expect(refused.status).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    const anonymous = await request(dealer.app).post('/api/admin/add-dealer-note/D123').send({ note_text: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  test('When a public page answers, Then the router adds no no-store (it may be cached)', async () => {
    const res = await request(dealer.app).get('/api/dealer-website/D123');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
