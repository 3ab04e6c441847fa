/**
 * The public locator's own address in a real Chromium: a search kept in /find-a-dealer's query (a shared link
 * shows the same dealers), the radius and category filters, the published generated website in the popup and
 * the result cards, a failed search clearing the old results, and clustering only when switched on.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { drawnDealersBecome, importGeocodedDealers, type MapDealer } from './locatorSteps';

jest.setTimeout(240_000);

/** Dealers around Kansas City (66002 is Atchison, KS), one in Denver far away. */
const PLACES = [
  ['Atchison Outfitters', '819 Commercial St', 'Atchison', 'KS', '66002'],
  ['Leavenworth Blinds', '100 N 5th St', 'Leavenworth', 'KS', '66048'],
  ['St Joseph Hunting', '1100 Frederick Ave', 'St. Joseph', 'MO', '64501'],
  ['Lawrence Field Supply', '6 E 6th St', 'Lawrence', 'KS', '66044'],
  ['Kansas City Game', '414 E 12th St', 'Kansas City', 'MO', '64106'],
  ['Olathe Sporting', '100 E Santa Fe St', 'Olathe', 'KS', '66061'],
  ['Topeka Outdoor', '215 SE 7th St', 'Topeka', 'KS', '66603'],
  ['Mile High Blinds', '1437 Bannock St', 'Denver', 'CO', '80202'],
].map(([business_name, address, city, state, zip_code], i) => ({
  business_name: business_name as string,
  address: address as string,
  city: city as string,
  state: state as string,
  zip_code: zip_code as string,
  full_name: `Owner ${i}`,
  email: `share${i}@locator.test`,
  phone: `(913) 555-02${String(i).padStart(2, '0')}`,
  website: `share${i}.example.com`,
  zone: 'Midwest Zone',
}));

