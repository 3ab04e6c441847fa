import { createPrivateKey } from 'node:crypto';
import http from 'node:http';
import {
  buildApp,
  createTokenSigner,
  defineService,
  generateTokenKeys,
  HttpError,
  INVALID_FILE_NAME,
  notFound,
  type RunningService,
  SENT,
  startService,
} from '@portal/platform';
import type express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { IMAGES } from '../storage/image-fixtures';
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

/** A handler that answers who called it and with what, written by hand so no response schema applies. */
const whoCalled = async (input: {
  user: unknown;
  params: unknown;
  query: unknown;
  res: express.Response;
}): Promise<typeof SENT> => {
  input.res.json({ user: input.user, params: input.params, query: input.query });
  return SENT;
};

const mediaService = defineService({
  name: 'media',
  migrations: [Writes1763000000000],
  handlers: handlersFor('media', {
    'admin.pictures': whoCalled,
    'admin.uploadPicture': async ({ body, files }, ctx) => {
      const picture = files.picture;
      if (!picture) throw new Error('the router let a required file through');
      await recordWrite(ctx, 'admin.uploadPicture', { title: body.title, size: picture.size });
      return {
        success: true as const,
        picture: {
          picture_id: 'p-1',
          title: body.title,
          description: body.description ?? null,
          category: body.category ?? null,
          file_url: `/files/${picture.originalName}|${picture.contentType}`,
          file_size: picture.size,
          created_at: new Date().toISOString(),
          thumbnail_url: '/files/thumbnail.webp',
          preview_url: '/files/preview.webp',
        },
      };
    },
    'admin.deletePicture': async ({ params }) => {
      if (params.picture_id === 'missing') throw notFound('Picture not found');
      if (params.picture_id === 'teapot') throw new HttpError(418, 'I am a teapot');
      if (params.picture_id === 'boom') throw new Error('connection to 10.0.0.5 failed: password hunter2');
      if (params.picture_id === 'bad-shape') return { success: 'yes' } as never;
      return { success: true as const };
    },
  }),
});

const orderService = defineService({
  name: 'order',
  migrations: [],
  handlers: handlersFor('order', {
    'admin.dealerOrders': whoCalled,
    'admin.recordPayment': async ({ body, res }, ctx) => {
      await recordWrite(ctx, 'admin.recordPayment', body);
      res.json({ recorded: body });
      return SENT;
    },
  }),
});

/** Records what the router hands a handler of a part taking several files (photos) beside a one-file part. */
const shippingService = defineService({
  name: 'shipping',
  migrations: [],
  handlers: handlersFor('shipping', {
    'admin.recordDeliveryProof': async ({ files, fileLists, res }) => {
      const describe = (file: { originalName: string; contentType: string; size: number }) =>
        `${file.originalName}|${file.contentType}|${file.size}`;
      res.json({
        signature: files.signature ? describe(files.signature) : null,
        first_photo: files.photos ? describe(files.photos) : null,
        photos: (fileLists.photos ?? []).map(describe),
        signatures: (fileLists.signature ?? []).map(describe),
      });
      return SENT;
    },
  }),
});

const geocodingService = defineService({
  name: 'geocoding',
  migrations: [],
  handlers: handlersFor('geocoding', { 'public.searchDealers': whoCalled }),
});

const identityService = defineService({
  name: 'identity',
  migrations: [],
  handlers: handlersFor('identity', { 'user.updateProfile': whoCalled }),
});

const dealerService = defineService({
  name: 'dealer',
  migrations: [],
  handlers: handlersFor('dealer', {
    'admin.bulkImportDealers': async ({ body, res }) => {
      res.json({ rows: body.dealers.length });
      return SENT;
    },
  }),
});

let t: TestEnvironment;
let media: RunningService;
let order: express.Express;
let geocoding: express.Express;
let identity: express.Express;
let dealer: express.Express;
let shipping: express.Express;
let bearer: ReturnType<typeof bearerFor>;

