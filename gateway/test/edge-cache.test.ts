/**
 * The gateway's edge cache of immutable public answers, in front of the real catalog service (real PostgreSQL,
 * the file store): product images are kept after their first answer and served from memory on the catalog's
 * 304, never on trust — a replaced image's old name answers 404 at once, and a catalog that is down answers 503.
 */

import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { catalogService } from '@portal/catalog';
import { SERVICES } from '@portal/contracts';
import { loadGatewayConfig, type RunningGateway, startGateway } from '@portal/gateway';
import { createLogger, SessionRevocations, staticRevocationFeed } from '@portal/platform';
import { bearer, startTestServices, type TestServices } from '@portal/platform/testing';
import sharp from 'sharp';
import request from 'supertest';
import { EdgeCache, keepableAnswer } from '../src/edge-cache';

const png = (width: number, shade: number) =>
  sharp({ create: { width, height: 200, channels: 3, background: { r: shade, g: 90, b: 40 } } })
    .png()
    .toBuffer();

describe('the edge cache in front of the real catalog', () => {
  let portal: TestServices;
  let gateway: RunningGateway;
  let uncached: RunningGateway;
  let revocations: SessionRevocations;
  let admin: Record<string, string>;

  const startGatewayWith = (env: Record<string, string> = {}) => {
    const urls = Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, 'http://127.0.0.1:9']));
    return startGateway(
      loadGatewayConfig({
        ...urls,
        CATALOG_URL: portal.service('catalog').url,
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_PUBLIC_KEY: portal.envOf('catalog').JWT_PUBLIC_KEY,
        ...env,
      }),
      { logger: createLogger('gateway-test', 'silent'), revocations },
    );
  };

  beforeAll(async () => {
    portal = await startTestServices([catalogService], { prefix: 'gateway_edge_cache' });
    revocations = new SessionRevocations({
      feed: staticRevocationFeed(),
      logger: createLogger('test', 'silent'),
      intervalMs: 60_000,
    });
    await revocations.start();
    gateway = await startGatewayWith();
    uncached = await startGatewayWith({ EDGE_CACHE_MB: '0' });
    admin = bearer(portal.tokenFor({ role: 'admin' }));
  });
  afterAll(async () => {
    await gateway?.stop(1000);
    await uncached?.stop(1000);
    revocations?.stop();
    await portal?.stop();
  });

  const catalog = () => request(portal.service('catalog').app);
  const viaGateway = (g: RunningGateway = gateway) => request(g.url);

  const productWith = async (bytes: Buffer) => {
    const res = await catalog()
      .post('/api/admin/create-product')
      .set(admin)
      .field('title', `Edge Blind ${Math.random().toString(36).slice(2, 8)}`)
      .field('description', 'Hub blind')
      .field('price', '199.00')
      .field('status', 'active')
      .attach('product_image', bytes, { filename: 'blind.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    return res.body.product as { product_id: string; full_image_url: string; thumbnail_url: string };
  };

  test('When an image is asked for twice, Then the second answer comes from memory after the catalog confirmed it, with the same bytes and headers', async () => {
    const bytes = await png(600, 10);
    const { full_image_url: url } = await productWith(bytes);

    const first = await viaGateway().get(url).buffer(true);
    const second = await viaGateway().get(url).buffer(true);

    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.status).toBe(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(Buffer.compare(second.body, bytes)).toBe(0);
    for (const name of [
      'content-type',
      'content-length',
      'etag',
      'cache-control',
      'x-content-type-options',
      'content-security-policy',
    ]) {
      expect({ name, value: second.headers[name] }).toEqual({ name, value: first.headers[name] });
    }
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  test("When the caller's own If-None-Match names the kept image, Then 304 with no body; HEAD answers the headers alone", async () => {
    const { full_image_url: url } = await productWith(await png(500, 30));
    const { etag } = (await viaGateway().get(url)).headers;

    const revalidated = await viaGateway()
      .get(url)
      .set('If-None-Match', etag as string);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['x-cache']).toBe('HIT');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.text ?? '').toBe('');

    const other = await viaGateway().get(url).set('If-None-Match', '"something-else"').buffer(true);
    expect(other.status).toBe(200);
    expect(other.headers['x-cache']).toBe('HIT');

    const head = await viaGateway().head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['x-cache']).toBe('HIT');
  });

  test('When a kept image is replaced, Then its old names answer 404 through the gateway at once, and the new ones are kept in turn', async () => {
    const product = await productWith(await png(700, 50));
    for (const url of [product.full_image_url, product.thumbnail_url]) {
      await viaGateway().get(url);
      expect((await viaGateway().get(url)).headers['x-cache']).toBe('HIT');
    }

    const replacement = await png(640, 200);
    const replaced = await catalog()
      .put(`/api/admin/update-product/${product.product_id}`)
      .set(admin)
      .field('title', 'Replaced Blind')
      .field('description', 'Hub blind')
      .field('price', '199.00')
      .field('status', 'active')
      .attach('product_image', replacement, { filename: 'new.png', contentType: 'image/png' });
    expect(replaced.body.image_updated).toBe(true);

    for (const url of [product.full_image_url, product.thumbnail_url]) {
      const gone = await viaGateway().get(url);
      expect(gone.status).toBe(404);
      expect(gone.body.detail).toBe('Error: Product image not found');
    }
    const current = replaced.body.product.full_image_url as string;
    expect((await viaGateway().get(current)).headers['x-cache']).toBe('MISS');
    const kept = await viaGateway().get(current).buffer(true);
    expect(kept.headers['x-cache']).toBe('HIT');
    expect(Buffer.compare(kept.body, replacement)).toBe(0);
  });

  test('When the edge cache is turned off (EDGE_CACHE_MB=0), Then every image comes from the catalog', async () => {
    const { full_image_url: url } = await productWith(await png(300, 70));
    for (let i = 0; i < 2; i++) {
      const res = await viaGateway(uncached).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
  });

  test('When the catalog is down, Then a kept image is not served on trust: 503', async () => {
    const { full_image_url: url } = await productWith(await png(400, 90));
    await viaGateway().get(url);
    expect((await viaGateway().get(url)).headers['x-cache']).toBe('HIT');

    await portal.service('catalog').stop();

    const res = await viaGateway().get(url);
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe('The catalog service is unavailable. Please try again shortly.');
  });
});