describe('The locator at its own address', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let token: string;
  let placed: MapDealer[];

  async function admin(route: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    const res = await fetch(`${portal.url}${route}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      },
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  }

  const idOf = (name: string) => {
    const found = placed.find((dealer) => dealer.business_name === name);
    if (!found) throw new Error(`${name} was not placed`);
    return found.dealer_id;
  };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    token = await adminApiToken(portal);
    placed = await importGeocodedDealers(portal, token, PLACES);

    // a configured "Pro Staff Dealer" category with two dealers; nobody is a distributor
    const settings = await admin('/api/admin/map-settings');
    const categories = (settings.categories as { id: string }[]).filter((category) => category.id !== 'distributor');
    await admin('/api/admin/map-settings', {
      method: 'POST',
      body: JSON.stringify({
        categories: [
          ...categories,
          { id: 'pro_staff_dealer', name: 'Pro Staff Dealer', color: 'green', icon: null, iconSize: 10 },
        ],
      }),
    });
    for (const name of ['Lawrence Field Supply', 'Topeka Outdoor'])
      await admin('/api/admin/update-dealer-category', {
        method: 'POST',
        body: JSON.stringify({ dealer_id: idOf(name), category: 'pro_staff_dealer' }),
      });

    // Leavenworth Blinds' generated website goes live
    const form = new FormData();
    form.set('use_own_website', 'false');
    form.set('custom_website_enabled', 'true');
    form.set('description', 'Blinds and calls since 1990');
    await admin(`/api/admin/update-dealer-website/${encodeURIComponent(idOf('Leavenworth Blinds'))}`, {
      method: 'POST',
      body: form,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function listed(page: Page): Promise<string[]> {
    const panel = page.getByRole('complementary', { name: 'Closest Dealers' });
    await panel.waitFor();
    return panel.locator('.locator__result-name').allTextContents();
  }

  /** Waits until the Closest Dealers list names exactly `expected` (in order). */
  async function listBecomes(page: Page, expected: string[]): Promise<void> {
    const deadline = Date.now() + 15_000;
    let names = await listed(page);
    while (JSON.stringify(names) !== JSON.stringify(expected) && Date.now() < deadline) {
      await page.waitForTimeout(100);
      names = await listed(page).catch(() => []);
    }
    expect(names).toEqual(expected);
  }

  test('When a searched ZIP is shared, Then its link opens the same five dealers, and Back returns to the map of all', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${portal.url}/find-a-dealer`);
    await page.getByRole('heading', { name: 'Find a Dealer' }).waitFor();
    await page.getByLabel('Address, city or ZIP').fill('66002');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const first = await listed(page);
    expect(first).toHaveLength(5);
    expect(first[0]).toBe('Atchison Outfitters');
    await page.waitForURL((url) => url.pathname === '/find-a-dealer' && url.searchParams.get('zip') === '66002');
    const shared = page.url();

    const other = await browser.context.newPage();
    await other.goto(shared);
    await listBecomes(other, first);
    expect(await other.locator('.dealer-map__marker').count()).toBe(5);
    // reload shows it again
    await other.reload();
    await listBecomes(other, first);
    await other.close();

    await page.goBack();
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor({ state: 'detached' });
    expect(await drawnDealersBecome(page.locator('.dealer-map'), placed.length)).toBe(placed.length);
    await page.close();
  });

  test('When the radius is narrowed after a search, Then only the dealers within it stay listed and drawn', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${portal.url}/find-a-dealer?zip=66002`);
    await listBecomes(page, (await listed(page)).slice(0, 5));
    expect(await listed(page)).toHaveLength(5);

    await page.getByLabel('Within').selectOption('25');
    // Atchison, Leavenworth and St. Joseph (about 20 mi) are within 25 miles of 66002; the others are not
    await listBecomes(page, ['Atchison Outfitters', 'Leavenworth Blinds', 'St Joseph Hunting']);
    expect(await drawnDealersBecome(page.locator('.dealer-map'), 3)).toBe(3);
    expect(new URL(page.url()).searchParams.get('radius')).toBe('25');

    await page.getByLabel('Within').selectOption('10');
    await listBecomes(page, ['Atchison Outfitters']);
    expect(await drawnDealersBecome(page.locator('.dealer-map'), 1)).toBe(1);

    // nobody within 10 miles of Hutchinson, KS: said so, with the nearest dealer
    await page.getByLabel('Address, city or ZIP').fill('67501');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(/^No dealers within 10 miles\. The nearest dealer is/).waitFor();
    await page.close();
  });

  test('When the category filter opens, Then it offers the configured categories dealers have', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${portal.url}/find-a-dealer`);
    const select = page.getByLabel('Category');
    // until the dealers have loaded the filter offers every configured category (Manufacturer too): wait for the
    // list narrowed to the categories dealers have, not merely for Pro Staff Dealer to appear
    const expected = ['All categories', 'Dealer', 'Pro Staff Dealer'];
    const deadline = Date.now() + 15_000;
    let options = await select.locator('option').allTextContents();
    while (options.join('\n') !== expected.join('\n') && Date.now() < deadline) {
      await page.waitForTimeout(100);
      options = await select.locator('option').allTextContents();
    }
    expect(options).toEqual(expected);

    await page.getByLabel('Address, city or ZIP').fill('66002');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await listed(page);
    await select.selectOption({ label: 'Pro Staff Dealer' });
    await listBecomes(page, ['Lawrence Field Supply', 'Topeka Outdoor']);
    expect(new URL(page.url()).searchParams.get('category')).toBe('pro_staff_dealer');
    await page.close();
  });

  test("When a published dealer's popup opens, Then it links its live website, its phone and directions", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${portal.url}/find-a-dealer?zip=66002`);
    await listed(page);
    const card = page.locator('.locator__result-item', { hasText: 'Leavenworth Blinds' });
    const websitePath = `/api/dealer-website/${encodeURIComponent(idOf('Leavenworth Blinds'))}`;
    await card
      .getByRole('link', { name: 'Visit Website of Leavenworth Blinds' })
      .and(card.locator(`a[href="${websitePath}"]`))
      .waitFor();

    await card.locator('.locator__result').click();
    const popup = page.getByRole('dialog', { name: 'Dealer details' });
    await popup.getByRole('heading', { name: 'Leavenworth Blinds' }).waitFor();
    const website = popup.getByRole('link', { name: /^Visit Website/ });
    await website.and(popup.locator(`a[href="${websitePath}"]`)).waitFor();
    expect(await website.getAttribute('target')).toBe('_blank');
    expect(await website.getAttribute('rel')).toContain('noopener');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: path.join(tmpdir(), 'locator-share-popup-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await popup.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(tmpdir(), 'locator-share-popup-390.png') });
    // the live site answers
    const live = await fetch(`${portal.url}${websitePath}`);
    expect(live.status).toBe(200);
    expect(await popup.getByRole('link', { name: /555-0201/ }).getAttribute('href')).toBe('tel:9135550201');
    const directions = await popup.getByRole('link', { name: /^Directions/ }).getAttribute('href');
    expect(directions).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d/);

    // an unpublished dealer links its own website
    await page.keyboard.press('Escape');
    await page.locator('.locator__result', { hasText: 'Atchison Outfitters' }).click();
    await popup.getByRole('heading', { name: 'Atchison Outfitters' }).waitFor();
    expect(await popup.getByRole('link', { name: /^Visit Website/ }).getAttribute('href')).toBe(
      'https://share0.example.com',
    );
    await page.close();
  });

  test('When a search fails after one that found dealers, Then the old results and markers go', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${portal.url}/find-a-dealer?zip=66002`);
    expect(await listed(page)).toHaveLength(5);
    await page.getByLabel('Address, city or ZIP').fill('Qzxqzx Nowhere Place 00000');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Location not found: / })
      .waitFor();
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor({ state: 'detached' });
    expect(await drawnDealersBecome(page.locator('.dealer-map'), 0)).toBe(0);
    await page.close();
  });

  test('When the locator opens on a phone, Then it starts at its top and fits the width', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(portal.url);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: /Find a dealer near you/ }).click();
    await page.getByRole('heading', { name: 'Find a Dealer' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goto(`${portal.url}/find-a-dealer?zip=66002`);
    await listed(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(tmpdir(), 'locator-share-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: path.join(tmpdir(), 'locator-share-1440.png') });
    await page.close();
  });

  // last: it adds many dealers
  test('When clustering is off, Then every dealer is its own marker even on a dense map; on, Then nearby ones cluster', async () => {
    const many = Array.from({ length: 160 }, (_, i) => ({
      ...PLACES[i % 7],
      business_name: `Dense Dealer ${i}`,
      full_name: `Dense Owner ${i}`,
      email: `dense${i}@locator.test`,
    }));
    await admin('/api/admin/bulk-import-dealers', { method: 'POST', body: JSON.stringify({ dealers: many }) });
    const total = placed.length + many.length;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const body = await admin('/api/admin/dealers-for-map');
      if ((body.dealers as MapDealer[]).filter((dealer) => dealer.coordinates).length === total) break;
      if (Date.now() > deadline) throw new Error('the dense dealers were not all geocoded');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const embed = (clustering: boolean) =>
      `${portal.url}/?view=dealer-locator&embed=1#config=${encodeURIComponent(JSON.stringify({ clustering }))}`;
    const page = await browser.context.newPage();
    await page.goto(embed(false));
    const map = page.locator('.dealer-map');
    expect(await drawnDealersBecome(map, total)).toBe(total);
    expect(await map.locator('.dealer-map__cluster').count()).toBe(0);
    expect(await map.locator('.dealer-map__marker').count()).toBe(total);

    await page.close();

    // a new page: the config is in the hash, and a hash change alone does not reload the frame
    const clustered = await browser.context.newPage();
    await clustered.goto(embed(true));
    const clusteredMap = clustered.locator('.dealer-map');
    expect(await drawnDealersBecome(clusteredMap, total)).toBe(total);
    expect(await clusteredMap.locator('.dealer-map__cluster').count()).toBeGreaterThan(0);
    expect(await clusteredMap.locator('.dealer-map__marker').count()).toBeLessThan(total);
    await clustered.close();

    // the public page follows the Map Settings' "Cluster nearby markers": off (the default), then on
    const publicPage = await browser.context.newPage();
    await publicPage.goto(`${portal.url}/find-a-dealer`);
    const publicMap = publicPage.locator('.dealer-map');
    expect(await drawnDealersBecome(publicMap, total)).toBe(total);
    expect(await publicMap.locator('.dealer-map__cluster').count()).toBe(0);
    const saved = await admin('/api/admin/map-settings');
    await admin('/api/admin/map-settings', {
      method: 'POST',
      body: JSON.stringify({ categories: saved.categories, settings: { enableClustering: true } }),
    });
    await publicPage.reload();
    expect(await drawnDealersBecome(publicMap, total)).toBe(total);
    await publicMap.locator('.dealer-map__cluster').first().waitFor();
    expect(await publicMap.locator('.dealer-map__marker').count()).toBeLessThan(total);
    await publicPage.close();
  });
});
