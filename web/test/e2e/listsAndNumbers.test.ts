/**
 * Lists and numbers in a real browser (issue 20): counts agree with their nouns, statuses read as words where they
 * are labels, select-all and Delete Selected act only on the rows the filter shows and name them, each Settings
 * sub-tab is headed by its own name, and on a phone a dealer's whole name shows with no unsignalled sideways scroll.
 *
 * Needs the built portal (`npx turbo run build`, or `npm run build -w @portal/web` after a web change).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { screenshots } from './pageChecks';
import { landingPage, signIn } from './settingsSteps';

jest.setTimeout(240_000);

const LONG_NAME = 'Prairie Wind Hunting and Outdoor Supply Company';

const dealer = (business_name: string, email: string, city: string, state: string, zip_code: string) => ({
  email,
  business_name,
  full_name: `Owner of ${business_name}`,
  phone: '(406) 555-0100',
  address: '1 Main Street',
  city,
  state,
  zip_code,
  zone: 'Western Zone',
});

const DEALERS = [
  dealer('Alder Creek Outfitters', 'alder@lists.test', 'Bozeman', 'MT', '59715'),
  dealer('Birch Point Blinds', 'birch@lists.test', 'Missoula', 'MT', '59801'),
  dealer('Cedar Ridge Supply', 'cedar@lists.test', 'Austin', 'TX', '73301'),
  dealer(LONG_NAME, 'prairie@lists.test', 'Wichita', 'KS', '67202'),
];

const SETTINGS_TABS = [
  'Company Settings',
  'Manage Products',
  'System Configuration',
  'Admin Users',
  'Email Settings',
  'Map Settings',
  'Google Maps',
  'Bulk Import',
];

describe('Lists and numbers', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let page: Page;
  let token: string;
  const dealerIds = new Map<string, string>();

  async function api<T = Record<string, unknown>>(route: string, body: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${portal.url}${route}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status === 200) return (await res.json()) as T;
      // a new dealer reaches the order service by an event, moments after it is made
      if (res.status !== 404 || attempt > 100) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A dashboard tab: from the tab row, or on a phone from the menu. */
  async function openTab(name: string): Promise<void> {
    const tab = page.getByRole('tab', { name, exact: true });
    if (await tab.isVisible()) return tab.click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('button', { name, exact: true })
      .click();
  }

  async function openManageDealers(): Promise<void> {
    await openTab('Manage Dealers');
    await page.getByRole('heading', { name: 'All Dealers', exact: true }).waitFor();
    await page.getByText(/^\d+ dealers?( match(es)? your filters)?$/).waitFor();
  }

  beforeAll(async () => {
    portal = await startPortal();
    token = await adminApiToken(portal);
    for (const fields of DEALERS) {
      const created = await api<{ dealer_id: string }>('/api/admin/create-dealer', fields);
      dealerIds.set(fields.business_name, created.dealer_id);
    }
    // a one-line order of one item
    await api('/api/admin/create-order', {
      dealer_id: dealerIds.get('Alder Creek Outfitters'),
      product_details: [{ product_id: 'custom_decoy', title: 'Decoy bag', quantity: 1, price: 24.5, is_custom: true }],
    });
    browser = await launchBrowser({ width: 1440, height: 900 });
    page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.locator('.shell').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  test('When an order has one line of one item, Then the dealer detail says "1 item", not "1 items"', async () => {
    await openManageDealers();
    await page.getByRole('row', { name: /Alder Creek Outfitters/ }).click();
    const history = page.getByRole('list', { name: 'Orders' });
    await history.locator('.order-history__items', { hasText: /^1 item$/ }).waitFor();
    expect(await page.getByText(/\b1 items\b/).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to Dealers' }).click();
    await page.getByRole('heading', { name: 'All Dealers', exact: true }).waitFor();
  });

  test('When the Orders status filter is opened, Then its statuses read as words ("In shipment")', async () => {
    await openTab('Orders');
    await page.getByRole('heading', { name: 'All Orders', exact: true }).waitFor();
    await page.getByText(/^1 order$/).waitFor();
    const options = await page.locator('.orders-toolbar').getByLabel('Status').locator('option').allTextContents();
    expect(options).toContain('In shipment');
    expect(options).toContain('Pending');
    for (const option of options) expect(option).not.toMatch(/_|^[A-Z_]{3,}$/);
    const payments = await page.locator('.orders-toolbar').getByLabel('Payment').locator('option').allTextContents();
    expect(payments).toEqual(['All Payments', 'Unpaid', 'Partially paid', 'Paid']);
  });

  test('When a filter hides a selected dealer and all are selected, Then Delete Selected names only the shown ones', async () => {
    await openManageDealers();
    await page.getByRole('checkbox', { name: 'Select Cedar Ridge Supply' }).check();
    const bar = page.getByRole('region', { name: 'Selected dealers' });
    await bar.getByText('1 selected', { exact: true }).waitFor();

    // Montana only: Cedar Ridge (Texas) is no longer shown, so it is no longer selected
    await page.locator('.dealer-toolbar').getByLabel('State').selectOption('MT');
    await page.getByText('2 dealers match your filters').waitFor();
    await bar.waitFor({ state: 'hidden' });

    await page.getByRole('checkbox', { name: 'Select all dealers' }).check();
    await bar.getByText('2 selected', { exact: true }).waitFor();
    await bar.getByRole('button', { name: 'Delete Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Selected Dealers' });
    const question = (await dialog.getByTestId('bulk-delete-question').textContent()) ?? '';
    expect(question).toMatch(/^Delete 2 dealers: /);
    expect(question).toContain('Alder Creek Outfitters');
    expect(question).toContain('Birch Point Blinds');
    expect(question).not.toContain('Cedar Ridge Supply');
    await screenshots(page, 'lists-bulk-delete');
    await dialog.getByRole('button', { name: 'Delete Dealers' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Dealer deleted successfully!').waitFor();

    await page.locator('.dealer-toolbar').getByLabel('State').selectOption('');
    await page.getByText(/^2 dealers$/).waitFor();
    await page.getByRole('row', { name: /Cedar Ridge Supply/ }).waitFor();
  });

  test('When each Settings sub-tab opens, Then its heading is the name of its tab', async () => {
    await openTab('Settings');
    const tablist = page.getByRole('tablist', { name: 'System Settings' });
    await tablist.waitFor();
    for (const name of SETTINGS_TABS) {
      const tab = tablist.getByRole('tab', { name, exact: true });
      await tab.click();
      const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
      const heading = panel.locator('h2').first();
      await heading.waitFor();
      expect({ tab: name, heading: (await heading.textContent())?.trim() }).toEqual({ tab: name, heading: name });
    }
  });

  test('When Manage Dealers is shown on a phone, Then a long dealer name is whole and the page does not scroll sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openManageDealers();
    const name = page.locator('.dealer-table__name-text', { hasText: LONG_NAME });
    await name.waitFor();
    const shown = await name.evaluate((element) => ({
      text: element.textContent,
      cutVertically: element.scrollHeight > element.clientHeight + 1,
      cutSideways: element.scrollWidth > element.clientWidth + 1,
    }));
    expect(shown).toEqual({ text: LONG_NAME, cutVertically: false, cutSideways: false });
    const sideways = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
    }));
    expect(sideways.scrollWidth).toBeLessThanOrEqual(sideways.innerWidth);
    await page.screenshot({ path: path.join(tmpdir(), 'lists-manage-dealers-390.png') });

    // the Orders table is wider than a phone: it says so, and keeps the order number in view
    await openTab('Orders');
    await page.getByRole('heading', { name: 'All Orders', exact: true }).waitFor();
    await page.getByText('Scroll sideways for more columns').waitFor();
    const number = page.locator('td.orders-table__number').first();
    const before = await number.boundingBox();
    await page.locator('.orders-panel .virtual-table').evaluate((box) => {
      box.scrollLeft = box.scrollWidth;
    });
    await page.locator('td.orders-table__payment').first().waitFor();
    expect(await number.boundingBox()).toEqual(before);
    await page.screenshot({ path: path.join(tmpdir(), 'lists-orders-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
