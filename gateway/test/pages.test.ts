import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allEndpoints } from '@portal/contracts';
import { escapeHtml } from '@portal/platform';
import { startTestGateway, type TestGateway } from './support/gateway';
import { deadServiceUrl } from './support/upstream';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';

/** A script the size of a real chunk (60 KB), as repetitive as minified code is. */
const BIG_SCRIPT = Array.from({ length: 2000 }, (_, i) => `export const value${i} = "portal";\n`).join('');

/** GET with `accept-encoding` as a browser sends it; answers the status, headers and the bytes as they travelled. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding: string | undefined; cacheControl: string | undefined; bytes: number }>(
    (resolve, reject) => {
      get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            cacheControl: res.headers['cache-control'],
            bytes,
          }),
        );
      }).on('error', reject);
    },
  );
}

describe('What the gateway serves itself', () => {
  let t: TestGateway;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("portal")');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.map'), '{"version":3,"sourcesContent":["secret"]}');
    writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), BIG_SCRIPT);
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webDist, 'google-dealer-map-widget.js'), '(() => {})();');
    t = await startTestGateway({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  test('When a browser asks for a script, Then it travels compressed (brotli, else gzip) and stays cacheable for a year', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    const brotli = await rawGet(`${t.url}/assets/big-def456.js`, 'gzip, deflate, br');
    expect(brotli).toMatchObject({ status: 200, encoding: 'br', cacheControl: immutable });
    expect(brotli.bytes).toBeLessThan(BIG_SCRIPT.length / 3);
    const zipped = await rawGet(`${t.url}/assets/big-def456.js`, 'gzip');
    expect(zipped).toMatchObject({ status: 200, encoding: 'gzip', cacheControl: immutable });
    expect(zipped.bytes).toBeLessThan(BIG_SCRIPT.length / 3);
    const plain = await rawGet(`${t.url}/assets/big-def456.js`, 'identity');
    expect(plain).toMatchObject({ status: 200, encoding: undefined, bytes: BIG_SCRIPT.length });
    const page = await rawGet(`${t.url}/admin/dealers`, 'gzip');
    expect(page.status).toBe(200);
  });

  test('When GET /healthz, Then 200', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('When every service answers /healthz, Then /readyz is 200', async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
  });

  test('When a service is down, Then /readyz is 503 and names it', async () => {
    const degraded = await startTestGateway({ CATALOG_URL: await deadServiceUrl() });
    try {
      const res = await fetch(`${degraded.url}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { detail: string; down: string[]; services: Record<string, string> };
      expect(body.down).toEqual(['catalog']);
      expect(body.detail).toContain('catalog');
      expect(body.services.identity).toBe('ok');
    } finally {
      await degraded.stop();
    }
  });

  test('When GET /openapi.json, Then every contract path and method is documented', async () => {
    const res = await fetch(`${t.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of allEndpoints) {
      expect({ id: e.id, documented: Boolean(doc.paths[e.path]?.[e.method.toLowerCase()]) }).toEqual({
        id: e.id,
        documented: true,
      });
    }
  });

  test('When GET /docs, Then one self-contained page lists every endpoint by service, with roles', async () => {
    const res = await fetch(`${t.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|<link|src="http/);
    for (const e of allEndpoints) expect(html).toContain(`<code>${escapeHtml(e.path)}</code>`);
    expect(html).toContain('id="service-identity"');
    expect(html).toContain('<span class="method post">POST</span> <code>/api/auth/login</code>');
    expect(html).toContain('dealer (own)');
    expect(html).toContain('<details class="schema"><summary>Request body (application/json)</summary>');
  });

  test('When a page is served, Then it carries the SPA security headers and no x-powered-by', async () => {
    const res = await fetch(`${t.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  test('When a page is served, Then no other site may frame it or load its files', async () => {
    for (const page of ['/', '/?view=dealer-locator', '/?embed=1', '/assets/index-abc123.js']) {
      const res = await fetch(`${t.url}${page}`);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });

  test("When the embed code's pieces are fetched, Then the widget script loads on any site and the embedded locator may be framed", async () => {
    const widget = await fetch(`${t.url}/google-dealer-map-widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(widget.headers.get('content-type')).toMatch(/javascript/);

    const embedded = await fetch(`${t.url}/?view=dealer-locator&embed=1`);
    expect(embedded.status).toBe(200);
    expect(embedded.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embedded.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(embedded.headers.get('x-frame-options')).toBeNull();
  });

  test.each([
    '/?view=dealer-locator&embed=1&action=dealer-signup&token=x',
    '/?view=dealer-locator&embed=1&token=x',
    '/?embed=1&view=dealer-locator&next=%2Fadmin',
    '/find-a-dealer?embed=1',
  ])('When %s is fetched (it would not show the locator alone), Then no site may frame it', async (page) => {
    const res = await fetch(`${t.url}${page}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('When the embedded locator carries its own search, Then it may still be framed', async () => {
    const res = await fetch(`${t.url}/?embed=1&view=dealer-locator&zip=59801`);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  test('When a source map is asked for, Then 404 though the file is in the build', async () => {
    for (const map of ['/assets/index-abc123.js.map', '/assets/INDEX-abc123.js.MAP', '/assets/missing.css.map']) {
      const res = await fetch(`${t.url}${map}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('sourcesContent');
    }
    expect((await fetch(`${t.url}/assets/index-abc123.js`)).status).toBe(200);
  });

  test('When an /api answer comes from the gateway, Then it has the generic headers but no page CSP', async () => {
    const res = await fetch(`${t.url}/api/admin/users`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  test('When GET / or a page path, Then index.html is served and must be revalidated', async () => {
    const deepLinks = [
      '/admin/dealers/D1',
      '/admin/dealers/D1?q=acme',
      '/admin/settings/google-maps',
      '/find-a-dealer?q=59801',
    ];
    for (const page of ['/', '/dealer-dashboard', '/admin/orders/42', ...deepLinks]) {
      const res = await fetch(`${t.url}${page}`);
      expect({ page, status: res.status }).toEqual({ page, status: 200 });
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX_HTML);
    }
  });

  test('When a hashed asset is fetched, Then it is cached for a year; other files are revalidated', async () => {
    const asset = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("portal")');
    const icon = await fetch(`${t.url}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  test('When a missing file is asked for, Then 404 rather than index.html', async () => {
    const res = await fetch(`${t.url}/assets/missing-123.js`);
    expect(res.status).toBe(404);
  });
});
