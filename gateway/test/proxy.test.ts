import { randomBytes } from 'node:crypto';
import { startTestGateway, type TestGateway } from './support/gateway';
import { deadServiceUrl } from './support/upstream';

describe('Proxying to the owning service', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(async () => {
    await t.stop();
  });

  const identity = () => {
    const upstream = t.upstreams.identity;
    if (!upstream) throw new Error('identity stand-in missing');
    return upstream;
  };
  const media = () => {
    const upstream = t.upstreams.media;
    if (!upstream) throw new Error('media stand-in missing');
    return upstream;
  };
  const lastReceived = (u: { received: { body: Buffer; headers: Record<string, unknown>; url: string }[] }) => {
    const got = u.received.at(-1);
    if (!got) throw new Error('nothing reached the service');
    return got;
  };

  test('When a JSON body with unicode is sent, Then the service receives exactly the same bytes', async () => {
    const raw = Buffer.from(
      '{"email":"zoë@exämple.com","password":"pä$$ wörd 🦌 \\u0000","note":"𝄞 \\"quoted\\""}',
      'utf8',
    );
    const res = await fetch(`${t.url}/api/auth/login?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: raw,
    });
    expect(res.status).toBe(200);
    const got = lastReceived(identity());
    expect(got.url).toBe('/api/auth/login?x=1');
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Buffer.compare(got.body, raw)).toBe(0);
  });

  test('When a JSON body of about 1 MB is sent, Then it arrives byte-identical', async () => {
    const items = Array.from({ length: 12_000 }, (_, i) => ({
      i,
      name: `dealer ${i} — Ünïcode ✓`,
      pad: 'x'.repeat(40),
    }));
    const raw = Buffer.from(JSON.stringify({ items }), 'utf8');
    expect(raw.length).toBeGreaterThan(1_000_000);
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(res.status).toBe(200);
    const got = lastReceived(identity());
    expect(got.body.length).toBe(raw.length);
    expect(Buffer.compare(got.body, raw)).toBe(0);
  });

  test('When a multipart upload is sent, Then the service receives the raw body and boundary intact', async () => {
    const boundary = '----portal-test-boundary-7MA4YWxkTrZu0gW';
    const image = randomBytes(300_000);
    const raw = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBlind — façade\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const contentType = `multipart/form-data; boundary=${boundary}`;
    const res = await fetch(`${t.url}/api/admin/upload-picture`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${t.token('admin')}` },
      body: raw,
    });
    expect(res.status).toBe(200);
    const got = lastReceived(media());
    expect(got.headers['content-type']).toBe(contentType);
    expect(Buffer.compare(got.body, raw)).toBe(0);
  });

  test('When a request carries an x-request-id, Then the service receives it and the caller gets it back', async () => {
    const res = await fetch(`${t.url}/api/public/company-settings`, { headers: { 'x-request-id': 'req-abc.123' } });
    expect(res.headers.get('x-request-id')).toBe('req-abc.123');
    expect(lastReceived(identity()).headers['x-request-id']).toBe('req-abc.123');
  });

  test('When a request has no (or a malformed) x-request-id, Then a UUID is made, forwarded and echoed', async () => {
    const res = await fetch(`${t.url}/api/public/company-settings`, { headers: { 'x-request-id': 'bad id <script>' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lastReceived(identity()).headers['x-request-id']).toBe(id);
  });

  test('When a request carries traceparent and a token, Then both reach the service untouched', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const authorization = `Bearer ${t.token('admin')}`;
    await fetch(`${t.url}/api/admin/users`, { headers: { traceparent, authorization } });
    const got = lastReceived(identity());
    expect(got.headers.traceparent).toBe(traceparent);
    expect(got.headers.authorization).toBe(authorization);
  });

  test('When a client claims an X-Forwarded-For, Then (no trusted proxy) the service sees the real peer instead', async () => {
    await fetch(`${t.url}/api/public/company-settings`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    const got = lastReceived(identity());
    expect(got.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(got.headers['x-forwarded-proto']).toBe('http');
  });

  test('When behind a trusted proxy a client sends its own X-Forwarded-For chain, Then the service gets only the address the gateway determined', async () => {
    const behind = await startTestGateway({ TRUST_PROXY: 'loopback' });
    try {
      // the loopback "proxy" appended the real client (203.0.113.9); 6.6.6.6 is what the client made up
      await fetch(`${behind.url}/api/public/company-settings`, {
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
      });
      const got = behind.upstreams.identity?.received.at(-1);
      expect(got?.headers['x-forwarded-for']).toBe('203.0.113.9');
    } finally {
      await behind.stop();
    }
  });

  test('When a service sets its own security headers, Then the gateway keeps them and drops x-powered-by', async () => {
    const dealer = t.upstreams.dealer;
    if (!dealer) throw new Error('dealer stand-in missing');
    dealer.answer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; img-src https:",
        'referrer-policy': 'no-referrer',
      });
      res.end('<h1>Dealer site</h1>');
    });
    const res = await fetch(`${t.url}/api/dealer-website/d-1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; img-src https:");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(await res.text()).toBe('<h1>Dealer site</h1>');
  });
});

describe('When a service is down or slow', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ ORDER_URL: await deadServiceUrl(), PROXY_TIMEOUT_MS: '300' });
    t.upstreams.shipping?.answer(() => {
      // never answers: the gateway must give up after PROXY_TIMEOUT_MS
    });
  });
  afterAll(async () => {
    await t.stop();
  });

  test('When nothing listens on the service port, Then the caller gets 503 JSON within a second', async () => {
    const started = Date.now();
    const res = await fetch(`${t.url}/api/admin/all-orders`, {
      headers: { authorization: `Bearer ${t.token('admin')}` },
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ detail: 'The order service is unavailable. Please try again shortly.' });
  });

  test('When the service does not answer within PROXY_TIMEOUT_MS, Then the caller gets 504 JSON', async () => {
    const started = Date.now();
    const res = await fetch(`${t.url}/api/admin/shipments`, {
      headers: { authorization: `Bearer ${t.token('delivery')}` },
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ detail: 'The shipping service did not answer in time.' });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  test('When other services are fine, Then they still answer', async () => {
    const res = await fetch(`${t.url}/api/public/company-settings`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ service: 'identity', path: '/api/public/company-settings' });
  });
});
