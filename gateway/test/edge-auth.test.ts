import { createSign } from 'node:crypto';
import { allEndpoints, type EndpointDef, fillPath } from '@portal/contracts';
import { createTokenSigner, generateTokenKeys } from '@portal/platform';
import { AUDIENCE, ISSUER, startTestGateway, type TestGateway } from './support/gateway';
import { rawRequest } from './support/upstream';

/** The endpoint's path with every `{param}` filled in (`dealer_id` gets `dealerId`). */
function pathOf(e: EndpointDef, dealerId = 'dealer-1'): string {
  const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  return fillPath(e.path, Object.fromEntries(names.map((n) => [n, n === 'dealer_id' ? dealerId : `${n}-42`])));
}

const isAdminOnly = (e: EndpointDef) =>
  e.access.kind === 'roles' && e.access.roles.length === 1 && e.access.roles[0] === 'admin';
const protectedEndpoints = allEndpoints.filter((e) => e.access.kind !== 'public');
const publicEndpoints = allEndpoints.filter((e) => e.access.kind === 'public');
const adminOnly = allEndpoints.filter(isAdminOnly);

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('Edge routing and role checks from the contract', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(async () => {
    await t.stop();
  });

  const call = (e: EndpointDef, token?: string, path = pathOf(e)) =>
    fetch(`${t.url}${path}`, {
      method: e.method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  const receivedCount = () => Object.values(t.upstreams).reduce((n, u) => n + (u?.received.length ?? 0), 0);

  test('The contract has protected, public and admin-only endpoints to check', () => {
    expect(protectedEndpoints.length).toBeGreaterThan(50);
    expect(publicEndpoints.length).toBeGreaterThan(3);
    expect(adminOnly.length).toBeGreaterThan(40);
  });

  test('When any protected endpoint is called without a token, Then it answers 401 JSON and no service is reached', async () => {
    const before = receivedCount();
    for (const e of protectedEndpoints) {
      const res = await call(e);
      expect({ id: e.id, status: res.status }).toEqual({ id: e.id, status: 401 });
      const body = (await res.json()) as { detail?: unknown };
      expect(typeof body.detail).toBe('string');
    }
    expect(receivedCount()).toBe(before);
  });

  test('When an allowed role calls each endpoint, Then it reaches its owning service with its path unchanged', async () => {
    for (const e of allEndpoints) {
      const path = pathOf(e);
      const role = e.access.kind === 'roles' ? e.access.roles[0] : 'admin';
      const res = await call(e, role && t.token(role), path);
      expect({ id: e.id, status: res.status, servedBy: res.headers.get('x-served-by') }).toEqual({
        id: e.id,
        status: 200,
        servedBy: e.owner,
      });
      expect(t.upstreams[e.owner]?.received.at(-1)?.url).toBe(path);
    }
  });

  test('When public endpoints are called without a token, Then they pass', async () => {
    for (const e of publicEndpoints) {
      const res = await call(e);
      expect({ id: e.id, status: res.status }).toEqual({ id: e.id, status: 200 });
    }
  });

  test('When a dealer or a delivery token calls an admin-only endpoint, Then it answers 403 JSON', async () => {
    for (const role of ['dealer', 'delivery'] as const) {
      for (const e of adminOnly) {
        const res = await call(e, t.token(role));
        expect({ id: e.id, role, status: res.status }).toEqual({ id: e.id, role, status: 403 });
        expect(typeof ((await res.json()) as { detail?: unknown }).detail).toBe('string');
      }
    }
  });

  test('When a dealer asks for another dealer`s orders, Then 403; for its own, Then it passes', async () => {
    const own = allEndpoints.filter((e) => e.access.kind === 'roles' && e.access.dealerOwnParam);
    expect(own.length).toBeGreaterThan(0);
    for (const e of own) {
      expect((await call(e, t.token('dealer', 'dealer-7'), pathOf(e, 'dealer-8'))).status).toBe(403);
      expect((await call(e, t.token('dealer', 'dealer-7'), pathOf(e, 'dealer-7'))).status).toBe(200);
    }
  });

  describe('When the token is not one identity issued for this audience', () => {
    const adminUsers = allEndpoints.find((e) => e.id === 'admin.users');
    if (!adminUsers) throw new Error('admin.users missing from the contract');
    const claims = () => ({
      sub: 'user-admin',
      email: 'admin@example.com',
      name: 'Admin',
      role: 'admin',
      sid: 'session-1',
      iss: ISSUER,
      aud: AUDIENCE,
      iat: Math.floor(Date.now() / 1000) - 60,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const signWith = (privateKey: string, payload: object) => {
      const input = `${b64url({ alg: 'ES256', typ: 'JWT' })}.${b64url(payload)}`;
      const signature = createSign('SHA256').update(input).sign({ key: privateKey, dsaEncoding: 'ieee-p1363' });
      return `${input}.${signature.toString('base64url')}`;
    };

    const cases: [string, (t: TestGateway) => string][] = [
      ['alg none', () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims())}.`],
      ['signed with another key', () => signWith(generateTokenKeys().privateKey, claims())],
      ['expired', (g) => signWith(g.keys.privateKey, { ...claims(), exp: Math.floor(Date.now() / 1000) - 10 })],
      ['for another audience', (g) => signWith(g.keys.privateKey, { ...claims(), aud: 'another-api' })],
      ['from another issuer', (g) => signWith(g.keys.privateKey, { ...claims(), iss: 'someone-else' })],
      ['malformed', () => 'not.a.token'],
      ['without a session id (sid)', (g) => signWith(g.keys.privateKey, { ...claims(), sid: undefined })],
      [
        'without an expiry (exp): it would never expire',
        (g) => signWith(g.keys.privateKey, { ...claims(), exp: undefined }),
      ],
      ['without an issue time (iat)', (g) => signWith(g.keys.privateKey, { ...claims(), iat: undefined })],
    ];

    test.each(cases)('When it is %s, Then 401 JSON', async (_name, make) => {
      const res = await call(adminUsers, make(t));
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(typeof ((await res.json()) as { detail?: unknown }).detail).toBe('string');
    });

    test('When it is valid and signed by identity`s key, Then it passes (the hand-made tokens above are well formed)', async () => {
      expect((await call(adminUsers, signWith(t.keys.privateKey, claims()))).status).toBe(200);
      const signer = createTokenSigner({
        privateKey: t.keys.privateKey,
        issuer: ISSUER,
        audience: AUDIENCE,
        ttlSeconds: 60,
      });
      const { token } = signer.sign({
        sub: 'u',
        email: 'a@example.com',
        name: 'A',
        role: 'admin',
        dealerId: null,
        sid: 's',
      });
      expect((await call(adminUsers, token)).status).toBe(200);
    });
  });

  test('When an /api path is not in the contract, Then 404 JSON', async () => {
    for (const path of [
      '/api/nope',
      '/api',
      '/api/admin/users/extra',
      '/api/public/../admin/users',
      '/api//auth/login',
    ]) {
      const res = await rawRequest(t.url, 'GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(typeof (JSON.parse(res.body) as { detail?: unknown }).detail).toBe('string');
    }
  });

  test('When a path parameter tries to climb out (.., %2e%2e), Then 404 and nothing is forwarded', async () => {
    const before = receivedCount();
    for (const param of ['..', '%2e%2e', '%2E.']) {
      const res = await rawRequest(t.url, 'GET', `/api/dealer/header-image/${param}`);
      expect(res.status).toBe(404);
    }
    expect(receivedCount()).toBe(before);
  });

  test('When a known path is called with an undeclared method, Then 405 JSON with Allow', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(typeof ((await res.json()) as { detail?: unknown }).detail).toBe('string');
  });
});
