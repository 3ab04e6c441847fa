/**
 * The admin's Orders tab and Manage Dealers ask the server for pages (issue 18), in a real browser against the
 * real portal: 150 orders across every status and 30 days; the table loads more as it scrolls; filtering by
 * `delivered` and a date range while scrolled down shows the matching rows from the top (the table says it is
 * loading meanwhile, never "No orders match"); the dealer filter is a searchable picker; the CSV export holds
 * every matching order (as the API lists them), not the loaded rows; Manage Dealers finds a dealer by its
 * contact's name; both screens pass axe on a desktop and a phone.
 */
import { readFile } from 'node:fs/promises';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { adminApiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { axeViolations, expectNoAxeViolationsAtBothSizes, screenshots } from './pageChecks';

jest.setTimeout(300_000);

const ORDER_COUNT = 150;
/** The statuses the orders take in turn: delivered three times in eight, every other status once. */
const STATUS_CYCLE = [
  'delivered',
  'pending',
  'confirmed',
  'delivered',
  'in_shipment',
  'shipped',
  'delivered',
  'cancelled',
] as const;
/** Order i was placed i % 30 days ago. */
const DAYS_SPREAD = 30;

/** Dealers whose contact's name is in none of their other fields. */
const DEALERS = [
  ['Prairie Blinds Co', 'Morgan Quillfeather', 'prairie@lists.test', 'Wichita', 'KS', '67202'],
  ['Cedar Hollow Outfitters', 'Casey Brookline', 'cedar@lists.test', 'Bozeman', 'MT', '59715'],
  ['Marsh & Field', 'Riley Ashgrove', 'marsh@lists.test', 'Des Moines', 'IA', '50309'],
  ['Timber Ridge Outdoors', 'Jordan Elkhart', 'timber@lists.test', 'Missoula', 'MT', '59801'],
] as const;

interface ApiOrder {
  order_id: string;
  order_number: string;
  dealer_id: string;
  status: string;
}

/** A date `days` before today, as a date input holds it (YYYY-MM-DD, this machine's calendar). */
function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The order numbers of a CSV export (the first cell of each record after the header). */
function csvOrderNumbers(text: string): string[] {
  const records = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(records[0]).toBe(
    '"Order ID","Order Date","Dealer","Dealer Email","Items","Total","Paid","Balance","Status","Payment","PO Number"',
  );
  return records.slice(1).map((record) => /^"([^"]*)"/.exec(record)?.[1] ?? '');
}

