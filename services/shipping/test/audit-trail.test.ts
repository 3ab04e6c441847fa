/**
 * The audit trail of shipping (issue 23): creating a shipment, marking an order of a route, recording and undoing
 * a proof of delivery, giving a route to a driver and saving the route settings each write one audit.recorded
 * entry to the shipping outbox in the change's transaction — action, id, who (from the token), the request id
 * and the fields before → after. A refused change records nothing.
 */
import { randomUUID } from 'node:crypto';
import { createS3ObjectStore } from '@portal/platform';
import { auditEntriesOf, auditRequestId, bearer } from '@portal/platform/testing';
import { type S3TestServer, startS3TestServer } from '@portal/platform/testing/s3-test-server';
import sharp from 'sharp';
import type { Test } from 'supertest';
import { type DriverPortal, startDriverPortal } from './support/drivers';
import { startShipping, type TestShipping } from './support/shipping';

const DRIVER = { role: 'delivery' as const, sub: randomUUID(), email: 'audit.driver@example.com', name: 'Ann Driver' };
const byAdmin = { actor_email: 'admin@example.com', actor_role: 'admin' };
const byDriver = { actor_email: DRIVER.email, actor_role: 'delivery' };

/** Sends one request under a fresh request id; answers the response and the audit entries it wrote to `db`. */
async function audited(db: { query(sql: string, parameters?: unknown[]): Promise<unknown> }, req: Test) {
  const requestId = auditRequestId();
  const res = await req.set('x-request-id', requestId);
  return { res, entries: await auditEntriesOf(db, requestId), requestId };
}

describe('audit entries of routes and deliveries', () => {
  let s3: S3TestServer;
  let t: TestShipping;
  let driver: Record<string, string>;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    const objects = createS3ObjectStore({ ...s3, bucket: `audit-proofs-${Date.now().toString(36)}` });
    t = await startShipping('shipping_audit_trail', { objects });
    driver = bearer(t.shipping.tokenFor(DRIVER));
  });
  afterAll(async () => {
    await t?.stop();
    await s3?.stop();
  });
  const send = (req: Test) => audited(t.shipping.service.ctx.db, req);

  /** A route the driver creates with one confirmed order; answers its ids and the create's entries. */
  async function route() {
    const orderId = await t.newOrder(await t.newDealer());
    const created = await send(
      t
        .api()
        .post('/api/admin/create-shipment')
        .set(driver)
        .send({ order_ids: [orderId] }),
    );
    expect(created.res.status).toBe(200);
    return { orderId, shipmentId: created.res.body.shipment_id as string, created };
  }

  test('When a driver creates a shipment, Then shipment.created with its orders and driver, the driver as the actor', async () => {
    const { orderId, shipmentId, created } = await route();
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'shipment.created',
        entity: 'shipment',
        entity_id: shipmentId,
        request_id: created.requestId,
        ...byDriver,
      }),
    ]);
    expect(created.entries[0]?.changes).toMatchObject({
      order_ids: [null, [orderId]],
      driver_email: [null, DRIVER.email],
    });
  });

  test('When a route is reordered, a stop moved and locked, and the route optimised, Then each edit is recorded', async () => {
    const first = await t.newDealer({ business_name: 'First Stop', lat: 38.9, lng: -97.6 });
    const second = await t.newDealer({ business_name: 'Second Stop', lat: 39.1, lng: -96.6 });
    const orders = [await t.newOrder(first), await t.newOrder(second)];
    const created = await t.api().post('/api/admin/create-shipment').set(driver).send({ order_ids: orders });
    const shipmentId = created.body.shipment_id as string;
    const edit = (path: string, body?: object) =>
      send(
        t
          .api()
          .post(`/api/admin/shipment/${shipmentId}/${path}`)
          .set(driver)
          .send(body ?? {}),
      );

    const manual = await edit('route-mode', { mode: 'manual' });
    expect(manual.res.status).toBe(200);
    expect(manual.entries).toEqual([
      expect.objectContaining({ action: 'shipment.route_mode_changed', entity_id: shipmentId, ...byDriver }),
    ]);
    expect(manual.entries[0]?.changes).toMatchObject({ route_mode: ['original', 'manual'] });

    const moved = await edit('move-stop', { dealer_id: second, direction: 'up' });
    expect(moved.res.status).toBe(200);
    expect(moved.entries[0]?.action).toBe('shipment.stop_moved');
    expect(moved.entries[0]?.changes.stop_sequence?.[1]).toEqual([second, first]);

    const locked = await edit('lock-stop', { dealer_id: second, locked: true });
    expect(locked.entries[0]).toMatchObject({
      action: 'shipment.stop_lock_changed',
      changes: { locked_stops: [[], [second]] },
    });

    const optimised = await edit('optimize-route');
    expect(optimised.res.status).toBe(200);
    expect(optimised.entries[0]).toMatchObject({ action: 'shipment.route_optimized' });
    expect(optimised.entries[0]?.changes.route_mode).toEqual(['manual', 'optimized']);

    const notAStop = await edit('move-stop', { dealer_id: 'not-a-stop', direction: 'up' });
    expect([notAStop.res.status, notAStop.entries]).toEqual([404, []]);
  });

  test('When an order of a route is marked shipped, then delivered with a proof, and the delivery undone, Then each is recorded', async () => {
    const { orderId, shipmentId } = await route();
    const shipped = await send(
      t
        .api()
        .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
        .set(driver)
        .send({ order_id: orderId, status: 'shipped' }),
    );
    expect(shipped.res.status).toBe(200);
    expect(shipped.entries).toEqual([
      expect.objectContaining({
        action: 'order.status_changed',
        entity: 'order',
        entity_id: orderId,
        changes: { status: ['in_shipment', 'shipped'] },
        ...byDriver,
      }),
    ]);

    const signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const proof = await send(
      t
        .api()
        .post(`/api/admin/shipment/${shipmentId}/proof/${orderId}`)
        .set(driver)
        .field('recipient_name', 'Pat Receiver')
        .field('notes', 'Left at the back door')
        .attach('signature', signature, 'signature.png'),
    );
    expect(proof.res.status).toBe(200);
    expect(proof.entries).toEqual([
      expect.objectContaining({
        action: 'delivery_proof.recorded',
        entity: 'delivery_proof',
        entity_id: orderId,
        ...byDriver,
      }),
    ]);
    expect(proof.entries[0]?.changes).toMatchObject({
      order_id: [null, orderId],
      status: [null, 'delivered'],
      previous_status: [null, 'shipped'],
      recipient_name: [null, 'Pat Receiver'],
      notes: [null, 'Left at the back door'],
    });

    const again = await send(
      t
        .api()
        .post(`/api/admin/shipment/${shipmentId}/proof/${orderId}`)
        .set(driver)
        .field('recipient_name', 'Pat Receiver')
        .attach('signature', signature, 'signature.png'),
    );
    expect([again.res.status, again.entries]).toEqual([409, []]);

    const undone = await send(
      t.api().post(`/api/admin/shipment/${shipmentId}/undo-delivery`).set(t.admin).send({ order_id: orderId }),
    );
    expect(undone.res.status).toBe(200);
    expect(undone.entries).toEqual([
      expect.objectContaining({ action: 'delivery_proof.undone', entity_id: orderId, ...byAdmin }),
    ]);
    expect(undone.entries[0]?.changes).toMatchObject({
      status: ['delivered', 'shipped'],
      undone_by: [null, 'admin@example.com'],
    });
  });

  test('When an admin saves the route settings, Then settings.updated for route_settings with the changed fields', async () => {
    const save = (body: object) =>
      send(
        t
          .api()
          .put('/api/admin/shipping-settings')
          .set(t.admin)
          .send({ average_speed_mph: 45, service_minutes: 15, ...body }),
      );
    await save({});
    const changed = await save({ service_minutes: 20, proof_photo_required: true });
    expect(changed.res.status).toBe(200);
    expect(changed.entries).toEqual([
      expect.objectContaining({
        action: 'settings.updated',
        entity: 'settings',
        entity_id: 'route_settings',
        changes: { service_minutes: [15, 20], proof_photo_required: [false, true] },
        ...byAdmin,
      }),
    ]);
    const refused = await save({ service_minutes: -1 });
    expect([refused.res.status, refused.entries]).toEqual([400, []]);
    await save({ proof_photo_required: false });
  });
});

