/**
 * Shipping end to end in a real browser against the real portal. The admin confirms four orders of two dealers
 * (through the API). The admin ships two of them from Orders Ready to Ship, orders the route closest first, marks
 * one delivered (IN PROGRESS) then the other (COMPLETED), after which the route controls are off, and sets a start
 * point in the route settings. A delivery user ships the other two, opens the route with the Generated Routes
 * button, reorders it (closest last, a move down, Optimise with a locked stop, closest first), prints the route
 * sheet, marks one order shipped then delivered (IN PROGRESS) and the other delivered (COMPLETED), sees them
 * DELIVERED in the read-only Orders tab and the view-only Dealer Directory.
 *
 * Needs the built portal (`npx turbo run build`). SHIPPING_E2E_WEB_DIST serves another build of the web client
 * (e.g. `npx vite build --outDir /tmp/web` in web/ while another feature keeps the workspace build from passing).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { adminApiToken, apiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectText, screenshots } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(240_000);

const MISSOULA = { business_name: 'Timber Ridge Outdoors', city: 'Missoula', state: 'MT', zip_code: '59801' };
const WICHITA = { business_name: 'Prairie Blind Supply', city: 'Wichita', state: 'KS', zip_code: '67202' };
const SHIPMENT_NAME = 'Plains and Rockies run';
const ADMIN_SHIPMENT = 'Office run';
const ROUTE_FINAL = 'This shipment is completed: its route is kept as it was driven.';

interface ApiOrder {
  order_id: string;
  order_number: string;
  status: string;
}

describe('Shipping and the delivery dashboard in a real browser', () => {
  let portal: Portal;
  let deliveryBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let adminToken: string;

  beforeAll(async () => {
    const webDist = process.env.SHIPPING_E2E_WEB_DIST;
    portal = await startPortal(webDist ? { WEB_DIST: webDist } : {});
    deliveryBrowser = await launchBrowser();
    adminBrowser = await launchBrowser();
    adminToken = await adminApiToken(portal);
  });

  afterAll(async () => {
    await deliveryBrowser?.close();
    await adminBrowser?.close();
    await portal?.stop();
  });

  async function call<T = Record<string, unknown>>(
    route: string,
    init: { method?: string; body?: unknown; token?: string } = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { Authorization: `Bearer ${init.token ?? adminToken}` };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${portal.url}${route}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async function createDealer(fields: typeof MISSOULA, email: string): Promise<string> {
    const res = await call<{ dealer: { dealer_id: string } }>('/api/admin/create-dealer', {
      method: 'POST',
      body: {
        email,
        full_name: `${fields.city} Buyer`,
        phone: '(555) 010-2030',
        address: '100 Main Street',
        zone: 'Midwest Zone',
        ...fields,
      },
    });
    if (res.status !== 200) throw new Error(`create-dealer answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.dealer.dealer_id;
  }

  /** A pending order made by the admin, then confirmed (PUT update-order): ready to ship. */
  async function confirmedOrder(dealerId: string, title: string, quantity: number): Promise<ApiOrder> {
    const created = await call<{ order: ApiOrder }>('/api/admin/create-order', {
      method: 'POST',
      body: { dealer_id: dealerId, product_details: [{ product_id: 'custom_1', title, price: 24.35, quantity }] },
    });
    expect(created.status).toBe(200);
    const confirmed = await call<{ order: ApiOrder }>(`/api/admin/update-order/${created.body.order.order_id}`, {
      method: 'PUT',
      body: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    return created.body.order;
  }

  async function shipmentIdOf(name: string): Promise<string> {
    const res = await call<{ shipments: { shipment_id: string; shipment_name: string }[] }>('/api/admin/shipments');
    const shipment = res.body.shipments.find((one) => one.shipment_name === name);
    if (!shipment) throw new Error(`no shipment named ${name}`);
    return shipment.shipment_id;
  }

  let missoulaId: string;
  let wichitaId: string;

  test('When the admin ships two confirmed orders, orders them closest first and delivers them, Then the shipment goes READY, IN PROGRESS, COMPLETED and its route is kept', async () => {
    missoulaId = await createDealer(MISSOULA, 'buyer@timber.test');
    wichitaId = await createDealer(WICHITA, 'buyer@prairie.test');
    const adminMissoula = await confirmedOrder(missoulaId, 'Ridge Hub Blind', 1);
    const adminWichita = await confirmedOrder(wichitaId, 'Brush Loop Kit', 1);
    // the events reach the shipping service: both orders ready, both dealers placed on the map
    await eventually(async () => {
      const ready = await call<{ orders: ApiOrder[] }>('/api/admin/ready-to-ship-orders');
      expect(ready.body.orders).toHaveLength(2);
      const map = await call<{ dealers: { dealer_id: string; coordinates: { lat: number } | null }[] }>(
        '/api/admin/dealers-for-map',
      );
      expect(map.body.dealers.filter((dealer) => dealer.coordinates?.lat)).toHaveLength(2);
    });

    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await admin.getByRole('tab', { name: 'Shipping', exact: true }).click();
    await admin.getByRole('heading', { name: 'Orders Ready to Ship (2)' }).waitFor();
    // Missoula picked first: the original route starts there
    await admin.getByRole('checkbox', { name: `Select order ${adminMissoula.order_number}` }).check();
    await admin.getByRole('checkbox', { name: `Select order ${adminWichita.order_number}` }).check();
    await admin.getByLabel('Shipment name (optional)').fill(ADMIN_SHIPMENT);
    await admin.getByRole('button', { name: 'Create Shipment' }).click();
    await expectMessage(admin, 'Shipment created successfully with 2 orders', 'success');
    await admin.getByRole('heading', { name: 'Orders Ready to Ship (0)' }).waitFor();

    await admin.getByRole('tab', { name: 'Generated Routes' }).click();
    const card = admin.getByRole('article', { name: ADMIN_SHIPMENT });
    await expectText(card.locator('.shipment-card__header .badge'), 'READY');
    await expectStops(card, [MISSOULA.business_name, WICHITA.business_name]);
    // closest first: Wichita is nearer the map centre than Missoula
    const mode = card.getByLabel('Route order');
    await mode.selectOption('closest_first');
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    await eventuallyValue(mode, 'closest_first');

    const missoulaOrder = card.getByRole('listitem', { name: `Order ${adminMissoula.order_number}` });
    await missoulaOrder.getByRole('button', { name: 'Mark Delivered' }).click();
    await missoulaOrder.getByText('DELIVERED', { exact: true }).waitFor();
    await expectText(card.locator('.shipment-card__header .badge'), 'IN PROGRESS');
    await card.getByText('1 of 2 orders delivered').waitFor();
    // still under way: the route may change
    expect(await card.getByRole('button', { name: 'Optimise' }).isDisabled()).toBe(false);
    const wichitaOrder = card.getByRole('listitem', { name: `Order ${adminWichita.order_number}` });
    await wichitaOrder.getByRole('button', { name: 'Mark Delivered' }).click();
    await wichitaOrder.getByText('DELIVERED', { exact: true }).waitFor();
    await expectText(card.locator('.shipment-card__header .badge'), 'COMPLETED');
    await card.getByText('2 of 2 orders delivered').waitFor();

    // COMPLETED: the route is the record of the trip, every route control is off
    await card.getByText(ROUTE_FINAL).waitFor();
    expect(await mode.isDisabled()).toBe(true);
    expect(await mode.inputValue()).toBe('closest_first');
    expect(await card.getByRole('button', { name: 'Optimise' }).isDisabled()).toBe(true);
    const routeButtons = card.locator('.route-stop__controls button');
    expect(await routeButtons.count()).toBe(6); // up, down and lock of each stop
    expect(await routeButtons.evaluateAll((buttons) => buttons.every((b) => (b as HTMLButtonElement).disabled))).toBe(
      true,
    );
    expect(await card.getByRole('button', { name: 'Print route sheet' }).isDisabled()).toBe(false);
    // and the server refuses a route change all the same
    const refused = await call<{ detail: string }>(
      `/api/admin/shipment/${await shipmentIdOf(ADMIN_SHIPMENT)}/optimize-route`,
      { method: 'POST' },
    );
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ detail: 'Error: This shipment is completed; its route can no longer change' }),
    });
    await screenshots(admin, 'shipping-admin-completed', { fullPage: true });

    // route settings (admin only): a start point makes the first leg run from it
    await admin.getByText('Route settings', { exact: true }).click();
    await admin.getByLabel('Start point').fill('Dallas depot');
    await admin.getByLabel('Latitude').fill('32.7767');
    await admin.getByLabel('Longitude').fill('');
    await admin.getByRole('button', { name: 'Save route settings' }).click();
    await expectMessage(
      admin,
      'Error: Enter both the latitude and the longitude of the start point, or neither',
      'error',
    );
    await admin.getByLabel('Longitude').fill('-96.797');
    await admin.getByLabel('Average speed (mph)').fill('150');
    await admin.getByRole('button', { name: 'Save route settings' }).click();
    await expectMessage(admin, 'Error: Average speed must be between 1 and 100 mph', 'error');
    await admin.getByLabel('Average speed (mph)').fill('60');
    await admin.getByRole('button', { name: 'Save route settings' }).click();
    await expectMessage(admin, 'Shipping settings saved successfully!', 'success');
    await admin
      .getByText('Miles and ETAs are straight-line from Dallas depot, at 60 mph with 15 min at each stop.')
      .waitFor();
    // Dallas to Wichita (the first stop) is about 300 straight-line miles
    await eventually(async () => {
      const firstLeg = await card.locator('.route-stop').first().locator('.route-stop__meta').textContent();
      const miles = Number(/([\d.]+) mi/.exec(firstLeg ?? '')?.[1]);
      expect(miles).toBeGreaterThan(250);
      expect(miles).toBeLessThan(350);
    });
  });

  test('When a delivery user ships two confirmed orders from the Generated Routes button and delivers them, Then the shipment goes READY, IN PROGRESS, COMPLETED and the directory is view-only', async () => {
    const toMissoula = await confirmedOrder(missoulaId, 'Ridge Hub Blind', 2);
    const toWichita = await confirmedOrder(wichitaId, 'Brush Loop Kit', 3);
    await eventually(async () => {
      const ready = await call<{ orders: ApiOrder[] }>('/api/admin/ready-to-ship-orders');
      expect(ready.body.orders.map((order) => order.order_id).sort()).toEqual(
        [toMissoula.order_id, toWichita.order_id].sort(),
      );
    });

    // a delivery user, and what it may reach: shipping yes, admin-only endpoints no
    const created = await call<{ temporary_password: string }>('/api/admin/create-admin-user', {
      method: 'POST',
      body: { email: 'driver@portal.test', full_name: 'Dana Driver', role: 'delivery' },
    });
    expect(created.status).toBe(200);
    const deliveryToken = await apiToken(portal, 'driver@portal.test', created.body.temporary_password);
    expect((await call('/api/admin/users', { token: deliveryToken })).status).toBe(403);
    expect((await call('/api/admin/ready-to-ship-orders', { token: deliveryToken })).status).toBe(200);

    const page = await signedInPage(
      deliveryBrowser.context,
      portal,
      'driver@portal.test',
      created.body.temporary_password,
    );
    await page.addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printed = String(Number(document.documentElement.dataset.printed ?? 0) + 1);
      };
    });
    await page.reload();

    // Orders Ready to Ship is where Shipping opens
    await page.getByRole('heading', { name: 'Orders Ready to Ship (2)' }).waitFor();
    await page.getByRole('button', { name: 'Create Shipment' }).click();
    await expectMessage(page, 'Please select orders to create a shipment', 'error');

    // the order-details modal
    await page.getByRole('button', { name: `Details of order ${toMissoula.order_number}` }).click();
    const details = page.getByRole('dialog', { name: `Order #${toMissoula.order_number}` });
    await details.getByRole('heading', { name: MISSOULA.business_name }).waitFor();
    await details.getByText('Missoula, MT 59801').waitFor();
    await details.getByRole('cell', { name: 'Ridge Hub Blind' }).waitFor();
    await details.getByText('$48.70').first().waitFor();
    await screenshots(page, 'shipping-order-details', { fullPage: true });
    await details.getByRole('button', { name: 'Close' }).first().click();

    // picked Wichita first, then all: the original route follows the order picked
    await page.getByRole('checkbox', { name: `Select order ${toWichita.order_number}` }).check();
    const selectAll = page.getByRole('checkbox', { name: 'Select all (2)' });
    expect(await selectAll.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await selectAll.check();
    await page.getByText('2 selected').waitFor();
    await page.getByLabel('Shipment name (optional)').fill(SHIPMENT_NAME);
    await page.getByRole('button', { name: 'Create Shipment' }).click();
    await expectMessage(page, 'Shipment created successfully with 2 orders', 'success');
    await page.getByRole('heading', { name: 'Orders Ready to Ship (0)' }).waitFor();

    // the Generated Routes button jumps to the routes
    await page.getByRole('button', { name: 'Generated Routes' }).first().click();
    const card = page.getByRole('article', { name: SHIPMENT_NAME });
    await card.waitFor();
    expect(await page.getByText('Route settings', { exact: true }).count()).toBe(0); // the admin's only
    await expectText(card.locator('.shipment-card__header .badge'), 'READY');
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    const mode = card.getByLabel('Route order');
    expect(await mode.inputValue()).toBe('original');

    // closest last: Missoula (furthest from the map centre) first; a move down makes it manual
    await mode.selectOption('closest_last');
    await expectStops(card, [MISSOULA.business_name, WICHITA.business_name]);
    await card.getByRole('button', { name: `Move ${MISSOULA.business_name} down` }).click();
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    await eventuallyValue(mode, 'manual');
    expect(await card.getByRole('button', { name: `Move ${WICHITA.business_name} up` }).isDisabled()).toBe(true);

    // a locked stop keeps its place through Optimise
    await card.getByRole('button', { name: `Lock ${WICHITA.business_name} in place` }).click();
    await card.getByRole('button', { name: `Unlock ${WICHITA.business_name} in place` }).waitFor();
    await card.getByRole('button', { name: 'Optimise' }).click();
    await card
      .locator('.message--success')
      .filter({ hasText: /^Route optimised: / })
      .waitFor();
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    await eventuallyValue(mode, 'optimized');
    // the order of the stops may not change, so wait for the server to have saved the mode (the sheet shows it)
    const modeSaved = page.waitForResponse(
      (res) => res.url().endsWith('/route-mode') && res.request().method() === 'POST' && res.ok(),
    );
    await mode.selectOption('closest_first');
    await modeSaved;
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    await card
      .locator('.route-stop')
      .first()
      .getByText(/mi · ETA /)
      .waitFor();

    // Open in Google Maps: the stops' coordinates, Wichita then Missoula
    const maps = card.getByRole('link', { name: 'Open in Google Maps' });
    const href = (await maps.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&/);
    expect(decodeURIComponent(href)).toMatch(
      /waypoints=37\.\d+,-97\.\d+&?.*destination=46\.\d+,-11[34]\.\d+|destination=46\.\d+,-11[34]\.\d+.*waypoints=37\.\d+,-97\.\d+/,
    );
    expect(await maps.getAttribute('target')).toBe('_blank');

    // the route sheet: stops in order, orders and items, a signature line; only it prints
    await card.getByRole('button', { name: 'Print route sheet' }).click();
    const sheet = page.locator('.route-sheet-print');
    // hidden on screen, so read from the DOM rather than the accessibility tree
    await sheet.locator('h2', { hasText: `Stop 1: ${WICHITA.business_name}` }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.printed)).toBe('1');
    const sheetText = (await sheet.textContent()) ?? '';
    expect(sheetText).toContain(`Stop 2: ${MISSOULA.business_name}`);
    expect(sheetText).toContain('3 × Brush Loop Kit');
    expect(sheetText).toContain('2 × Ridge Hub Blind');
    expect(sheetText).toContain('(555) 010-2030');
    expect(sheetText).toContain('Signature');
    await eventually(async () => expect((await sheet.textContent()) ?? '').toContain('Closest first'));
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.shell').isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(tmpdir(), 'shipping-route-sheet-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await screenshots(page, 'shipping-routes', { fullPage: true });

    // the shipment-details modal offers each order's status buttons
    await card.getByRole('button', { name: 'Shipment details' }).click();
    const openDialog = page.getByRole('dialog', { name: SHIPMENT_NAME });
    expect(await openDialog.getByRole('button', { name: /^Mark Shipped: order / }).count()).toBe(2);
    await openDialog.getByRole('button', { name: 'Close' }).first().click();

    // Missoula's order: shipped (still READY), then delivered (IN PROGRESS)
    const missoulaOrder = card.getByRole('listitem', { name: `Order ${toMissoula.order_number}` });
    await missoulaOrder.getByRole('button', { name: 'Mark Shipped' }).click();
    await expectMessage(page, `Order #${toMissoula.order_number} marked shipped`, 'success');
    await missoulaOrder.getByText('SHIPPED', { exact: true }).waitFor();
    expect(await missoulaOrder.getByRole('button', { name: 'Mark Shipped' }).count()).toBe(0);
    await expectText(card.locator('.shipment-card__header .badge'), 'READY');
    await missoulaOrder.getByRole('button', { name: 'Mark Delivered' }).click();
    await missoulaOrder.getByText('DELIVERED', { exact: true }).waitFor();
    expect(await missoulaOrder.getByRole('button').count()).toBe(1); // only its details: delivered is final
    await expectText(card.locator('.shipment-card__header .badge'), 'IN PROGRESS');
    await card.getByText('1 of 2 orders delivered').waitFor();

    // Wichita's order straight from in_shipment to delivered: COMPLETED
    const wichitaOrder = card.getByRole('listitem', { name: `Order ${toWichita.order_number}` });
    await wichitaOrder.getByRole('button', { name: 'Mark Delivered' }).click();
    await wichitaOrder.getByText('DELIVERED', { exact: true }).waitFor();
    await expectText(card.locator('.shipment-card__header .badge'), 'COMPLETED');
    await card.getByText(ROUTE_FINAL).waitFor();
    expect(await card.getByRole('button', { name: 'Optimise' }).isDisabled()).toBe(true);

    // the shipment-details modal lists both, delivered, with no status buttons left
    await card.getByRole('button', { name: 'Shipment details' }).click();
    const shipmentDialog = page.getByRole('dialog', { name: SHIPMENT_NAME });
    await shipmentDialog.getByRole('table', { name: 'Orders in this shipment' }).waitFor();
    expect(await shipmentDialog.getByText('DELIVERED', { exact: true }).count()).toBe(2);
    expect(await shipmentDialog.getByRole('button', { name: /^Mark / }).count()).toBe(0);
    await screenshots(page, 'shipping-shipment-details', { fullPage: true });
    await shipmentDialog.getByRole('button', { name: 'Close' }).first().click();

    // the order service has taken the word: both delivered
    await eventually(async () => {
      const all = await call<{ orders: ApiOrder[] }>('/api/admin/all-orders');
      expect(all.body.orders.map((order) => order.status)).toEqual([
        'delivered',
        'delivered',
        'delivered',
        'delivered',
      ]);
    });

    // the delivery Orders tab: read-only, searchable
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: 'All Orders' }).waitFor();
    await page.getByText('4 orders', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(toWichita.order_number.toLowerCase());
    await page.getByText('1 matching order', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `#${toWichita.order_number}` });
    await row.getByText('DELIVERED', { exact: true }).waitFor();
    await row.click();
    const readOnly = page.getByRole('dialog', { name: `Order #${toWichita.order_number}` });
    await readOnly.getByRole('cell', { name: 'Brush Loop Kit' }).waitFor();
    expect(await readOnly.locator('select, input, textarea').count()).toBe(0);
    await readOnly.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await page.getByText('No orders match your current filters.').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await screenshots(page, 'delivery-orders', { fullPage: true });

    // the Dealer Directory: view-only
    await page.getByRole('tab', { name: 'Dealers', exact: true }).click();
    await page.getByText('View-only access: You can view dealer information but cannot make changes.').waitFor();
    await page.getByRole('heading', { name: 'Dealer Directory' }).waitFor();
    await page.getByText('2 dealers', { exact: true }).waitFor();
    await page.getByRole('cell', { name: WICHITA.business_name }).waitFor();
    expect(await page.getByRole('button', { name: /Create Dealer|Archived Dealers|Delete/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('cell', { name: MISSOULA.business_name }).click();
    const dealerDialog = page.getByRole('dialog', { name: MISSOULA.business_name });
    await dealerDialog.getByRole('link', { name: '100 Main Street, Missoula, MT 59801' }).waitFor();
    await dealerDialog.getByRole('link', { name: 'buyer@timber.test' }).waitFor();
    expect(await dealerDialog.locator('input, select, textarea').count()).toBe(0);
    // the open dealer has an address of its own: a reload reopens it, Close returns to the directory
    expect(new URL(page.url()).pathname).toMatch(/^\/delivery\/dealers\/[^/]+$/);
    await page.reload();
    await dealerDialog.getByRole('link', { name: 'buyer@timber.test' }).waitFor();
    await dealerDialog.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForFunction(() => window.location.pathname === '/delivery/dealers');
    await screenshots(page, 'delivery-directory', { fullPage: true });
  });
});

async function expectStops(card: Locator, names: string[]): Promise<void> {
  await eventually(async () => {
    expect(
      await card.locator('.route-stop__name').evaluateAll((nodes) => nodes.map((n) => n.firstChild?.textContent)),
    ).toEqual(names);
  });
}

async function eventuallyValue(select: Locator, value: string): Promise<void> {
  await eventually(async () => expect(await select.inputValue()).toBe(value));
}

/** Retries an assertion until it holds (events and answers arrive a little later), for up to `ms`. */
async function eventually(check: () => Promise<void>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
