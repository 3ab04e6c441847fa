/**
 * Shipping end to end in a real browser against the real portal: collapsed route cards, drivers, My Routes and the
 * proof of delivery the dealer sees.
 *
 * The admin creates a route for a delivery user from Orders Ready to Ship, reads the collapsed card (driver, stops,
 * status, progress, next stop), filters Generated Routes by driver, unassigns and reassigns it, expands the card
 * from the keyboard, orders the route closest first, marks one order shipped and delivered with a signature
 * (IN PROGRESS) and the other delivered through the API (COMPLETED), after which the route controls are off, and
 * sets a start point. The driver lands on My Routes and sees only their open routes; a card expands (its address
 * survives a reload), other routes are one tap away, completed ones on request; they reorder their route, print its
 * sheet, and once it is delivered it leaves My Routes; then the read-only Orders tab and the view-only directory.
 * The dealer's My Orders says "Delivered on … to …" and shows the signature.
 *
 * Needs the built portal (`npx turbo run build`).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { dateFormatIn } from '../../src/format/date';
import { adminApiToken, apiCaller, apiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { pngImage, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { axeViolations, eventually, expectText } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(300_000);

const MISSOULA = { business_name: 'Timber Ridge Outdoors', city: 'Missoula', state: 'MT', zip_code: '59801' };
const WICHITA = { business_name: 'Prairie Blind Supply', city: 'Wichita', state: 'KS', zip_code: '67202' };
const ADMIN_SHIPMENT = 'Office run';
const DRIVER_ROUTE = 'Plains and Rockies run';
const OTHER_ROUTE = 'Wichita top-up';
const ROUTE_FINAL = 'This shipment is completed: its route is kept as it was driven.';
const DRIVER = { email: 'driver@portal.test', full_name: 'Dana Driver' };
const RECIPIENT = 'Jane Recipient';
/** the portal's default system timezone: the dealer's "Delivered on …" is shown in it */
const SYSTEM_ZONE = 'America/Chicago';

interface ApiOrder {
  order_id: string;
  order_number: string;
  status: string;
  delivered_at?: string | null;
  delivered_to?: string | null;
}

