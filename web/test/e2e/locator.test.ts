/**
 * The public dealer locator in a real Chromium against the whole portal: dealers imported through the API are
 * geocoded offline by the geocoding service (dealer.created), then found from the landing page's Dealer Map card
 * by ZIP and by city, with distances, popups, and by keyboard alone.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { drawnDealersBecome, importGeocodedDealers, type MapDealer, milesBetween } from './locatorSteps';

jest.setTimeout(240_000);

interface Place {
  business_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
}

/** Real places around Austin and Denver, and a few far away. */
const PLACES: Place[] = [
  ['Capitol Outdoors', '1100 Congress Ave', 'Austin', 'TX', '78701'],
  ['South Austin Blinds', '4500 S Congress Ave', 'Austin', 'TX', '78745'],
  ['Round Rock Hunting', '221 E Main St', 'Round Rock', 'TX', '78664'],
  ['San Marcos Sporting', '630 E Hopkins St', 'San Marcos', 'TX', '78666'],
  ['Georgetown Game Supply', '113 W 8th St', 'Georgetown', 'TX', '78626'],
  ['Waco Field & Stream', '510 Austin Ave', 'Waco', 'TX', '76701'],
  ['Alamo Blinds', '300 Alamo Plaza', 'San Antonio', 'TX', '78205'],
  ['Bayou Hunting Co', '901 Bagby St', 'Houston', 'TX', '77002'],
  ['Big D Outfitters', '1500 Marilla St', 'Dallas', 'TX', '75201'],
  ['Mile High Blinds', '1437 Bannock St', 'Denver', 'CO', '80202'],
  ['Aurora Game & Fish', '15151 E Alameda Pkwy', 'Aurora', 'CO', '80012'],
  ['Lakewood Outdoor', '480 S Allison Pkwy', 'Lakewood', 'CO', '80226'],
  ['Boulder Ridge Supply', '1777 Broadway', 'Boulder', 'CO', '80302'],
  ['Springs Sporting Goods', '30 S Nevada Ave', 'Colorado Springs', 'CO', '80903'],
  ['Fort Collins Field', '300 LaPorte Ave', 'Fort Collins', 'CO', '80521'],
  ['Pueblo Hunting', '1 City Hall Pl', 'Pueblo', 'CO', '81003'],
  ['Gallatin Blinds', '121 N Rouse Ave', 'Bozeman', 'MT', '59715'],
  ['Puget Sound Outdoors', '600 4th Ave', 'Seattle', 'WA', '98104'],
].map(([business_name, address, city, state, zip_code]) => ({
  business_name: business_name as string,
  address: address as string,
  city: city as string,
  state: state as string,
  zip_code: zip_code as string,
}));