describe('audit entries of drivers', () => {
  let p: DriverPortal;
  beforeAll(async () => {
    p = await startDriverPortal('shipping_audit_drivers');
    await p.newStaffUser({ email: 'route.driver@example.com', full_name: 'Rita Route', role: 'delivery' });
  });
  afterAll(() => p?.stop());
  const send = (req: Test) => audited(p.services.service('shipping').ctx.db, req);

  test('When an admin gives a route to a driver and takes it back, Then shipment.driver_assigned and _unassigned', async () => {
    const orderId = await p.newOrder(await p.newDealer());
    const created = await p
      .shipping()
      .post('/api/admin/create-shipment')
      .set(p.admin)
      .send({ order_ids: [orderId] });
    const shipmentId = created.body.shipment_id as string;
    const assign = (email: string | null) =>
      send(
        p.shipping().post(`/api/admin/shipment/${shipmentId}/assign-driver`).set(p.admin).send({ driver_email: email }),
      );

    const assigned = await assign('route.driver@example.com');
    expect(assigned.res.status).toBe(200);
    expect(assigned.entries).toEqual([
      expect.objectContaining({
        action: 'shipment.driver_assigned',
        entity: 'shipment',
        entity_id: shipmentId,
        changes: { driver_email: [null, 'route.driver@example.com'], driver_name: [null, 'Rita Route'] },
      }),
    ]);
    const unknown = await assign('nobody@example.com');
    expect([unknown.res.status, unknown.entries]).toEqual([400, []]);
    const unassigned = await assign(null);
    expect(unassigned.entries).toEqual([
      expect.objectContaining({
        action: 'shipment.driver_unassigned',
        changes: { driver_email: ['route.driver@example.com', null], driver_name: ['Rita Route', null] },
      }),
    ]);
  });
});