describe('what the edge cache keeps', () => {
  const answer = (headers: Record<string, string>, status = 200) =>
    Object.assign(Readable.from([]), { statusCode: status, headers }) as unknown as IncomingMessage;
  const immutable = { etag: '"a"', 'cache-control': 'public, max-age=31536000, immutable', 'content-length': '10' };
  const limits = { maxBytes: 100, maxObjectBytes: 40 };

  test.each([
    ['a 404', { ...immutable }, 404],
    ['no ETag', { ...immutable, etag: '' }, 200],
    ['a cache lifetime that is not immutable', { ...immutable, 'cache-control': 'public, max-age=60' }, 200],
    ['a Vary header', { ...immutable, vary: 'Accept' }, 200],
    ['a cookie', { ...immutable, 'set-cookie': 'a=b' }, 200],
    ['no length (streamed)', { ...immutable, 'content-length': '' }, 200],
    ['a body over the per-answer limit', { ...immutable, 'content-length': '41' }, 200],
  ])('When the answer has %s, Then it is not kept', (_what, headers, status) => {
    expect(keepableAnswer(answer(headers, status), limits)).toBeNull();
  });

  test('When an immutable 200 with an ETag and a length is answered, Then it may be kept', () => {
    expect(keepableAnswer(answer(immutable), limits)).toEqual({ etag: '"a"', length: 10 });
  });

  test('When the kept answers outgrow the memory, Then the least recently used are dropped first', () => {
    const cache = new EdgeCache(limits);
    const kept = (n: number) => ({ etag: `"${n}"`, headers: {}, body: Buffer.alloc(30) });
    cache.keep('/a', kept(1));
    cache.keep('/b', kept(2));
    cache.keep('/c', kept(3));
    expect(cache.get('/a')).toBeDefined(); // now the most recently used
    cache.keep('/d', kept(4));
    expect(cache.size).toEqual({ answers: 3, bytes: 90 });
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.etag).toBe('"1"');
    expect(cache.get('/c')?.etag).toBe('"3"');
    cache.keep('/big', { etag: '"big"', headers: {}, body: Buffer.alloc(41) });
    expect(cache.get('/big')).toBeUndefined();
  });
});