describe('The dealer locator in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let placed: MapDealer[];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    placed = await importGeocodedDealers(
      portal,
      await adminApiToken(portal),
      PLACES.map((place, i) => ({
        ...place,
        full_name: `Owner ${i}`,
        email: `dealer${i}@locator.test`,
        phone: `(512) 555-01${String(i).padStart(2, '0')}`,
        website: `dealer${i}.example.com`,
        zone: 'Southern Zone',
      })),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** The 5 dealers closest to where the server understood `query`, nearest first. */
  async function expectedClosest(query: string): Promise<{ name: string; distance: string }[]> {
    const res = await fetch(`${portal.url}/api/public/search-dealers?query=${encodeURIComponent(query)}`);
    if (!res.ok) throw new Error(`search-dealers answered ${res.status}`);
    const { center } = (await res.json()) as { center: { lat: number; lng: number } };
    return placed
      .map((dealer) => ({
        name: dealer.business_name,
        miles: milesBetween(center, dealer.coordinates as { lat: number; lng: number }),
      }))
      .sort((a, b) => a.miles - b.miles)
      .slice(0, 5)
      .map((dealer) => ({ name: dealer.name, distance: `${(Math.round(dealer.miles * 10) / 10).toFixed(1)} mi` }));
  }

  async function openLocatorFromLanding(): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(portal.url);
    await page.getByRole('link', { name: /Find a dealer near you/ }).click();
    await page.getByRole('heading', { name: 'Find a Dealer' }).waitFor();
    return page;
  }

  async function shownResults(page: Page): Promise<{ name: string; distance: string }[]> {
    const panel = page.getByRole('complementary', { name: 'Closest Dealers' });
    await panel.waitFor();
    return panel.locator('.locator__result').evaluateAll((buttons) =>
      buttons.map((button) => ({
        name: button.querySelector('.locator__result-name')?.textContent ?? '',
        distance: button.querySelector('.locator__result-distance')?.textContent ?? '',
      })),
    );
  }

  test('When a visitor searches a ZIP code, Then the 5 closest dealers show with their distances and a popup', async () => {
    const page = await openLocatorFromLanding();
    const search = page.getByLabel('Address, city or ZIP');

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a location to search' }).waitFor();

    await search.fill('78701');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const expected = await expectedClosest('78701');
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor();
    expect(await shownResults(page)).toEqual(expected);
    expect(expected[0]?.name).toBe('Capitol Outdoors');
    // a successful search clears the input
    expect(await search.inputValue()).toBe('');
    // each result is a marker on the map
    expect(await page.locator('.dealer-map__marker').count()).toBe(5);

    await page.locator('.locator__result', { hasText: 'Round Rock Hunting' }).click();
    const popup = page.getByRole('dialog', { name: 'Dealer details' });
    await popup.getByRole('heading', { name: 'Round Rock Hunting' }).waitFor();
    await popup.getByText('221 E Main St').waitFor();
    await popup.getByText('Round Rock, TX 78664').waitFor();
    const index = PLACES.findIndex((place) => place.business_name === 'Round Rock Hunting');
    expect(await popup.getByRole('link', { name: /555-01/ }).getAttribute('href')).toBe(
      `tel:51255501${String(index).padStart(2, '0')}`,
    );
    expect(await popup.getByRole('link', { name: `dealer${index}@locator.test` }).getAttribute('href')).toBe(
      `mailto:dealer${index}@locator.test`,
    );
    expect(await popup.getByRole('link', { name: 'Visit Website' }).getAttribute('href')).toBe(
      `https://dealer${index}.example.com`,
    );
    // the popup is announced to screen readers
    await page.locator('[aria-live="polite"]').filter({ hasText: 'Details: Round Rock Hunting' }).waitFor();

    // clicking the map closes the popup
    await page.locator('.dealer-map__svg').click({ position: { x: 5, y: 5 } });
    await popup.waitFor({ state: 'detached' });

    await search.fill('Qzxqzx Nowhere Place 00000');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Location not found: / })
      .waitFor();
    await page.close();
  });

  test('When the locator opens, Then every placed dealer is on the map before any search, and again after Show All', async () => {
    const page = await openLocatorFromLanding();
    const map = page.locator('.dealer-map');
    // markers, or clusters where they are dense: every dealer the geocoding service placed
    expect(await drawnDealersBecome(map, placed.length)).toBe(placed.length);
    await page.getByRole('application', { name: /^Map of dealers\./ }).waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'locator-all-dealers-1280.png') });

    // a marker's popup before any search: its business, address and links (no distance: nothing was searched)
    // (by keyboard: the Denver area's markers overlap at this zoom)
    await page.locator('.dealer-map__marker[aria-label^="Mile High Blinds,"]').focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Dealer details' });
    await popup.getByRole('heading', { name: 'Mile High Blinds' }).waitFor();
    await popup.getByText('Denver, CO 80202').waitFor();
    await popup.getByRole('link', { name: 'Visit Website' }).waitFor();
    expect(await popup.getByText(/ mi away$/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    // a search fits the 5 closest and lists them
    await page.getByLabel('Address, city or ZIP').fill('78701');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor();
    expect(await drawnDealersBecome(map, 5)).toBe(5);

    // Show All: every dealer again; the list is revalidated, and the server answers it has not changed
    const revalidated = page.waitForResponse((res) => res.url() === `${portal.url}/api/public/dealer-locations`);
    await page.getByRole('button', { name: 'Show All' }).click();
    expect((await revalidated).status()).toBe(304);
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor({ state: 'detached' });
    expect(await drawnDealersBecome(map, placed.length)).toBe(placed.length);

    // on a phone too
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${portal.url}/?view=dealer-locator`);
    expect(await drawnDealersBecome(phone.locator('.dealer-map'), placed.length)).toBe(placed.length);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.screenshot({ path: path.join(tmpdir(), 'locator-all-dealers-390.png'), fullPage: true });
    await phone.close();
    await page.close();
  });

  test('When a visitor searches a city, Then the 5 closest dealers around it show', async () => {
    const page = await openLocatorFromLanding();
    await page.getByLabel('Address, city or ZIP').fill('Denver, CO');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const expected = await expectedClosest('Denver, CO');
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor();
    expect(await shownResults(page)).toEqual(expected);
    expect(expected.map((dealer) => dealer.name)).toContain('Mile High Blinds');
    for (const dealer of expected) expect(dealer.distance).toMatch(/^\d+\.\d mi$/);

    await page.getByRole('button', { name: 'Show All' }).click();
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor({ state: 'detached' });
    await page.close();
  });

  test('When a visitor uses only the keyboard, Then searching, choosing a marker and reading its popup work', async () => {
    const page = await openLocatorFromLanding();
    await page.getByLabel('Address, city or ZIP').focus();
    await page.keyboard.type('Austin, TX');
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Closest Dealers' }).waitFor();

    // Tab from the last control before the map into it, then onto the first marker
    const map = page.getByRole('application');
    await map.focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-dealer-id'));
    expect(focused).toBeTruthy();
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(label).toMatch(/, \d+\.\d mi, /);

    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Dealer details' });
    await popup.waitFor();
    // the popup takes the focus, its links are next, Escape closes it and returns to the marker
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dealer-map__popup'))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-dealer-id') === id, focused);

    // the results list is operable by keyboard too
    const first = page.locator('.locator__result').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await popup.waitFor();
    await page.close();
  });

  test('When the locator is opened on a phone, Then the results stack under the map', async () => {
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${portal.url}/?view=dealer-locator`);
    await phone.getByLabel('Address, city or ZIP').fill('80202');
    await phone.getByRole('button', { name: 'Search', exact: true }).click();
    const panel = phone.getByRole('complementary', { name: 'Closest Dealers' });
    await panel.waitFor();
    const [mapBox, panelBox] = await Promise.all([phone.locator('.dealer-map').boundingBox(), panel.boundingBox()]);
    expect(panelBox && mapBox && panelBox.y > mapBox.y).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.close();
  });
});
