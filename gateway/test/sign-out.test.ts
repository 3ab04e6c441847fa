/**
 * Sessions end everywhere (item 7), with the real identity: after sign-out, the token is refused by the
 * gateway and by a service called directly, within 5 s, and each of them asks identity once per sync
 * interval, not per request.
 */
import { SESSION_ENDED } from '@portal/platform';
import { bearer, eventually } from '@portal/platform/testing';
import request from 'supertest';
import { ADMIN, type PortalBehindGateway, startPortalBehindGateway } from './support/portal';

let running: PortalBehindGateway;

beforeAll(async () => {
  running = await startPortalBehindGateway('gateway_sign_out');
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

test('When a user signs out, Then within 5 s the gateway and the dealer service refuse the token; another session of the same user still works', async () => {
  const { portal, gateway } = running;
  const token = await portal.signIn(ADMIN.email, ADMIN.password);
  const other = await portal.signIn(ADMIN.email, ADMIN.password);
  const viaGateway = (t: string) => request(gateway.server).get('/api/admin/dealers-list').set(bearer(t));
  const direct = (t: string) => portal.http('dealer').get('/api/admin/dealers-list').set(bearer(t));
  expect((await viaGateway(token)).status).toBe(200);
  expect((await direct(token)).status).toBe(200);

  const out = await request(gateway.server).post('/api/auth/logout').set(bearer(token));
  expect(out.status).toBe(200);
  expect(out.body).toEqual({ success: true, message: 'Signed out' });
  expect(out.headers['cache-control']).toBe('no-store');

  const started = Date.now();
  await eventually(async () => {
    const [edge, service] = await Promise.all([viaGateway(token), direct(token)]);
    expect([edge.status, edge.body.detail]).toEqual([401, SESSION_ENDED]);
    expect([service.status, service.body.detail]).toEqual([401, SESSION_ENDED]);
  }, 5000);
  expect(Date.now() - started).toBeLessThan(5000);
  expect((await viaGateway(other)).status).toBe(200);
  expect((await direct(other)).status).toBe(200);
});

test('When a token carries no session id, Then the gateway and the services refuse it', async () => {
  const { portal, gateway } = running;
  // a token signed with identity's key but without sid: made by hand, as an old token would look
  const jwt = await import('jsonwebtoken');
  const legacy = jwt.default.sign(
    { email: ADMIN.email, name: 'Owner', role: 'admin', dealer_id: null },
    portal.envOf('identity').JWT_PRIVATE_KEY as string,
    { algorithm: 'ES256', issuer: 'dealer-portal', audience: 'dealer-portal-api', subject: 'u-1', expiresIn: 600 },
  );
  expect((await request(gateway.server).get('/api/admin/dealers-list').set(bearer(legacy))).status).toBe(401);
  expect((await portal.http('dealer').get('/api/admin/dealers-list').set(bearer(legacy))).status).toBe(401);
  expect((await portal.http('identity').get('/api/admin/users').set(bearer(legacy))).status).toBe(401);
});