describe('Shipping: route cards, drivers, My Routes and proof of delivery in a real browser', () => {
  let portal: Portal;
  let deliveryBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let dealerBrowser: TestBrowser;
  let adminToken: string;
  let call: ReturnType<typeof apiCaller>;
  let driverPassword: string;
  let driverToken: string;
  const dealerPasswords = new Map<string, string>();

  beforeAll(async () => {
    portal = await startPortal();
    deliveryBrowser = await launchBrowser();
    adminBrowser = await launchBrowser();
    dealerBrowser = await launchBrowser();
    adminToken = await adminApiToken(portal);
    call = apiCaller(portal, () => adminToken);
  });

  afterAll(async () => {
    await deliveryBrowser?.close();
    await adminBrowser?.close();
    await dealerBrowser?.close();
    await portal?.stop();
  });

  async function createDealer(fields: typeof MISSOULA, email: string): Promise<string> {
    const res = await call<{ dealer: { dealer_id: string }; temporary_password: string }>('/api/admin/create-dealer', {
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
    dealerPasswords.set(email, res.body.temporary_password);
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

  /** One order as the order service has it now (its status, and when and to whom it was delivered). */
  async function orderOf(orderId: string): Promise<ApiOrder> {
    const all = await call<{ orders: ApiOrder[] }>('/api/admin/all-orders');
    const order = all.body.orders.find((one) => one.order_id === orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    return order;
  }

  async function readyOrderIds(): Promise<string[]> {
    const ready = await call<{ orders: ApiOrder[] }>('/api/admin/ready-to-ship-orders');
    return ready.body.orders.map((order) => order.order_id).sort();
  }

  async function shipmentIdOf(name: string): Promise<string> {
    const res = await call<{ shipments: { shipment_id: string; shipment_name: string }[] }>(
      '/api/admin/shipment-summaries',
    );
    const shipment = res.body.shipments.find((one) => one.shipment_name === name);
    if (!shipment) throw new Error(`no shipment named ${name}`);
    return shipment.shipment_id;
  }

  async function createShipment(orderIds: string[], name: string, driverEmail: string | null): Promise<string> {
    const res = await call<{ shipment_id: string }>('/api/admin/create-shipment', {
      method: 'POST',
      body: { order_ids: orderIds, shipment_name: name, driver_email: driverEmail },
    });
    if (res.status !== 200) throw new Error(`create-shipment answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.shipment_id;
  }

  /** Marks an order delivered through the API with a proof: the recipient's name and a signature PNG (multipart). */
  async function deliverWithProof(shipmentId: string, orderId: string, token: string): Promise<void> {
    const form = new FormData();
    form.set('recipient_name', RECIPIENT);
    form.set('signature', new Blob([new Uint8Array(pngImage(120, 40))], { type: 'image/png' }), 'signature.png');
    const res = await fetch(`${portal.url}/api/admin/shipment/${shipmentId}/proof/${orderId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 200) throw new Error(`proof answered ${res.status}: ${await res.text()}`);
  }

  let missoulaId: string;
  let wichitaId: string;
  let adminMissoula: ApiOrder;
  /** delivered through the API with a 120×40 signature */
  let toMissoula: ApiOrder;

  test('When the admin creates a route for a driver, reassigns it and delivers it from its expanded card, Then the collapsed card reads driver, stops, status and progress at a glance', async () => {
    missoulaId = await createDealer(MISSOULA, 'buyer@timber.test');
    wichitaId = await createDealer(WICHITA, 'buyer@prairie.test');
    const created = await call<{ temporary_password: string }>('/api/admin/create-admin-user', {
      method: 'POST',
      body: { ...DRIVER, role: 'delivery' },
    });
    expect(created.status).toBe(200);
    driverPassword = created.body.temporary_password;
    driverToken = await apiToken(portal, DRIVER.email, driverPassword);
    adminMissoula = await confirmedOrder(missoulaId, 'Ridge Hub Blind', 1);
    const adminWichita = await confirmedOrder(wichitaId, 'Brush Loop Kit', 1);
    // the events reach the shipping service: both orders ready, both dealers placed on the map
    await eventually(async () => {
      expect(await readyOrderIds()).toHaveLength(2);
      const map = await call<{ dealers: { dealer_id: string; coordinates: { lat: number } | null }[] }>(
        '/api/admin/dealers-for-map',
      );
      expect(map.body.dealers.filter((dealer) => dealer.coordinates?.lat)).toHaveLength(2);
    });

    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await admin.getByRole('tab', { name: 'Shipping', exact: true }).click();
    await admin.getByRole('heading', { name: 'Orders Ready to Ship (2)' }).waitFor();
    // Missoula picked first: the original route starts there; the route is given to the driver at once
    await admin.getByRole('checkbox', { name: `Select order ${adminMissoula.order_number}` }).check();
    await admin.getByRole('checkbox', { name: `Select order ${adminWichita.order_number}` }).check();
    await admin.getByLabel('Shipment name (optional)').fill(ADMIN_SHIPMENT);
    await admin.getByLabel('Driver (optional)').selectOption({ label: DRIVER.full_name });
    await admin.getByRole('button', { name: 'Create Shipment' }).click();
    await expectMessage(admin, 'Shipment created successfully with 2 orders', 'success');
    await admin.getByRole('heading', { name: 'Orders Ready to Ship (0)' }).waitFor();

    // collapsed: read at a glance, no route read yet
    await admin.getByRole('tab', { name: 'Generated Routes' }).click();
    const card = admin.getByRole('article', { name: ADMIN_SHIPMENT });
    const toggle = card.getByRole('button', { name: ADMIN_SHIPMENT, exact: true });
    await expectText(card.locator('.shipment-card__header .badge'), 'READY');
    await card.getByText(`Driver: ${DRIVER.full_name} · 2 stops · `).waitFor();
    await card.getByText(`Stop 1 · ${MISSOULA.business_name}`).waitFor();
    await card.getByText('0 of 2 orders delivered').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await card.locator('.route-stop').count()).toBe(0);
    await screenshotsAtBothSizes(admin, 'shipping-admin-collapsed');

    // the Driver filter: nobody's routes, then the driver's
    const driverFilter = admin.getByLabel('Driver', { exact: true });
    await driverFilter.selectOption({ label: 'Unassigned' });
    await admin.getByText('No shipments match these filters.').waitFor();
    await driverFilter.selectOption({ label: DRIVER.full_name });
    await card.waitFor();

    // Unassign (among every route: under the driver's filter the card would leave the list with its notice),
    // then give it back with the Assign control
    await driverFilter.selectOption({ label: 'Anyone' });
    await card.getByRole('button', { name: `Unassign ${ADMIN_SHIPMENT}` }).click();
    await expectMessage(admin, 'Route unassigned', 'success');
    await card.getByText('Driver: Unassigned · 2 stops · ').waitFor();
    await card.getByLabel('Assign driver').selectOption({ label: DRIVER.full_name });
    await card.getByRole('button', { name: `Save driver of ${ADMIN_SHIPMENT}` }).click();
    await card.getByText(`Driver: ${DRIVER.full_name} · 2 stops · `).waitFor();
    const unassigned = await call<{ shipments: unknown[] }>('/api/admin/shipment-summaries?driver=none');
    expect(unassigned.body.shipments).toHaveLength(0);

    // the keyboard expands and collapses it; focus stays on the name
    await toggle.focus();
    await admin.keyboard.press('Enter');
    await expectStops(card, [MISSOULA.business_name, WICHITA.business_name]);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    const shipmentId = await shipmentIdOf(ADMIN_SHIPMENT);
    expect(new URL(admin.url()).pathname).toBe(`/admin/shipping/routes/${shipmentId}`);
    await admin.keyboard.press('Space');
    await eventually(async () => expect(await toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(await card.locator('.route-stop').count()).toBe(0);
    await admin.keyboard.press('Enter');
    await expectStops(card, [MISSOULA.business_name, WICHITA.business_name]);

    // closest first: Wichita is nearer the map centre than Missoula
    const mode = card.getByLabel('Route order');
    await mode.selectOption('closest_first');
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    await eventuallyValue(mode, 'closest_first');

    // Missoula: shipped, then delivered with the recipient's name and signature
    const missoulaOrder = card.getByRole('listitem', { name: `Order ${adminMissoula.order_number}` });
    await missoulaOrder.getByRole('button', { name: 'Mark Shipped' }).click();
    await missoulaOrder.getByText('SHIPPED', { exact: true }).waitFor();
    await missoulaOrder.getByRole('button', { name: 'Mark Delivered' }).click();
    const proof = admin.getByRole('dialog', { name: 'Mark Delivered' });
    await proof.getByLabel("Recipient's name").fill(RECIPIENT);
    await drawSignature(admin, proof.getByRole('img', { name: 'Signature' }));
    await proof.getByRole('button', { name: 'Confirm Delivery' }).click();
    await missoulaOrder.getByText('DELIVERED', { exact: true }).waitFor();
    await expectText(card.locator('.shipment-card__header .badge'), 'IN PROGRESS');
    await card.getByText('1 of 2 orders delivered').waitFor();
    await card.getByText(`Stop 1 · ${WICHITA.business_name}`).waitFor();
    // still under way: the route may change
    expect(await card.getByRole('button', { name: 'Optimise' }).isDisabled()).toBe(false);
    await eventually(async () =>
      expect(await orderOf(adminMissoula.order_id)).toMatchObject({ status: 'delivered', delivered_to: RECIPIENT }),
    );

    // Wichita delivered through the API (a driver's phone): Refresh shows the route COMPLETED
    await deliverWithProof(shipmentId, adminWichita.order_id, adminToken);
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expectText(card.locator('.shipment-card__header .badge'), 'COMPLETED');
    await card.getByText('2 of 2 orders delivered').waitFor();
    await card.getByText('Every order delivered').waitFor();

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
    const refused = await call<{ detail: string }>(`/api/admin/shipment/${shipmentId}/optimize-route`, {
      method: 'POST',
    });
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ detail: 'Error: This shipment is completed; its route can no longer change' }),
    });
    await screenshotsAtBothSizes(admin, 'shipping-admin-completed');
    await expectNoAxeViolations(admin, '.shipping-section');

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

  test('When the driver signs in, Then My Routes shows only their open routes, a card expands by address, other routes are one tap away and completed ones on request', async () => {
    toMissoula = await confirmedOrder(missoulaId, 'Ridge Hub Blind', 2);
    const toWichita = await confirmedOrder(wichitaId, 'Brush Loop Kit', 3);
    const topUp = await confirmedOrder(wichitaId, 'Brush Loop Kit', 1);
    await eventually(async () =>
      expect(await readyOrderIds()).toEqual([toMissoula.order_id, toWichita.order_id, topUp.order_id].sort()),
    );
    // Wichita first: the original route follows the order given
    const driverRouteId = await createShipment([toWichita.order_id, toMissoula.order_id], DRIVER_ROUTE, DRIVER.email);
    await createShipment([topUp.order_id], OTHER_ROUTE, null);

    const page = await signedInPage(deliveryBrowser.context, portal, DRIVER.email, driverPassword);
    await page.addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printed = String(Number(document.documentElement.dataset.printed ?? 0) + 1);
      };
    });

    // My Routes is where the driver lands: their one open route; the completed one and nobody's are not there
    await page.getByRole('heading', { name: 'My Routes (1)' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/delivery/shipping/my-routes');
    const mine = page.getByRole('list', { name: 'My open routes' });
    expect(await mine.getByRole('article').count()).toBe(1);
    const card = mine.getByRole('article', { name: DRIVER_ROUTE });
    await card.getByText(`Driver: ${DRIVER.full_name} · 2 stops · `).waitFor();
    await card.getByText(`Stop 1 · ${WICHITA.business_name}`).waitFor();
    expect(await page.getByRole('article', { name: OTHER_ROUTE }).count()).toBe(0);
    expect(await page.getByRole('article', { name: ADMIN_SHIPMENT }).count()).toBe(0);
    expect(await page.getByLabel('Assign driver').count()).toBe(0); // the admin's only
    await screenshotsAtBothSizes(page, 'shipping-my-routes-collapsed');
    await expectNoAxeViolations(page, '.shipping-section');

    // Tab reaches the card's name from Refresh; Space expands it to its route; its address survives a reload
    const toggle = card.getByRole('button', { name: DRIVER_ROUTE, exact: true });
    await page.getByRole('button', { name: 'Refresh' }).focus();
    await page.keyboard.press('Tab');
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    expect(new URL(page.url()).pathname).toBe(`/delivery/shipping/my-routes/${driverRouteId}`);
    await page.reload();
    await expectStops(card, [WICHITA.business_name, MISSOULA.business_name]);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('Route settings', { exact: true }).count()).toBe(0); // the admin's only

    // closest last: Missoula (furthest from the map centre) first; a move down makes it manual
    const mode = card.getByLabel('Route order');
    expect(await mode.inputValue()).toBe('original');
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
    const modeSaved = page.waitForResponse(
      (res) => res.url().endsWith('/route-mode') && res.request().method() === 'POST' && res.ok(),
    );
    await mode.selectOption('closest_first');
    await modeSaved;

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
    await sheet.locator('h2', { hasText: `Stop 1: ${WICHITA.business_name}` }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.printed)).toBe('1');
    const sheetText = (await sheet.textContent()) ?? '';
    expect(sheetText).toContain(`Stop 2: ${MISSOULA.business_name}`);
    expect(sheetText).toContain('3 × Brush Loop Kit');
    expect(sheetText).toContain('2 × Ridge Hub Blind');
    expect(sheetText).toContain('Signature');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.shell').isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(tmpdir(), 'shipping-route-sheet-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await screenshotsAtBothSizes(page, 'shipping-my-routes-expanded');
    await expectNoAxeViolations(page, '.shipping-section');

    // the shipment-details modal offers each order's delivery actions
    await card.getByRole('button', { name: 'Shipment details' }).click();
    const details = page.getByRole('dialog', { name: DRIVER_ROUTE });
    expect(await details.getByRole('button', { name: 'Mark Shipped' }).count()).toBe(2);
    await details.getByRole('button', { name: 'Close' }).first().click();

    // Missoula's order shipped from the card
    const missoulaOrder = card.getByRole('listitem', { name: `Order ${toMissoula.order_number}` });
    await missoulaOrder.getByRole('button', { name: 'Mark Shipped' }).click();
    await missoulaOrder.getByText('SHIPPED', { exact: true }).waitFor();
    await eventually(async () => expect((await orderOf(toMissoula.order_id)).status).toBe('shipped'));

    // other routes: one tap away, every route; one card expanded at a time
    await page.getByRole('link', { name: 'Other routes' }).click();
    await page.getByRole('heading', { name: 'Generated Routes (3)' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/delivery/shipping/routes');
    const other = page.getByRole('article', { name: OTHER_ROUTE });
    await other.getByText('Driver: Unassigned · 1 stop · ').waitFor();
    const otherToggle = other.getByRole('button', { name: OTHER_ROUTE, exact: true });
    await otherToggle.click();
    await expectStops(other, [WICHITA.business_name]);
    const office = page.getByRole('article', { name: ADMIN_SHIPMENT });
    const officeToggle = office.getByRole('button', { name: ADMIN_SHIPMENT, exact: true });
    await officeToggle.click();
    await expectStops(office, [WICHITA.business_name, MISSOULA.business_name]);
    expect(await otherToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await other.locator('.route-stop').count()).toBe(0);
    await page.goBack();
    await page.waitForFunction(() => window.location.pathname === '/delivery/shipping/routes');
    expect(await officeToggle.getAttribute('aria-expanded')).toBe('false');
    await screenshotsAtBothSizes(page, 'shipping-other-routes');

    // completed ones on request, back on My Routes
    await page.getByRole('tab', { name: 'My Routes' }).click();
    await page.getByRole('heading', { name: 'My Routes (1)' }).waitFor();
    expect(await page.getByRole('article', { name: ADMIN_SHIPMENT }).count()).toBe(0);
    await page.getByLabel('Show completed').check();
    await page.getByRole('heading', { name: 'Completed (1)' }).waitFor();
    const completed = page.getByRole('list', { name: 'My completed routes' }).getByRole('article', {
      name: ADMIN_SHIPMENT,
    });
    await expectText(completed.locator('.shipment-card__header .badge'), 'COMPLETED');
    await page.getByLabel('Show completed').uncheck();

    // delivered from the phone (the API here): the route is completed and leaves My Routes
    await deliverWithProof(driverRouteId, toMissoula.order_id, driverToken);
    await deliverWithProof(driverRouteId, toWichita.order_id, driverToken);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'My Routes (0)' }).waitFor();
    await page.getByText('No open routes assigned to you.').waitFor();

    // the delivery Orders tab: read-only, searchable
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: 'All Orders' }).waitFor();
    await page.getByText('5 orders', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(toWichita.order_number.toLowerCase());
    await page.getByText('1 matching order', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `#${toWichita.order_number}` });
    await row.getByText('DELIVERED', { exact: true }).waitFor();
    await row.click();
    const readOnly = page.getByRole('dialog', { name: `Order #${toWichita.order_number}` });
    await readOnly.getByRole('cell', { name: 'Brush Loop Kit' }).waitFor();
    expect(await readOnly.locator('select, input, textarea').count()).toBe(0);
    await readOnly.getByRole('button', { name: 'Close' }).first().click();

    // the Dealer Directory: view-only
    await page.getByRole('tab', { name: 'Dealers', exact: true }).click();
    await page.getByText('View-only access: You can view dealer information but cannot make changes.').waitFor();
    await page.getByRole('heading', { name: 'Dealer Directory' }).waitFor();
    await page.getByText('2 dealers', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Create Dealer|Archived Dealers|Delete/ }).count()).toBe(0);
    await page.getByRole('cell', { name: MISSOULA.business_name }).click();
    const dealerDialog = page.getByRole('dialog', { name: MISSOULA.business_name });
    await dealerDialog.getByRole('link', { name: 'buyer@timber.test' }).waitFor();
    expect(await dealerDialog.locator('input, select, textarea').count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/delivery\/dealers\/[^/]+$/);
    await dealerDialog.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForFunction(() => window.location.pathname === '/delivery/dealers');
  });

  test("When a dealer's order was delivered with a signature, Then My Orders says when and to whom and shows the signature", async () => {
    const order = await orderOf(toMissoula.order_id);
    expect(order).toMatchObject({ status: 'delivered', delivered_at: expect.any(String), delivered_to: RECIPIENT });
    const page = await signedInPage(
      dealerBrowser.context,
      portal,
      'buyer@timber.test',
      dealerPasswords.get('buyer@timber.test') ?? '',
    );
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const card = page.getByRole('listitem', { name: `Order ${order.order_number}` });
    const expected = `Delivered on ${dateFormatIn(SYSTEM_ZONE).dateTime(order.delivered_at ?? '')} to ${RECIPIENT}`;
    await card.getByText(expected, { exact: true }).waitFor();

    // the signature on request: read through its signed link; the card's invoice does not open
    const show = card.getByRole('button', { name: 'Show signature' });
    await show.click();
    const signature = card.getByRole('img', { name: `Signature of ${RECIPIENT} for order ${order.order_number}` });
    await signature.waitFor();
    // the 120×40 signature sent with the proof, re-encoded by the server: real pixels, shown at their size
    await eventually(async () =>
      expect(await signature.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120),
    );
    expect((await signature.boundingBox())?.height).toBeGreaterThanOrEqual(30);
    expect(await card.getByRole('button', { name: 'Hide signature' }).getAttribute('aria-expanded')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/dealer/orders');
    await screenshotsAtBothSizes(page, 'my-orders-delivered');
    await expectNoAxeViolations(page, '.my-orders');

    // Hide takes the signature away again
    await card.getByRole('button', { name: 'Hide signature' }).click();
    expect(await signature.count()).toBe(0);

    // the invoice says it too, with the signature
    await card.getByRole('link', { name: 'View Invoice' }).click();
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await delivery.getByText(expected, { exact: true }).waitFor();
    const onInvoice = delivery.getByRole('img', { name: `Signature of ${RECIPIENT}` });
    await eventually(async () =>
      expect(await onInvoice.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120),
    );
  });

  test('When the admin changes what a proof needs, Then the route settings save it and the server holds it', async () => {
    const page = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await page.goto(`${portal.url}/admin/shipping/routes`);
    await page.getByText('Route settings', { exact: true }).click();
    const proof = page.getByRole('group', { name: 'Proof of delivery' });
    expect(await proof.getByLabel(/^Signature required/).isChecked()).toBe(true);
    expect(await proof.getByLabel(/^Photo required/).isChecked()).toBe(false);
    await proof.getByLabel(/^Signature required/).uncheck();
    await proof.getByLabel(/^Photo required/).check();
    await page.getByRole('button', { name: 'Save route settings' }).click();
    await expectMessage(page, 'Shipping settings saved successfully!', 'success');
    const saved = await call<{ settings: { proof_signature_required: boolean; proof_photo_required: boolean } }>(
      '/api/admin/shipping-settings',
    );
    expect(saved.body.settings).toMatchObject({ proof_signature_required: false, proof_photo_required: true });
    await expectNoAxeViolations(page, '.route-settings');
  });
});

/** Screenshots at a desktop (1440×900) and a phone (390×844) for looking over by eye; the page is left at 1440×900. */
async function screenshotsAtBothSizes(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(tmpdir(), `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** No axe violations (WCAG 2.1 AA) in a part of the page at either size; the page is left at 1440×900. */
async function expectNoAxeViolations(page: Page, include: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    expect({ size, violations: await axeViolations(page, include) }).toEqual({ size, violations: [] });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Draws a stroke on the signature pad with the mouse (pointer events, as a finger would). */
async function drawSignature(page: Page, pad: Locator): Promise<void> {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not shown');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * 15, y + (step % 2 ? -15 : 15));
  }
  await page.mouse.up();
}

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