describe('Orders and dealers read from the server a page at a time, in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let token: string;
  const dealerIds = new Map<string, string>();

  async function api<T>(route: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${portal.url}${route}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
    });
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** An order through the admin API; the order service learns of a new dealer from its event, moments later. */
  async function createOrder(dealerId: string, index: number): Promise<ApiOrder> {
    const body = JSON.stringify({
      dealer_id: dealerId,
      status: STATUS_CYCLE[index % STATUS_CYCLE.length],
      product_details: [
        { product_id: `custom_${index}`, title: `Freight ${index}`, quantity: 1 + (index % 4), price: 10 + index },
      ],
    });
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${portal.url}/api/admin/create-order`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body,
      });
      if (res.status === 200) return ((await res.json()) as { order: ApiOrder }).order;
      if (res.status !== 404 || attempt > 100)
        throw new Error(`create-order answered ${res.status}: ${await res.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser({ width: 1440, height: 900 });
    token = await adminApiToken(portal);

    const imported = await api<{ results: { successful_imports: number } }>('/api/admin/bulk-import-dealers', {
      method: 'POST',
      body: JSON.stringify({
        dealers: DEALERS.map(([business_name, full_name, email, city, state, zip_code], index) => ({
          business_name,
          full_name,
          email,
          phone: `316-555-01${index}0`,
          address: `${index + 1} Main St`,
          city,
          state,
          zip_code,
          zone: 'Midwest Zone',
        })),
      }),
    });
    expect(imported.results.successful_imports).toBe(DEALERS.length);
    const { dealers } = await api<{ dealers: { dealer_id: string; business_name: string }[] }>(
      '/api/admin/dealers-list',
    );
    for (const dealer of dealers) dealerIds.set(dealer.business_name, dealer.dealer_id);
    const ids = DEALERS.map(([name]) => dealerIds.get(name) ?? '');

    // 150 orders, four at a time, then spread over the last 30 days (the API stamps an order with now)
    const orders: ApiOrder[] = [];
    for (let start = 0; start < ORDER_COUNT; start += 4) {
      const batch = Array.from({ length: Math.min(4, ORDER_COUNT - start) }, (_, offset) => start + offset);
      orders.push(...(await Promise.all(batch.map((index) => createOrder(ids[index % ids.length] as string, index)))));
    }
    const db = new Client({ connectionString: portal.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE "order".orders AS o SET created_at = o.created_at - make_interval(days => v.days)
           FROM unnest($1::text[], $2::int[]) AS v(order_id, days) WHERE o.order_id = v.order_id`,
        [orders.map((order) => order.order_id), orders.map((_, index) => index % DAYS_SPREAD)],
      );
    } finally {
      await db.end();
    }
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** The Orders table's scroll container and how many rows it holds (aria-rowcount counts the header row). */
  const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
  const loadedRows = async (page: Page) => Number(await table(page).getAttribute('aria-rowcount')) - 1;
  const scrollTableToEnd = (page: Page) =>
    page.locator('.orders-panel .virtual-table').evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight;
    });

  test('When the admin scrolls the Orders table, filters it by delivered and a date range and exports it, Then the rows and the file hold every match', async () => {
    const admin = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
    const pageReads: string[] = [];
    admin.on('request', (request) => {
      const url = new URL(request.url());
      // the dashboard's held-orders alert reads only a total (limit=1), and may still be in flight here
      const countRead = url.searchParams.get('limit') === '1';
      if (url.pathname === '/api/admin/all-orders' && !countRead) pageReads.push(url.search);
    });
    await admin.getByRole('tab', { name: 'Orders', exact: true }).click();
    await admin.getByText(`${ORDER_COUNT} orders`, { exact: true }).waitFor();
    // one page on opening, not the whole list
    expect(pageReads).toHaveLength(1);
    expect(new URLSearchParams(pageReads[0]).get('limit')).toBe('50');
    expect(await loadedRows(admin)).toBe(50);
    await expectNoAxeViolationsAtBothSizes(admin, '.orders-panel');

    // scrolling to the end of the loaded rows reads the next page, until every order is loaded
    for (const loaded of [100, 150]) {
      await scrollTableToEnd(admin);
      await admin.waitForFunction(
        (rows) => Number(document.querySelector('table[aria-label="Orders"]')?.getAttribute('aria-rowcount')) > rows,
        loaded,
      );
      expect(await loadedRows(admin)).toBe(loaded);
    }
    await scrollTableToEnd(admin);
    const scroller = admin.locator('.orders-panel .virtual-table');
    expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(5000);

    // delivered, while scrolled down: the table goes back to its top and says it is loading until the page is in
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const deliveredOnly = (url: URL) =>
      url.pathname === '/api/admin/all-orders' && url.searchParams.get('status') === 'delivered';
    await admin.route(
      deliveredOnly,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const answered = admin.waitForResponse((response) => deliveredOnly(new URL(response.url())));
    await admin.locator('.orders-toolbar').getByLabel('Status').selectOption('delivered');
    await table(admin).getByText('Loading orders…').waitFor();
    await admin.getByText('Loading orders…').first().waitFor();
    expect(await admin.getByText('No orders match your current filters.').count()).toBe(0);
    expect(await admin.getByText(/^0 orders/).count()).toBe(0);
    release();
    await answered;

    const from = daysAgo(20);
    const to = daysAgo(6);
    await admin.getByLabel('From', { exact: true }).fill(from);
    await admin.getByLabel('To', { exact: true }).fill(to);
    const { orders: expected } = await api<{ orders: ApiOrder[] }>(
      `/api/admin/all-orders?status=delivered&from=${from}&to=${to}`,
    );
    expect(expected.length).toBeGreaterThan(5);
    expect(new Set(expected.map((order) => order.status))).toEqual(new Set(['delivered']));
    await admin.getByText(`${expected.length} orders match your filters`, { exact: true }).waitFor();
    const firstRow = table(admin).locator('tbody tr[aria-rowindex="2"]');
    await firstRow.filter({ hasText: `#${expected[0]?.order_number}` }).waitFor();
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(0);
    const shown = table(admin).locator('tbody tr[aria-rowindex]');
    expect(await shown.count()).toBeGreaterThan(5);
    for (const status of await shown.locator('.orders-table__status').allTextContents())
      expect(status).toBe('DELIVERED');
    expect(await admin.getByText('No orders match your current filters.').count()).toBe(0);
    await screenshots(admin, 'orders-server-filtered');

    // the export: every matching order, in the list's order, whatever the table has loaded
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = csvOrderNumbers(await readFile(await download.path(), 'utf8'));
    expect(exported).toEqual(expected.map((order) => order.order_number));

    // the dealer filter: a searchable picker asking the server
    const picker = admin.getByRole('combobox', { name: 'Dealer' });
    await picker.fill('prairie');
    const option = admin.getByRole('option', { name: 'Prairie Blinds Co (Wichita, KS)' });
    await option.waitFor();
    expect(await axeViolations(admin, '.orders-panel')).toEqual([]);
    await screenshots(admin, 'orders-dealer-picker');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await option.click();
    expect(await picker.inputValue()).toBe('Prairie Blinds Co (Wichita, KS)');
    const prairie = expected.filter((order) => order.dealer_id === dealerIds.get('Prairie Blinds Co'));
    const matches = prairie.length === 1 ? '1 order matches' : `${prairie.length} orders match`;
    await admin.getByText(`${matches} your filters`, { exact: true }).waitFor();
    for (const dealer of await shown.locator('.orders-table__dealer').allTextContents()) {
      expect(dealer).toBe('Prairie Blinds Co');
    }

    // by keyboard: the first option, All Dealers, lifts the dealer filter again
    await picker.focus();
    await picker.press('ArrowDown');
    await admin.getByRole('listbox', { name: 'Dealer' }).getByRole('option').first().waitFor();
    await picker.press('ArrowDown');
    expect(await picker.getAttribute('aria-activedescendant')).toBe(
      await admin.getByRole('option', { name: 'All Dealers' }).getAttribute('id'),
    );
    await picker.press('Enter');
    // React applies the choice in a render after the key event: wait for the list to close, not one read; through
    // a locator, found again each time (a handle would keep reading an input the new address re-rendered away)
    await admin.getByRole('combobox', { name: 'Dealer', expanded: false }).waitFor();
    expect(await picker.inputValue()).toBe('');
    await admin.getByText(`${expected.length} orders match your filters`, { exact: true }).waitFor();
    await admin.close();
  });

  test('When the admin searches Manage Dealers by a contact name, Then that dealer is listed', async () => {
    const admin = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
    await admin.getByRole('tab', { name: 'Manage Dealers' }).click();
    await admin.getByText(`${DEALERS.length} dealers`, { exact: true }).waitFor();
    await expectNoAxeViolationsAtBothSizes(admin, '.dealers-panel');
    await admin.getByLabel('Search').fill('Brookline');
    await admin.getByText('1 dealer matches your filters', { exact: true }).waitFor();
    await admin.getByRole('cell', { name: 'Cedar Hollow Outfitters', exact: true }).waitFor();
    expect(await admin.getByRole('table', { name: 'Dealers' }).locator('tbody tr[aria-rowindex]').count()).toBe(1);
    await admin.getByLabel('Search').fill('zzz-nobody');
    await admin.getByText('No dealers match your current filters.').waitFor();
    await admin.close();
  });
});
