/**
 * Proof of delivery against the real stack: PostgreSQL, the event bus, and an S3 server (s3rver) holding the
 * images. The service's clock is the test's, so the undo window is passed by stepping it, not by waiting.
 */
import { randomUUID } from 'node:crypto';
import { DELIVERY_PROOF_MESSAGES } from '@portal/contracts';
import { createDownloadTokens, createS3ObjectStore, type ObjectStore } from '@portal/platform';
import { bearer } from '@portal/platform/testing';
import { type S3TestServer, startS3TestServer } from '@portal/platform/testing/s3-test-server';
import sharp from 'sharp';
import { IDEMPOTENCY_KEY_DAYS } from '../src/data/idempotency';
import { ORDER_CANCELLED } from '../src/domain/delivery-proof';
import { startShipping, TEST_SIGNING_KEY, type TestShipping } from './support/shipping';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

let s3: S3TestServer;
let objects: ObjectStore;
let t: TestShipping;
/** the service's clock: real time plus what a test stepped forward */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const DRIVER_A = { role: 'delivery' as const, sub: randomUUID(), email: 'driver.a@example.com', name: 'Ann Driver' };
const DRIVER_B = { role: 'delivery' as const, sub: randomUUID(), email: 'driver.b@example.com', name: 'Bob Driver' };
let driverA: Record<string, string>;
let driverB: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3TestServer();
  objects = createS3ObjectStore({ ...s3, bucket: `proofs-${Date.now().toString(36)}` });
  t = await startShipping('shipping_proof', { objects, clock: now });
  driverA = bearer(t.shipping.tokenFor(DRIVER_A));
  driverB = bearer(t.shipping.tokenFor(DRIVER_B));
});
afterAll(async () => {
  await t?.stop();
  await s3?.stop();
});
afterEach(() => {
  offsetMs = 0;
});

const api = () => t.api();
const query = <T = Json>(sql: string, params: unknown[] = []): Promise<T[]> =>
  t.shipping.service.ctx.db.query(sql, params);

