/**
 * The locator's embed code on another site, in a real Chromium against the whole portal: the admin generates the
 * code on the Google Maps screen (Generate and Copy Embed Code), it is pasted into a plain HTML page served from
 * another origin (a small node:http server on `localhost` and its own port, while the portal is 127.0.0.1) with a
 * strict Content-Security-Policy that allows only the portal's origin in script-src and frame-src, and that page
 * shows the locator: the widget script loads, frames the embedded locator (no header), and a ZIP search inside the
 * frame lists the 5 closest dealers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { drawnDealersBecome } from './locatorSteps';
import { landingPage, openSettings, signIn } from './settingsSteps';

jest.setTimeout(240_000);

/** Real places around Austin, and a few far away. */
const PLACES = [
  ['Capitol Outdoors', '1100 Congress Ave', 'Austin', 'TX', '78701'],
  ['South Austin Blinds', '4500 S Congress Ave', 'Austin', 'TX', '78745'],
  ['Round Rock Hunting', '221 E Main St', 'Round Rock', 'TX', '78664'],
  ['San Marcos Sporting', '630 E Hopkins St', 'San Marcos', 'TX', '78666'],
  ['Georgetown Game Supply', '113 W 8th St', 'Georgetown', 'TX', '78626'],
  ['Waco Field & Stream', '510 Austin Ave', 'Waco', 'TX', '76701'],
  ['Alamo Blinds', '300 Alamo Plaza', 'San Antonio', 'TX', '78205'],
  ['Mile High Blinds', '1437 Bannock St', 'Denver', 'CO', '80202'],
  ['Puget Sound Outdoors', '600 4th Ave', 'Seattle', 'WA', '98104'],
].map(([business_name, address, city, state, zip_code]) => ({ business_name, address, city, state, zip_code }));

interface MapDealer {
  dealer_id: string;
  business_name: string;
  coordinates: { lat: number; lng: number } | null;
}

interface Violation {
  directive: string;
  blocked: string;
  document: string;
}

function miles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 3959 * Math.asin(Math.sqrt(h));
}

/** A dealer's own site: one page with the pasted embed code, under a strict policy of its own. */
function dealerSite(): { server: Server; pages: Map<string, { html: string; csp: string }> } {
  const pages = new Map<string, { html: string; csp: string }>();
  const server = createServer((req, res) => {
    const page = pages.get(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': page.csp,
        'Cache-Control': 'no-store',
      })
      .end(page.html);
  });
  return { server, pages };
}

function htmlPage(body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>Ridgeline Outdoors: find a dealer</title></head>',
    '<body>',
    '<h1>Ridgeline Outdoors</h1>',
    '<p>Find one of our dealers near you.</p>',
    body,
    '</body>',
    '</html>',
  ].join('\n');
}