beforeAll(async () => {
  t = await createTestEnvironment('platform_router');
  media = await startService(mediaService, t.env, { revocations: t.revocations });
  // the other services' routers share media's running context: only their contracts differ
  order = buildApp(orderService, media.ctx, {});
  geocoding = buildApp(geocodingService, media.ctx, {});
  identity = buildApp(identityService, media.ctx, {});
  dealer = buildApp(dealerService, media.ctx, {});
  shipping = buildApp(shippingService, media.ctx, {});
  bearer = bearerFor(t.keys.privateKey);
});

afterAll(async () => {
  await media?.stop();
  await t?.cleanUp();
});

describe('input validated with the contract', () => {
  test('When a JSON body breaks the schema, Then 400 carries the schema message as detail and nothing is written', async () => {
    const res = await request(order)
      .post('/api/admin/record-payment')
      .set('authorization', bearer(USERS.admin))
      .send({ order_id: 'o-1', payment_method: 'bitcoin', amount: 10 });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Please select payment type and enter a valid amount');
    expect(await writeCount(media.ctx, 'admin.recordPayment')).toBe(0);

    const ok = await request(order)
      .post('/api/admin/record-payment')
      .set('authorization', bearer(USERS.admin))
      .send({ order_id: 'o-1', payment_method: 'check', amount: 10.5 });
    expect(ok.status).toBe(200);
    expect(ok.body.recorded).toMatchObject({ payment_method: 'check', amount: 10.5 });
    expect(await writeCount(media.ctx, 'admin.recordPayment')).toBe(1);
  });

  test('When the query breaks the schema, Then 400 with its message; a valid query arrives parsed', async () => {
    const bad = await request(geocoding).get('/api/public/search-dealers').query({ query: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Please enter a location to search');
    const good = await request(geocoding).get('/api/public/search-dealers').query({ lat: '44.5', lng: '-89.5' });
    expect(good.status).toBe(200);
    expect(good.body.query).toEqual({ lat: 44.5, lng: -89.5 });
  });

  test('When a list is asked with a parameter it does not take, Then 400 names the parameter', async () => {
    const res = await request(order)
      .get('/api/admin/dealer-orders/d-1')
      .query({ limit: '50', page: '2' })
      .set('authorization', bearer(USERS.admin));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Unknown parameter "page"');
    const bad = await request(order)
      .get('/api/admin/dealer-orders/d-1')
      .query({ limit: '500' })
      .set('authorization', bearer(USERS.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('limit: must be a whole number from 1 to 200');
  });

  test('When an answer is over 1 KB and the client accepts gzip, Then it is gzipped; a small one is not', async () => {
    const notes = 'Deliver before opening day. '.repeat(60);
    const big = await request(order)
      .post('/api/admin/record-payment')
      .set('authorization', bearer(USERS.admin))
      .set('accept-encoding', 'gzip')
      .send({ order_id: 'o-2', payment_method: 'check', amount: 10, notes });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.body.recorded.notes).toBe(notes.trim());
    const small = await request(order)
      .post('/api/admin/record-payment')
      .set('authorization', bearer(USERS.admin))
      .set('accept-encoding', 'gzip')
      .send({ order_id: 'o-3', payment_method: 'check', amount: 10 });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  test('When a path parameter breaks the schema, Then 400 before the handler runs', async () => {
    const res = await request(media.app)
      .delete(`/api/admin/delete-picture/${'x'.repeat(101)}`)
      .set('authorization', bearer(USERS.admin));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^picture_id: /);
  });

  test('When the body is not valid JSON, Then 400 says so', async () => {
    const res = await request(order)
      .post('/api/admin/record-payment')
      .set('authorization', bearer(USERS.admin))
      .set('content-type', 'application/json')
      .send('{"order_id": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The request body is not valid JSON' });
  });

  test('When a JSON body is larger than the limit, Then 413', async () => {
    const res = await request(order)
      .post('/api/admin/record-payment')
      .set('authorization', bearer(USERS.admin))
      .send({ order_id: 'o-1', notes: 'x'.repeat(3 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'The request body is too large' });
  });

  test('When an endpoint declares a larger body limit (bulk import), Then a body over 2 MB passes and one over its own limit is 413', async () => {
    const row = { email: 'a@b.test', business_name: 'x'.repeat(450) };
    const big = await request(dealer)
      .post('/api/admin/bulk-import-dealers')
      .set('authorization', bearer(USERS.admin))
      .send({ dealers: Array.from({ length: 6000 }, () => row) });
    expect(big.status).toBe(200);
    expect(big.body).toEqual({ rows: 6000 });

    const huge = await request(dealer)
      .post('/api/admin/bulk-import-dealers')
      .set('authorization', bearer(USERS.admin))
      .send({ dealers: [{ email: 'a@b.test', business_name: 'x'.repeat(17 * 1024 * 1024) }] });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: 'The request body is too large' });
  });

  test('When no endpoint matches, Then 404 JSON names the method and path', async () => {
    const res = await request(media.app).get('/api/admin/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'No such endpoint: GET /api/admin/no-such-thing' });
  });
});

describe('answers and errors', () => {
  const remove = (id: string) =>
    request(media.app).delete(`/api/admin/delete-picture/${id}`).set('authorization', bearer(USERS.admin));

  test('When a handler throws an HttpError, Then its status and detail are the answer', async () => {
    expect((await remove('missing')).body).toEqual({ detail: 'Picture not found' });
    expect((await remove('missing')).status).toBe(404);
    expect((await remove('teapot')).status).toBe(418);
    expect((await remove('p-9')).body).toEqual({ success: true });
  });

  test('When a handler throws unexpectedly, Then 500 with a plain detail and no stack or message leaks', async () => {
    const res = await remove('boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'Something went wrong on our side. Please try again.' });
    expect(res.text).not.toMatch(/hunter2|at .*\.ts|stack/);
  });

  test('When an answer does not match the contract (outside production), Then 500 names the endpoint', async () => {
    const res = await remove('bad-shape');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'Response of admin.deletePicture does not match the contract' });
  });

  test('When an endpoint is not built yet, Then 501 names its method and path', async () => {
    const res = await request(media.app)
      .get('/api/dealer/available-pictures')
      .set('authorization', bearer(USERS.dealer));
    expect(res.status).toBe(501);
    expect(res.body.detail).toBe(
      'GET /api/dealer/available-pictures is not built yet: it arrives with the platform tests.',
    );
  });
});

describe('uploads (multipart)', () => {
  const upload = () => request(media.app).post('/api/admin/upload-picture').set('authorization', bearer(USERS.admin));

  test('When a good PNG is sent with its fields, Then the handler gets it in input.files, typed by content', async () => {
    const res = await upload().field('title', 'Blind in snow').attach('picture', IMAGES.png, 'snow.bin');
    expect(res.status).toBe(200);
    expect(res.body.picture).toMatchObject({
      title: 'Blind in snow',
      file_url: '/files/snow.bin|image/png',
      file_size: IMAGES.png.length,
    });
  });

  test('When the title is missing, Then 400 with the spec message and nothing is written', async () => {
    const before = await writeCount(media.ctx, 'admin.uploadPicture');
    const res = await upload().attach('picture', IMAGES.png, 'a.png');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: Please enter a title');
    expect(await writeCount(media.ctx, 'admin.uploadPicture')).toBe(before);
  });

  test('When the file is over the part maxBytes, Then 413 with the contract message', async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload().field('title', 'Too big').attach('picture', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Error: File must be less than 10MB' });
  });

  test('When a text file is named .png, Then 415 with the contract message', async () => {
    const res = await upload()
      .field('title', 'Not a picture')
      .attach('picture', Buffer.from('just some text, not an image'), {
        filename: 'fake.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: 'Error: Please select an image file' });
  });

  test('When no file is sent, Then 400 with the contract message', async () => {
    const res = await upload().field('title', 'No file');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Error: Please select a file first' });
  });

  test('When an anonymous caller uploads, Then 401 comes back before the body is read', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${media.url}/api/admin/upload-picture`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      });
      req.on('error', reject);
      // only the first kilobyte of the announced 50 MB is ever sent
      req.write(`--x\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n\r\n${'x'.repeat(1024)}`);
    });
    expect(status).toBe(401);
    expect(JSON.parse(body)).toEqual({ detail: 'Not authenticated' });
  });
});

describe('uploads of several files in one field (FilePart.maxCount)', () => {
  const proof = () =>
    request(shipping)
      .post('/api/admin/shipment/s-1/proof/o-1')
      .set('authorization', bearer(USERS.admin))
      .field('recipient_name', 'Pat');

  test('When three photos and a signature are sent, Then fileLists has every photo in order and files the first', async () => {
    const res = await proof()
      .attach('signature', IMAGES.png, 'sig.png')
      .attach('photos', IMAGES.jpeg, 'a.jpg')
      .attach('photos', IMAGES.webp, 'b.webp')
      .attach('photos', IMAGES.png, 'c.png');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      signature: `sig.png|image/png|${IMAGES.png.length}`,
      first_photo: `a.jpg|image/jpeg|${IMAGES.jpeg.length}`,
      photos: [
        `a.jpg|image/jpeg|${IMAGES.jpeg.length}`,
        `b.webp|image/webp|${IMAGES.webp.length}`,
        `c.png|image/png|${IMAGES.png.length}`,
      ],
      signatures: [`sig.png|image/png|${IMAGES.png.length}`],
    });
  });

  test('When no file is sent to optional parts, Then both are absent', async () => {
    const res = await proof();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signature: null, first_photo: null, photos: [], signatures: [] });
  });

  test('When one of several photos is not an image, Then 415 with the part message (each file is checked by content)', async () => {
    const res = await proof()
      .attach('photos', IMAGES.jpeg, 'a.jpg')
      .attach('photos', Buffer.from('plain text pretending'), { filename: 'b.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: 'Error: Photos must be JPEG, PNG or WebP images' });
  });

  test('When a GIF is sent as a photo, Then 415: each file must be one of the part kinds', async () => {
    const res = await proof().attach('photos', IMAGES.jpeg, 'a.jpg').attach('photos', IMAGES.gif, 'b.gif');
    expect(res.status).toBe(415);
  });

  test('When six photos are sent to a part of maxCount 5, Then 400 naming the limit', async () => {
    let req = proof();
    for (let i = 0; i < 6; i++) req = req.attach('photos', IMAGES.jpeg, `p${i}.jpg`);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('photos: at most 5 files');
  });

  test('When two signatures are sent to a one-file part, Then 400', async () => {
    const res = await proof().attach('signature', IMAGES.png, 'a.png').attach('signature', IMAGES.png, 'b.png');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('signature: at most 1 files');
  });

  test('When the second photo has a path in its name, Then 400 as for a single file', async () => {
    const res = await proof()
      .attach('photos', IMAGES.jpeg, 'a.jpg')
      // form-data's filepath is sent as is (a plain filename is cut to its last segment); supertest's type omits it
      .attach('photos', IMAGES.jpeg, { filepath: '../b.jpg', contentType: 'image/jpeg' } as unknown as {
        filename: string;
      });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(INVALID_FILE_NAME);
  });
});

describe('roles from the contract', () => {
  test('When a public endpoint is called with or without a token, Then it answers, knowing the caller if any', async () => {
    const anonymous = await request(geocoding).get('/api/public/search-dealers?query=Madison');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.user).toBeNull();
    const signedIn = await request(geocoding)
      .get('/api/public/search-dealers?query=Madison')
      .set('authorization', bearer(USERS.dealer));
    expect(signedIn.body.user).toMatchObject({ role: 'dealer', dealerId: 'd-1' });
  });

  test('When an "any" endpoint is called, Then every role passes and an anonymous caller gets 401', async () => {
    const profile = { full_name: 'Pat', email: 'pat@example.com' };
    for (const user of Object.values(USERS)) {
      const res = await request(identity)
        .post('/api/user/update-profile')
        .set('authorization', bearer(user))
        .send(profile);
      expect(res.status).toBe(200);
      expect(res.body.user.role).toBe(user.role);
    }
    expect((await request(identity).post('/api/user/update-profile').send(profile)).status).toBe(401);
  });

  test('When an admin-only endpoint is called by a dealer or a driver, Then 403; by an admin, 200', async () => {
    const call = (user: (typeof USERS)[keyof typeof USERS]) =>
      request(media.app).get('/api/admin/pictures').set('authorization', bearer(user));
    expect((await call(USERS.dealer)).status).toBe(403);
    expect((await call(USERS.delivery)).status).toBe(403);
    expect((await call(USERS.admin)).status).toBe(200);
  });

  test("When a dealer reads another dealer's orders, Then 403; its own and an admin's reads pass", async () => {
    const dealerOrders = (dealerId: string, user: (typeof USERS)[keyof typeof USERS]) =>
      request(order).get(`/api/admin/dealer-orders/${dealerId}`).set('authorization', bearer(user));
    const other = await dealerOrders('d-2', USERS.dealer);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ detail: 'You do not have permission to do this' });
    const own = await dealerOrders('d-1', USERS.dealer);
    expect(own.status).toBe(200);
    expect(own.body.params).toEqual({ dealer_id: 'd-1' });
    expect((await dealerOrders('d-2', USERS.admin)).status).toBe(200);
    expect((await dealerOrders('d-1', USERS.delivery)).status).toBe(403);
  });
});

describe('tokens', () => {
  const claims = { email: 'admin@example.com', name: 'Admin', role: 'admin', dealer_id: null };
  const options = { issuer: 'dealer-portal', audience: 'dealer-portal-api', subject: 'u-admin' };
  const withToken = (token: string) =>
    request(media.app).get('/api/admin/pictures').set('authorization', `Bearer ${token}`);

  test('When a token is unsigned (alg none), Then 401', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, sub: 'u-admin', iss: options.issuer, aud: options.audience, iat: now, exp: now + 600 })}.`;
    const res = await withToken(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid authentication token' });
  });

  test('When a token is signed with another key, or HS256 with the public key, Then 401', async () => {
    const other = generateTokenKeys();
    expect((await withToken(bearerFor(other.privateKey)(USERS.admin).slice(7))).status).toBe(401);
    const confused = jwt.sign(claims, t.keys.publicKey, { ...options, algorithm: 'HS256' });
    expect((await withToken(confused)).status).toBe(401);
  });

  test('When a token has expired, Then 401 asks to sign in again', async () => {
    const key = createPrivateKey(t.keys.privateKey);
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, key, {
      ...options,
      algorithm: 'ES256',
    });
    const res = await withToken(expired);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Your session has expired. Please sign in again.' });
  });

  test('When a correctly signed token has no exp (it would never expire) or no iat, Then 401', async () => {
    const key = createPrivateKey(t.keys.privateKey);
    const session = { ...claims, sid: 'session-without-expiry' };
    const forever = jwt.sign(session, key, { ...options, algorithm: 'ES256' });
    const undated = jwt.sign(session, key, { ...options, algorithm: 'ES256', expiresIn: 600, noTimestamp: true });
    const complete = jwt.sign(session, key, { ...options, algorithm: 'ES256', expiresIn: 600 });
    expect(jwt.decode(forever)).not.toHaveProperty('exp');

    for (const token of [forever, undated]) {
      const res = await withToken(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Invalid authentication token' });
    }
    expect((await withToken(complete)).status).toBe(200);
  });

  test('When a token is for another audience or from another issuer, Then 401', async () => {
    const signed = (issuer: string, audience: string) =>
      createTokenSigner({ privateKey: t.keys.privateKey, issuer, audience, ttlSeconds: 600 }).sign(USERS.admin).token;
    expect((await withToken(signed('dealer-portal', 'another-api'))).status).toBe(401);
    expect((await withToken(signed('someone-else', 'dealer-portal-api'))).status).toBe(401);
    expect((await withToken(signed('dealer-portal', 'dealer-portal-api'))).status).toBe(200);
  });
});
