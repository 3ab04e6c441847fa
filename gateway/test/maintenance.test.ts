import { allEndpoints } from '@portal/contracts';
import { createLogger, createTokenSigner, createTokenVerifier, generateTokenKeys } from '@portal/platform';
import express from 'express';
import request from 'supertest';
import { edgeAuth } from '../src/edge-auth';
import { maintenanceMode } from '../src/maintenance';
import { createRoutingTable } from '../src/routing-table';
import { AUDIENCE, ISSUER, startTestGateway, type TestGateway } from './support/gateway';
import { answerJson, deadServiceUrl, startUpstream, type Upstream } from './support/upstream';

const MAINTENANCE = { status: 503, detail: 'The portal is under maintenance. Please try again later.' };
const companySettings = (maintenance_mode: boolean) =>
  answerJson(200, { success: true, settings: {}, maintenance_mode });

describe('Maintenance mode through the gateway', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
    t.upstreams.identity?.answer(companySettings(true));
  });
  afterAll(async () => {
    await t.stop();
  });

  const submitOrder = (token: string) =>
    fetch(`${t.url}/api/dealer/submit-order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product_orders: [{ product_id: 'p1', quantity: 1 }] }),
    });

  test('When it is on, Then a dealer change answers 503 with the notice and never reaches its service', async () => {
    const res = await submitOrder(t.token('dealer'));
    expect({ status: res.status, detail: ((await res.json()) as { detail: string }).detail }).toEqual(MAINTENANCE);
    expect(t.upstreams.order?.received).toHaveLength(0);
  });

  test('When it is on, Then a delivery user cannot change an order status either', async () => {
    const res = await fetch(`${t.url}/api/admin/shipment/s1/update-order-status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token('delivery')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'o1', status: 'delivered' }),
    });
    expect(res.status).toBe(503);
  });

  test('When it is on, Then dealers still read, and admins keep working', async () => {
    const read = await fetch(`${t.url}/api/dealer/products`, {
      headers: { authorization: `Bearer ${t.token('dealer')}` },
    });
    expect(read.status).toBe(200);
    const adminWrite = await fetch(`${t.url}/api/admin/company-settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${t.token('admin')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(adminWrite.status).toBe(200);
    expect(adminWrite.headers.get('x-served-by')).toBe('identity');
  });
});

describe('How the gateway reads the flag', () => {
  let identity: Upstream;
  const keys = { issuer: ISSUER, audience: AUDIENCE };
  beforeAll(async () => {
    identity = await startUpstream('identity');
  });
  afterAll(async () => {
    await identity.close();
  });

  /** the middleware alone in front of a handler that answers 200, with a dealer token it accepts */
  function appWith(identityUrl: string, cacheMs: number, now?: () => number) {
    const tokenKeys = generateTokenKeys();
    const verifier = createTokenVerifier({ publicKey: tokenKeys.publicKey, ...keys });
    const signer = createTokenSigner({ privateKey: tokenKeys.privateKey, ...keys, ttlSeconds: 600 });
    const app = express();
    // the role comes from the caller edgeAuth verified, as in the gateway
    app.use(edgeAuth(createRoutingTable(allEndpoints), verifier));
    app.use(maintenanceMode({ identityUrl, logger: createLogger('maintenance-test', 'silent'), cacheMs, now }));
    app.use((_req, res) => {
      res.json({ passed: true });
    });
    const { token } = signer.sign({
      sub: 'u1',
      email: 'd@example.com',
      name: 'D',
      role: 'dealer',
      dealerId: 'dealer-1',
      sid: 's-1',
    });
    return { app, token };
  }

  test('When the flag is switched, Then the gateway follows within the cache time and asks identity at most once per period', async () => {
    identity.answer(companySettings(false));
    let clock = 0;
    const { app, token } = appWith(identity.url, 300, () => clock);
    const post = () => request(app).post('/api/dealer/submit-order').set('authorization', `Bearer ${token}`);
    expect((await post()).status).toBe(200);
    identity.answer(companySettings(true));
    expect((await post()).status).toBe(200); // still cached
    clock += 299;
    expect((await post()).status).toBe(200); // still cached, to the last millisecond
    clock += 1;
    expect((await post()).status).toBe(503);
    expect((await post()).status).toBe(503);
    expect(identity.received.filter((r) => r.url === '/api/public/company-settings')).toHaveLength(2);
  });

  test('When identity cannot answer, Then nothing is locked: the last known value (off) holds', async () => {
    const { app, token } = appWith(await deadServiceUrl(), 0);
    const res = await request(app).post('/api/dealer/submit-order').set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
  });
});