/** Nothing but what the embed code needs: the portal's origin for the script and the frame. */
function strictPolicy(portalOrigin: string, frameSrc = portalOrigin): string {
  return [
    "default-src 'none'",
    `script-src ${portalOrigin}`,
    `frame-src ${frameSrc}`,
    "style-src 'none'",
    "img-src 'none'",
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

describe('The locator embed code on another site, in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let token: string;
  let placed: MapDealer[];
  let site: ReturnType<typeof dealerSite>;
  let siteOrigin: string;
  let embedCode: string;

  async function api(route: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    const res = await fetch(`${portal.url}${route}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  }

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    // every frame of every page records the Content-Security-Policy violations it sees
    await browser.context.addInitScript(() => {
      const seen: Violation[] = [];
      (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, document: event.documentURI }),
      );
    });

    site = dealerSite();
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    // another origin than the portal's http://127.0.0.1:<port>: another host name and another port
    siteOrigin = `http://localhost:${(site.server.address() as AddressInfo).port}`;
    expect(new URL(siteOrigin).origin).not.toBe(new URL(portal.url).origin);

    const login = await api('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: portal.adminEmail, password: portal.adminPassword }),
    });
    token = String(login.access_token);
    await api('/api/admin/bulk-import-dealers', {
      method: 'POST',
      body: JSON.stringify({
        dealers: PLACES.map((place, i) => ({
          ...place,
          full_name: `Owner ${i}`,
          email: `dealer${i}@embed.test`,
          phone: `(512) 555-02${String(i).padStart(2, '0')}`,
          website: `dealer${i}.example.com`,
          zone: 'Southern Zone',
        })),
      }),
    });
    // the geocoding service places each dealer from its dealer.created event
    const deadline = Date.now() + 60_000;
    for (;;) {
      const body = await api('/api/admin/dealers-for-map');
      placed = (body.dealers as MapDealer[]).filter((dealer) => dealer.coordinates);
      if (placed.length === PLACES.length) break;
      if (Date.now() > deadline) throw new Error(`only ${placed.length} of ${PLACES.length} dealers were geocoded`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // the admin generates and copies the embed code on the Google Maps screen
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    const admin = await browser.context.newPage();
    await landingPage(admin, portal.url);
    await signIn(admin, portal.adminEmail, portal.adminPassword);
    await admin.getByRole('tab', { name: 'Settings', exact: true }).waitFor();
    await openSettings(admin, 'Google Maps');
    const section = admin.locator('.embed-code');
    await section.getByLabel('Width', { exact: true }).fill('820');
    await section.getByLabel('Height', { exact: true }).fill('560px');
    await section.getByRole('button', { name: 'Generate and Copy Embed Code' }).click();
    await admin.getByText('Google Maps embed code copied to clipboard!').waitFor();
    const shown = await section.getByLabel('Embed code').inputValue();
    embedCode = await admin.evaluate(() => navigator.clipboard.readText());
    expect(embedCode).toBe(shown);
    await admin.close();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.server.close(resolve));
    await portal?.stop();
  });

  async function expectedClosest(query: string): Promise<{ name: string; distance: string }[]> {
    const answer = await api(`/api/public/search-dealers?query=${encodeURIComponent(query)}`);
    const center = answer.center as { lat: number; lng: number };
    return placed
      .map((dealer) => ({
        name: dealer.business_name,
        miles: miles(center, dealer.coordinates as { lat: number; lng: number }),
      }))
      .sort((a, b) => a.miles - b.miles)
      .slice(0, 5)
      .map((dealer) => ({ name: dealer.name, distance: `${(Math.round(dealer.miles * 10) / 10).toFixed(1)} mi` }));
  }

  async function violations(where: Page | Frame): Promise<Violation[]> {
    return where.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
  }

  test('The embed code is the widget script from the portal and a container, with no inline script or style', () => {
    expect(embedCode).toContain('<div id="dealer-locator"></div>');
    expect(embedCode).toContain(`src="${portal.url}/google-dealer-map-widget.js"`);
    expect(embedCode).toContain(`data-api-base="${portal.url}"`);
    expect(embedCode).toContain('data-width="820px"');
    expect(embedCode).toContain('data-height="560px"');
    // a strict policy allows no inline code: the only script is the widget, the settings are data
    expect(embedCode.match(/<script\b/g)).toHaveLength(1);
    expect(embedCode).toMatch(/<script [^>]*src="[^"]+"[^>]*><\/script>/);
    expect(embedCode).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i);
  });

  test('When the code is pasted into a page on another origin with a strict CSP, Then the page shows the locator and a ZIP search lists the closest dealers', async () => {
    site.pages.set('/dealers.html', { html: htmlPage(embedCode), csp: strictPolicy(portal.url) });
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    const widget = page.waitForResponse((res) => res.url() === `${portal.url}/google-dealer-map-widget.js`);

    const response = await page.goto(`${siteOrigin}/dealers.html`);
    expect(response?.headers()['content-security-policy']).toBe(strictPolicy(portal.url));
    expect((await widget).status()).toBe(200);

    // the widget created the frame in the container, at the size the admin chose
    const iframe = page.locator('#dealer-locator > iframe');
    await iframe.waitFor();
    const src = (await iframe.getAttribute('src')) ?? '';
    expect(src.startsWith(`${portal.url}/?view=dealer-locator&embed=1#config=`)).toBe(true);
    expect(await iframe.getAttribute('title')).toBe('Dealer locator');
    const box = await iframe.boundingBox();
    expect(box && Math.round(box.width)).toBe(820);
    expect(box && Math.round(box.height)).toBe(560);

    // the frame shows the embedded locator: the locator alone, no header
    const frameLocator = page.frameLocator('#dealer-locator > iframe');
    await frameLocator.locator('.locator-page--embedded').waitFor({ timeout: 30_000 });
    await frameLocator.getByLabel('Address, city or ZIP').waitFor();
    expect(await frameLocator.locator('.locator-page__bar').count()).toBe(0);
    expect(await frameLocator.getByRole('button', { name: /^Back to/ }).count()).toBe(0);
    await frameLocator.getByRole('application').waitFor();
    // every placed dealer is on the framed map before any search
    expect(await drawnDealersBecome(frameLocator.locator('.dealer-map'), placed.length)).toBe(placed.length);

    // a ZIP search inside the frame lists the 5 closest dealers with their distances
    await frameLocator.getByLabel('Address, city or ZIP').fill('78701');
    await frameLocator.getByRole('button', { name: 'Search', exact: true }).click();
    const panel = frameLocator.getByRole('complementary', { name: 'Closest Dealers' });
    await panel.waitFor();
    const shown = await panel.locator('.locator__result').evaluateAll((buttons) =>
      buttons.map((button) => ({
        name: button.querySelector('.locator__result-name')?.textContent ?? '',
        distance: button.querySelector('.locator__result-distance')?.textContent ?? '',
      })),
    );
    const expected = await expectedClosest('78701');
    expect(shown).toEqual(expected);
    expect(expected[0]?.name).toBe('Capitol Outdoors');
    expect(await frameLocator.locator('.dealer-map__marker').count()).toBe(5);

    // a popup opens inside the frame
    await panel.locator('.locator__result', { hasText: 'Round Rock Hunting' }).click();
    await frameLocator
      .getByRole('dialog', { name: 'Dealer details' })
      .getByRole('heading', { name: 'Round Rock Hunting' })
      .waitFor();

    // nothing was blocked, in the dealer's page or in the frame, and nothing failed
    const frame = page.frames().find((f) => f.url().startsWith(`${portal.url}/`));
    expect(frame).toBeDefined();
    expect(await violations(page)).toEqual([]);
    // the frame's own policy is the portal's (script-src 'self'): zod's feature probe `Function('')` is refused
    // there and caught (zod then parses without eval), on the portal's every page, framed or not; nothing else
    const inFrame = await violations(frame as Frame);
    expect(inFrame.filter((v) => !(v.directive === 'script-src' && v.blocked === 'eval'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('When the page does not allow the portal in frame-src, Then its policy blocks the frame (the policy is enforced)', async () => {
    site.pages.set('/no-frames.html', { html: htmlPage(embedCode), csp: strictPolicy(portal.url, "'none'") });
    const page = await browser.context.newPage();
    await page.goto(`${siteOrigin}/no-frames.html`);
    // the script still runs and creates the frame; the page's own policy refuses to load it
    await page.locator('#dealer-locator > iframe').waitFor();
    await page.waitForFunction(
      () => (window as unknown as { __cspViolations: Violation[] }).__cspViolations.length > 0,
    );
    expect(await violations(page)).toEqual([
      expect.objectContaining({ directive: 'frame-src', blocked: expect.stringContaining(portal.url) }),
    ]);
    await page.close();
  });
});
