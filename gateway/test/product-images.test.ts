/**
 * Product images through the gateway, in front of the real catalog service (real PostgreSQL, the file store): the
 * gateway streams them like any answer, and the catalog's ETag, immutable cache lifetime and 304 reach the
 * browser unchanged, so a browser that has an image never fetches its bytes again. A replaced image's old name
 * answers 404 at once, and a catalog that is down answers 503.
 */

import { catalogService } from '@portal/catalog';
import { SERVICES } from '@portal/contracts';
import { loadGatewayConfig, type RunningGateway, startGateway } from '@portal/gateway';
import { createLogger, SessionRevocations, staticRevocationFeed } from '@portal/platform';
import { bearer, startTestServices, type TestServices } from '@portal/platform/testing';
import sharp from 'sharp';
import request from 'supertest';

const png = (width: number, shade: number) =>
  sharp({ create: { width, height: 200, channels: 3, background: { r: shade, g: 90, b: 40 } } })
    .png()
    .toBuffer();

describe('product images through the gateway, in front of the real catalog', () => {
  let portal: TestServices;
  let gateway: RunningGateway;
  let revocations: SessionRevocations;
  let admin: Record<string, string>;

  beforeAll(async () => {
    portal = await startTestServices([catalogService], { prefix: 'gateway_product_images' });
    revocations = new SessionRevocations({
      feed: staticRevocationFeed(),
      logger: createLogger('test', 'silent'),
      intervalMs: 60_000,
    });
    await revocations.start();
    const urls = Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, 'http://127.0.0.1:9']));
    gateway = await startGateway(
      loadGatewayConfig({
        ...urls,
        CATALOG_URL: portal.service('catalog').url,
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_PUBLIC_KEY: portal.envOf('catalog').JWT_PUBLIC_KEY,
      }),
      { logger: createLogger('gateway-test', 'silent'), revocations },
    );
    admin = bearer(portal.tokenFor({ role: 'admin' }));
  });
  afterAll(async () => {
    await gateway?.stop(1000);
    revocations?.stop();
    await portal?.stop();
  });

  const catalog = () => request(portal.service('catalog').app);
  const viaGateway = () => request(gateway.url);

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

  test("When an image is asked for, Then the gateway answers the catalog's bytes with the catalog's caching and safety headers", async () => {
    const bytes = await png(600, 10);
    const { full_image_url: url } = await productWith(bytes);

    const direct = await catalog().get(url).buffer(true);
    const proxied = await viaGateway().get(url).buffer(true);

    expect(proxied.status).toBe(200);
    expect(Buffer.compare(proxied.body, bytes)).toBe(0);
    expect(proxied.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(proxied.headers.etag).toMatch(/^"[\w-]+"$/);
    for (const name of [
      'content-type',
      'content-length',
      'etag',
      'cache-control',
      'x-content-type-options',
      'content-security-policy',
    ]) {
      expect({ name, value: proxied.headers[name] }).toEqual({ name, value: direct.headers[name] });
    }
    expect(proxied.headers['x-powered-by']).toBeUndefined();
  });

  test("When the caller's If-None-Match names the image, Then 304 with no body; another tag gets the bytes; HEAD answers the headers alone", async () => {
    const bytes = await png(500, 30);
    const { full_image_url: url } = await productWith(bytes);
    const { etag } = (await viaGateway().get(url)).headers;

    const revalidated = await viaGateway()
      .get(url)
      .set('If-None-Match', etag as string);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.text ?? '').toBe('');

    const other = await viaGateway().get(url).set('If-None-Match', '"something-else"').buffer(true);
    expect(other.status).toBe(200);
    expect(Buffer.compare(other.body, bytes)).toBe(0);

    const head = await viaGateway().head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  test('When an image is replaced, Then its old names answer 404 through the gateway at once, also to a revalidation, and the new ones are served', async () => {
    const product = await productWith(await png(700, 50));
    const etags = new Map<string, string>();
    for (const url of [product.full_image_url, product.thumbnail_url]) {
      const res = await viaGateway().get(url);
      expect(res.status).toBe(200);
      etags.set(url, res.headers.etag as string);
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

    for (const [url, etag] of etags) {
      for (const gone of [await viaGateway().get(url), await viaGateway().get(url).set('If-None-Match', etag)]) {
        expect(gone.status).toBe(404);
        expect(gone.body.detail).toBe('Error: Product image not found');
        expect(gone.headers['cache-control']).toBe('no-store');
      }
    }
    const current = await viaGateway()
      .get(replaced.body.product.full_image_url as string)
      .buffer(true);
    expect(current.status).toBe(200);
    expect(Buffer.compare(current.body, replacement)).toBe(0);
  });

  test('When the catalog is down, Then an image answers 503', async () => {
    const { full_image_url: url } = await productWith(await png(400, 90));
    expect((await viaGateway().get(url)).status).toBe(200);

    await portal.service('catalog').stop();

    const res = await viaGateway().get(url);
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe('The catalog service is unavailable. Please try again shortly.');
  });
});