/** A drawn signature as a browser canvas makes it: a large PNG with strokes, carrying a text chunk. */
async function signaturePng(width = 2400, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="white"/>
    <path d="M50 ${height / 2} C 400 50, 800 ${height - 50}, ${width - 50} ${height / 3}" stroke="black"
      stroke-width="12" fill="none"/></svg>`;
  return sharp(Buffer.from(svg))
    .png()
    .withMetadata({ exif: { IFD0: { Artist: 'hidden-artist' } } })
    .toBuffer();
}

/** A phone photo: a large JPEG with EXIF. */
async function photoJpeg(width = 3000, height = 2000): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (i / 3) % 255;
    pixels[i + 1] = 120;
    pixels[i + 2] = 60;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withMetadata({ exif: { IFD0: { Copyright: 'gps-and-secrets' } } })
    .toBuffer();
}

/** A route Ann drives (she creates it): one dealer, `count` orders, in_shipment. */
async function annsRoute(count = 1) {
  const dealerId = await t.newDealer({ business_name: 'Prairie Blinds', city: 'Wichita', lat: 37.6872, lng: -97.3301 });
  const orders: string[] = [];
  for (let i = 0; i < count; i++) orders.push(await t.newOrder(dealerId));
  const res = await api().post('/api/admin/create-shipment').set(driverA).send({ order_ids: orders });
  expect(res.status).toBe(200);
  expect(res.body.shipment.driver?.email).toBe(DRIVER_A.email);
  return { dealerId, orders, shipmentId: res.body.shipment_id as string };
}

const proofUrl = (shipmentId: string, orderId: string) => `/api/admin/shipment/${shipmentId}/proof/${orderId}`;

function sendProof(
  shipmentId: string,
  orderId: string,
  auth: Record<string, string>,
  parts: { recipient?: string; signature?: Buffer; photos?: Buffer[]; key?: string; fields?: Record<string, string> },
) {
  let req = api().post(proofUrl(shipmentId, orderId)).set(auth);
  if (parts.key) req = req.set('Idempotency-Key', parts.key);
  if (parts.recipient !== undefined) req = req.field('recipient_name', parts.recipient);
  for (const [name, value] of Object.entries(parts.fields ?? {})) req = req.field(name, value);
  if (parts.signature) req = req.attach('signature', parts.signature, 'signature.png');
  for (const [index, photo] of (parts.photos ?? []).entries()) req = req.attach('photos', photo, `photo${index}.jpg`);
  return req;
}

const eventsFor = (type: string, orderId: string) =>
  t.events.filter((event) => event.type === type && event.payload.order_id === orderId);

const orderOf = (shipment: Json, orderId: string): Json =>
  (shipment.orders as Json[]).find((order) => order.order_id === orderId) as Json;

const undo = (shipmentId: string, orderId: string, auth: Record<string, string>, key?: string) => {
  const req = api().post(`/api/admin/shipment/${shipmentId}/undo-delivery`).set(auth);
  return (key ? req.set('Idempotency-Key', key) : req).send({ order_id: orderId });
};

describe('recording a proof of delivery', () => {
  test('When Ann records a proof, Then the images are re-encoded into the store, the order is delivered and the event carries a small signature', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const signature = await signaturePng();
    const res = await sendProof(shipmentId, orderId, driverA, {
      recipient: 'Pat Receiver',
      signature,
      photos: [await photoJpeg(), await photoJpeg(800, 600)],
      fields: {
        notes: 'Left at the back door',
        latitude: '37.6872',
        longitude: '-97.3301',
        captured_at: '2026-01-05T09:30:00-06:00',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order marked as delivered');
    const proof = res.body.proof as Json;
    expect(proof).toMatchObject({
      shipment_id: shipmentId,
      order_id: orderId,
      order_number: orderId.slice(-8).toUpperCase(),
      recipient_name: 'Pat Receiver',
      notes: 'Left at the back door',
      latitude: 37.6872,
      longitude: -97.3301,
      captured_at: '2026-01-05T15:30:00.000Z',
      delivered_by: DRIVER_A.email,
    });
    expect(proof.signature_url).toMatch(/^\/api\/public\/delivery-proof-images\//);
    expect(proof.photo_urls).toHaveLength(2);
    expect(Date.parse(proof.undo_until) - Date.parse(proof.recorded_at)).toBe(10 * 60_000);
    expect(orderOf(res.body.shipment, orderId)).toMatchObject({
      status: 'delivered',
      delivery: {
        delivered_at: '2026-01-05T15:30:00.000Z',
        recipient_name: 'Pat Receiver',
        delivered_by: DRIVER_A.email,
        has_signature: true,
        photo_count: 2,
        undo_until: proof.undo_until,
      },
    });

    // in the store: one PNG signature within 1200×400 and two JPEGs within 1600 px, no metadata kept
    const [row] = await query('SELECT * FROM delivery_proofs WHERE order_id = $1', [orderId]);
    expect(row).toMatchObject({ previous_status: 'in_shipment', recorded_by_id: DRIVER_A.sub, undone_at: null });
    const stored = await objects.list(`delivery-proofs/${row?.proof_id}/`);
    expect(stored.sort()).toEqual(
      ['photo-1.jpg', 'photo-2.jpg', 'signature.png'].map((name) => `delivery-proofs/${row?.proof_id}/${name}`),
    );

    // the event leaves through the outbox after the answer: wait until it has travelled
    await t.settled();
    const events = eventsFor('shipment.order_status_changed', orderId);
    expect(events).toHaveLength(1);
    const delivery = events[0]?.payload.delivery as Json;
    expect(delivery).toMatchObject({ delivered_at: '2026-01-05T15:30:00.000Z', recipient_name: 'Pat Receiver' });
    const small = Buffer.from(delivery.signature_png_base64 as string, 'base64');
    expect(small.length).toBeLessThanOrEqual(64 * 1024);
    expect((await sharp(small).metadata()).format).toBe('png');
  });

  test('When the proof is read, Then admin, the route’s driver and the order’s dealer see it; another driver 403, another dealer 404', async () => {
    const { dealerId, orders, shipmentId } = await annsRoute(2);
    const [delivered, notDelivered] = orders as [string, string];
    expect(
      (await sendProof(shipmentId, delivered, driverA, { recipient: 'Pat', signature: await signaturePng() })).status,
    ).toBe(200);

    for (const auth of [t.admin, driverA]) {
      const res = await api().get(proofUrl(shipmentId, delivered)).set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.body.proof).toMatchObject({ order_id: delivered, recipient_name: 'Pat' });
    }
    const other = await api().get(proofUrl(shipmentId, delivered)).set(driverB);
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe(DELIVERY_PROOF_MESSAGES.notYourRoute);

    const ownDealer = bearer(t.shipping.tokenFor({ role: 'dealer', dealerId }));
    const mine = await api().get(`/api/dealer/orders/${delivered}/proof`).set(ownDealer);
    expect(mine.status).toBe(200);
    expect(mine.body.proof).toMatchObject({ order_id: delivered, recipient_name: 'Pat', delivered_by: DRIVER_A.email });
    const otherDealer = bearer(t.shipping.tokenFor({ role: 'dealer', dealerId: 'another-dealer' }));
    const theirs = await api().get(`/api/dealer/orders/${delivered}/proof`).set(otherDealer);
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe(DELIVERY_PROOF_MESSAGES.proofNotFound);
    // an order of their own without a proof answers the same 404
    expect((await api().get(`/api/dealer/orders/${notDelivered}/proof`).set(ownDealer)).status).toBe(404);
    expect((await api().get(proofUrl(shipmentId, notDelivered)).set(t.admin)).status).toBe(404);
    // the dealer endpoint is for dealers only
    expect((await api().get(`/api/dealer/orders/${delivered}/proof`).set(driverA)).status).toBe(403);
  });

  test('When an image link is opened, Then it answers the re-encoded image; an altered link 403, an expired one 410', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const upload = await signaturePng();
    const res = await sendProof(shipmentId, orderId, driverA, {
      recipient: 'Pat',
      signature: upload,
      photos: [await photoJpeg()],
    });
    expect(res.status).toBe(200);
    const { signature_url, photo_urls } = res.body.proof as { signature_url: string; photo_urls: string[] };

    const image = await api().get(signature_url).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const bytes = image.body as Buffer;
    expect(bytes.equals(upload)).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('hidden-artist'))).toBe(false);

    const photo = await api()
      .get(photo_urls[0] as string)
      .buffer(true);
    expect(photo.status).toBe(200);
    const photoMeta = await sharp(photo.body as Buffer).metadata();
    expect(photoMeta).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    expect(photoMeta.exif).toBeUndefined();

    // one character of the signature changed
    const tampered = signature_url.slice(0, -1) + (signature_url.endsWith('A') ? 'B' : 'A');
    expect((await api().get(tampered)).status).toBe(403);
    // a photo number the proof does not have, properly signed, names nothing
    const token = signature_url.split('/').pop() as string;
    const proofId = token.split('.')[0]?.replace(/_signature$/, '') as string;
    const tokens = createDownloadTokens({ key: TEST_SIGNING_KEY, ttlSeconds: 900, purpose: 'delivery-proof-image' });
    expect((await api().get(`/api/public/delivery-proof-images/${tokens.sign(`${proofId}_photo9`)}`)).status).toBe(404);
    // a genuine link made 16 minutes ago has expired
    const old = tokens.sign(`${proofId}_signature`, new Date(Date.now() - 16 * 60_000));
    const expired = await api().get(`/api/public/delivery-proof-images/${old}`);
    expect(expired.status).toBe(410);
  });
});

describe('what the settings require', () => {
  const saveSettings = (proof: { proof_signature_required: boolean; proof_photo_required: boolean }) =>
    api()
      .put('/api/admin/shipping-settings')
      .set(t.admin)
      .send({ average_speed_mph: 45, service_minutes: 15, ...proof });

  afterAll(() => saveSettings({ proof_signature_required: true, proof_photo_required: false }));

  test('When a required part is missing, Then 400 with its message and nothing changes; once given, it is recorded', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const signature = await signaturePng(600, 200);

    const noName = await sendProof(shipmentId, orderId, driverA, { signature });
    expect(noName.status).toBe(400);
    expect(noName.body.detail).toBe(DELIVERY_PROOF_MESSAGES.recipientRequired);
    const noSignature = await sendProof(shipmentId, orderId, driverA, { recipient: 'Pat' });
    expect(noSignature.status).toBe(400);
    expect(noSignature.body.detail).toBe(DELIVERY_PROOF_MESSAGES.signatureRequired);

    const saved = await saveSettings({ proof_signature_required: false, proof_photo_required: true });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ proof_signature_required: false, proof_photo_required: true });
    const noPhoto = await sendProof(shipmentId, orderId, driverA, { recipient: 'Pat', signature });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.detail).toBe(DELIVERY_PROOF_MESSAGES.photoRequired);

    await t.settled();
    expect(eventsFor('shipment.order_status_changed', orderId)).toHaveLength(0);
    expect(await query('SELECT 1 FROM delivery_proofs WHERE order_id = $1', [orderId])).toHaveLength(0);

    const withPhoto = await sendProof(shipmentId, orderId, driverA, {
      recipient: 'Pat',
      photos: [await photoJpeg(400, 300)],
    });
    expect(withPhoto.status).toBe(200);
    expect(orderOf(withPhoto.body.shipment, orderId).delivery).toMatchObject({ has_signature: false, photo_count: 1 });
  });

  test('When the settings are saved without the proof fields, Then the proof requirements are kept', async () => {
    await saveSettings({ proof_signature_required: false, proof_photo_required: true });
    const res = await api()
      .put('/api/admin/shipping-settings')
      .set(t.admin)
      .send({ average_speed_mph: 40, service_minutes: 10 });
    expect(res.status).toBe(200);
    expect((await api().get('/api/admin/shipping-settings').set(t.admin)).body.settings).toMatchObject({
      average_speed_mph: 40,
      proof_signature_required: false,
      proof_photo_required: true,
    });
  });
});

describe('refusals', () => {
  test('When Bob marks an order on Ann’s route, Then 403 and nothing is stored', async () => {
    const { orders, shipmentId } = await annsRoute();
    const res = await sendProof(shipmentId, orders[0] as string, driverB, {
      recipient: 'Pat',
      signature: await signaturePng(300, 100),
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(DELIVERY_PROOF_MESSAGES.notYourRoute);
    expect(await query('SELECT 1 FROM delivery_proofs WHERE shipment_id = $1', [shipmentId])).toHaveLength(0);
  });

  test('When the order was cancelled while the phone was offline, Then its queued proof is refused with 409 saying so', async () => {
    const { dealerId, orders, shipmentId } = await annsRoute(2);
    const [orderId] = orders as [string];
    await t.updateOrder(orderId, dealerId, 'cancelled', 'in_shipment');
    const res = await sendProof(shipmentId, orderId, driverA, {
      recipient: 'Pat',
      signature: await signaturePng(300, 100),
      key: randomUUID(),
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(ORDER_CANCELLED);
    const plain = await api()
      .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
      .set(driverA)
      .send({ order_id: orderId, status: 'shipped' });
    expect(plain.status).toBe(409);
    expect(plain.body.detail).toBe(ORDER_CANCELLED);
  });

  test('When a delivered order gets a second proof, Then 409: delivered is final', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const signature = await signaturePng(300, 100);
    expect((await sendProof(shipmentId, orderId, driverA, { recipient: 'Pat', signature })).status).toBe(200);
    const again = await sendProof(shipmentId, orderId, driverA, { recipient: 'Pat', signature });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Error: This order is already delivered; delivered is final');
  });
});

describe('offline replays (Idempotency-Key)', () => {
  test('When the same proof is sent twice with one key, Then it is applied once: one row, one event, the same answer', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const key = randomUUID();
    const parts = { recipient: 'Pat', signature: await signaturePng(600, 200), key };
    const first = await sendProof(shipmentId, orderId, driverA, parts);
    const replay = await sendProof(shipmentId, orderId, driverA, parts);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body.proof.recorded_at).toBe(first.body.proof.recorded_at);
    expect(orderOf(replay.body.shipment, orderId).status).toBe('delivered');
    await t.settled();
    expect(eventsFor('shipment.order_status_changed', orderId)).toHaveLength(1);
    expect(await query('SELECT 1 FROM delivery_proofs WHERE order_id = $1', [orderId])).toHaveLength(1);
    const [row] = await query<{ proof_id: string }>('SELECT proof_id FROM delivery_proofs WHERE order_id = $1', [
      orderId,
    ]);
    expect(await objects.list('delivery-proofs/')).toEqual(
      expect.arrayContaining([`delivery-proofs/${row?.proof_id}/signature.png`]),
    );

    // the same key with another request is refused
    const other = await sendProof(shipmentId, orderId, driverA, { ...parts, recipient: 'Someone else' });
    expect(other.status).toBe(422);
    expect(other.body.detail).toBe(DELIVERY_PROOF_MESSAGES.idempotencyKeyReused);
  });

  test("When a user claims a new key, Then their keys older than the retention are forgotten, nobody else's", async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const driverSub = DRIVER_A.sub;
    await query(
      `INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, outcome, created_at)
       VALUES ($1, 'old', 'f', '{}'::jsonb, now() - make_interval(days => $2 + 1)),
              ($1, 'recent', 'f', '{}'::jsonb, now() - make_interval(days => $2 - 1)),
              ('someone-else', 'old', 'f', '{}'::jsonb, now() - make_interval(days => $2 + 1))`,
      [driverSub, IDEMPOTENCY_KEY_DAYS],
    );
    const sent = await sendProof(shipmentId, orderId, driverA, {
      recipient: 'Pat',
      signature: await signaturePng(600, 200),
      key: randomUUID(),
    });
    expect(sent.status).toBe(200);
    const kept = await query<{ user_id: string; idempotency_key: string }>(
      `SELECT user_id, idempotency_key FROM idempotency_keys WHERE idempotency_key IN ('old', 'recent')
        ORDER BY user_id, idempotency_key`,
    );
    expect(kept).toEqual(
      expect.arrayContaining([
        { user_id: driverSub, idempotency_key: 'recent' },
        { user_id: 'someone-else', idempotency_key: 'old' },
      ]),
    );
    expect(kept).toHaveLength(2);
  });

  test('When two replays of one proof arrive at once, Then one is applied and both answer it', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const parts = { recipient: 'Pat', signature: await signaturePng(600, 200), key: randomUUID() };
    const [a, b] = await Promise.all([
      sendProof(shipmentId, orderId, driverA, parts),
      sendProof(shipmentId, orderId, driverA, parts),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.proof.recorded_at).toBe(b.body.proof.recorded_at);
    await t.settled();
    expect(eventsFor('shipment.order_status_changed', orderId)).toHaveLength(1);
  });

  test('When update-order-status is replayed with its key, Then it is applied once; a key is the user’s own', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const key = randomUUID();
    const mark = (auth: Record<string, string>, status: string) =>
      api()
        .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
        .set(auth)
        .set('Idempotency-Key', key)
        .send({ order_id: orderId, status });
    expect((await mark(driverA, 'shipped')).status).toBe(200);
    const replay = await mark(driverA, 'shipped');
    expect(replay.status).toBe(200);
    expect(replay.body.message).toBe('Order marked as shipped');
    expect((await mark(driverA, 'delivered')).status).toBe(422);
    // an admin's request with the same key is another user's: it is applied
    const admin = await mark(t.admin, 'delivered');
    expect(admin.status).toBe(200);
    await t.settled();
    expect(eventsFor('shipment.order_status_changed', orderId).map((event) => event.payload.status)).toEqual([
      'shipped',
      'delivered',
    ]);
    // a mark without proof tells the order service no delivery details
    expect(eventsFor('shipment.order_status_changed', orderId)[1]?.payload).not.toHaveProperty('delivery');
    // the plain delivered mark is recorded too (without proof), so it can be undone
    expect(
      await query('SELECT previous_status, recipient_name FROM delivery_proofs WHERE order_id = $1', [orderId]),
    ).toEqual([{ previous_status: 'shipped', recipient_name: null }]);
  });

  test('When the key header is too long, Then 400', async () => {
    const { orders, shipmentId } = await annsRoute();
    const res = await api()
      .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
      .set(driverA)
      .set('Idempotency-Key', 'k'.repeat(201))
      .send({ order_id: orders[0], status: 'shipped' });
    expect(res.status).toBe(400);
  });
});

describe('undoing a delivered mark', () => {
  test('When Ann undoes within 10 minutes, Then the order is back to its previous status, the event is sent and the row kept', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const shipped = await api()
      .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
      .set(driverA)
      .send({ order_id: orderId, status: 'shipped' });
    expect(shipped.status).toBe(200);
    const recorded = await sendProof(shipmentId, orderId, driverA, {
      recipient: 'Pat',
      signature: await signaturePng(600, 200),
    });
    expect(recorded.status).toBe(200);
    const signatureUrl = recorded.body.proof.signature_url as string;

    offsetMs = 9 * 60_000;
    const key = randomUUID();
    const res = await undo(shipmentId, orderId, driverA, key);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Delivery undone; the order is shipped again');
    expect(orderOf(res.body.shipment, orderId)).toMatchObject({ status: 'shipped', delivery: null });
    // replayed: answered, not applied again
    expect((await undo(shipmentId, orderId, driverA, key)).status).toBe(200);
    await t.settled();
    const undone = eventsFor('shipment.delivery_undone', orderId);
    expect(undone).toHaveLength(1);
    expect(undone[0]?.payload).toMatchObject({
      shipment_id: shipmentId,
      order_id: orderId,
      status: 'shipped',
      undone_by: DRIVER_A.email,
    });
    const rows = await query('SELECT undone_by, undone_at FROM delivery_proofs WHERE order_id = $1', [orderId]);
    expect(rows).toEqual([{ undone_by: DRIVER_A.email, undone_at: expect.any(Date) }]);
    // the proof is forgotten by its readers and its links
    expect((await api().get(proofUrl(shipmentId, orderId)).set(t.admin)).status).toBe(404);
    expect((await api().get(signatureUrl)).status).toBe(404);
    // a second undo: nothing delivered to undo
    const again = await undo(shipmentId, orderId, driverA);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(DELIVERY_PROOF_MESSAGES.notDelivered);
    // and it can be delivered again
    expect(
      (await sendProof(shipmentId, orderId, driverA, { recipient: 'Pat', signature: await signaturePng(300, 100) }))
        .status,
    ).toBe(200);
  });

  test('When 10 minutes have passed, Then the undo is refused with 409 and the order stays delivered', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    expect(
      (await sendProof(shipmentId, orderId, driverA, { recipient: 'Pat', signature: await signaturePng(300, 100) }))
        .status,
    ).toBe(200);
    offsetMs = 10 * 60_000 + 1000;
    const res = await undo(shipmentId, orderId, driverA);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(DELIVERY_PROOF_MESSAGES.undoWindowPassed);
    const admin = await undo(shipmentId, orderId, t.admin);
    expect(admin.status).toBe(409);
    const proof = await api().get(proofUrl(shipmentId, orderId)).set(t.admin);
    expect(proof.body.proof.undo_until).toBeNull();
    await t.settled();
    expect(eventsFor('shipment.delivery_undone', orderId)).toHaveLength(0);
  });

  test('When another driver undoes, Then 403; on a route nobody drives only the one who marked it, or an admin, may', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    expect(
      (await sendProof(shipmentId, orderId, driverA, { recipient: 'Pat', signature: await signaturePng(300, 100) }))
        .status,
    ).toBe(200);
    const bob = await undo(shipmentId, orderId, driverB);
    expect(bob.status).toBe(403);
    expect(bob.body.detail).toBe(DELIVERY_PROOF_MESSAGES.notYourRoute);

    // an admin's route with no driver: Ann marks it, Bob may work the route but not undo Ann's mark
    const dealerId = await t.newDealer();
    const open = await t.newOrder(dealerId);
    const created = await api()
      .post('/api/admin/create-shipment')
      .set(t.admin)
      .send({ order_ids: [open] });
    expect(created.body.shipment.driver).toBeNull();
    const openShipment = created.body.shipment_id as string;
    expect(
      (await sendProof(openShipment, open, driverA, { recipient: 'Pat', signature: await signaturePng(300, 100) }))
        .status,
    ).toBe(200);
    const notHers = await undo(openShipment, open, driverB);
    expect(notHers.status).toBe(403);
    expect(notHers.body.detail).toBe(DELIVERY_PROOF_MESSAGES.undoNotYours);
    const byAdmin = await undo(openShipment, open, t.admin);
    expect(byAdmin.status).toBe(200);
    expect(orderOf(byAdmin.body.shipment, open).status).toBe('in_shipment');
  });
});

describe('the route sheet', () => {
  test('When an order is delivered with a signature, Then the sheet prints when (system timezone), to whom, and the signature', async () => {
    const { orders, shipmentId } = await annsRoute();
    const [orderId] = orders as [string];
    const res = await sendProof(shipmentId, orderId, driverA, {
      recipient: '<b>Pat</b> & Co',
      signature: await signaturePng(600, 200),
      fields: { captured_at: '2026-01-05T15:30:00Z' },
    });
    expect(res.status).toBe(200);
    const sheet = await api().get(`/api/admin/shipment/${shipmentId}/route-sheet`).set(t.admin);
    expect(sheet.status).toBe(200);
    // America/Chicago, the default system timezone: 15:30 UTC is 9:30 AM CST
    expect(sheet.text).toContain('Delivered on Jan 5, 2026 at 9:30 AM CST to &lt;b&gt;Pat&lt;/b&gt; &amp; Co');
    expect(sheet.text).toMatch(/<img class="signature" alt="Signature" src="data:image\/png;base64,[A-Za-z0-9+/=]+">/);
  });
});
