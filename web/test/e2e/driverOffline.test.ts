/**
 * The driver's day without signal, in a real Chromium at a phone's size (390×844): a driver signs in to My Routes,
 * the phone goes offline (network emulation, which the service worker obeys too), the driver marks a stop of two
 * orders delivered with a signature drawn on screen, reloads while still offline and still sees the route with
 * "Waiting to sync"; back online the queue is sent, the admin reads each order's proof with its signature, and
 * the dealer's My Orders says "Delivered … to …". The proof dialog is looked at (screenshots at 390×844 and
 * 1440×900), driven by keyboard and checked with axe on the way.
 *
 * Needs the built portal (`npx turbo run build`).
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { adminApiToken, apiCaller } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { axeViolations, eventually } from './pageChecks';

jest.setTimeout(300_000);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const DEALER = { business_name: 'Timber Ridge Outdoors', city: 'Missoula', state: 'MT', zip_code: '59801' };
const SHIPMENT_NAME = 'Rockies morning run';
const DRIVER_EMAIL = 'driver@portal.test';
const RECIPIENT = 'Pat Receiver';
const SHELL_CACHE = 'portal-driver-shell-v2';

interface ApiOrder {
  order_id: string;
  order_number: string;
  status: string;
}

describe('A driver delivers without signal', () => {
  let portal: Portal;
  let driverBrowser: TestBrowser;
  let dealerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let adminToken: string;
  let call: ReturnType<typeof apiCaller>;
  /** the driver's phone, signed in by the first test */
  let driverPage: Page;
  let dealerId: string;

  beforeAll(async () => {
    portal = await startPortal();
    driverBrowser = await launchBrowser(PHONE);
    dealerBrowser = await launchBrowser(PHONE);
    adminBrowser = await launchBrowser(DESKTOP);
    adminToken = await adminApiToken(portal);
    call = apiCaller(portal, () => adminToken);
  });

  afterAll(async () => {
    await driverBrowser?.close();
    await dealerBrowser?.close();
    await adminBrowser?.close();
    await portal?.stop();
  });

  async function confirmedOrder(dealerId: string, title: string): Promise<ApiOrder> {
    // the order service learns of a new dealer through its event: until then it answers 404
    let created = { status: 0, body: {} as { order: ApiOrder } };
    await eventually(async () => {
      created = await call<{ order: ApiOrder }>('/api/admin/create-order', {
        method: 'POST',
        body: { dealer_id: dealerId, product_details: [{ product_id: 'custom_1', title, price: 24.35, quantity: 1 }] },
      });
      expect(created).toMatchObject({ status: 200 });
    });
    const confirmed = await call(`/api/admin/update-order/${created.body.order.order_id}`, {
      method: 'PUT',
      body: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    return created.body.order;
  }

  test('When a driver marks a stop delivered offline and reloads, Then it waits to sync and reaches the admin and the dealer once back online', async () => {
    // the scene, through the API: a dealer with two confirmed orders on one route driven by our driver
    const dealer = await call<{ dealer: { dealer_id: string }; temporary_password: string }>(
      '/api/admin/create-dealer',
      {
        method: 'POST',
        body: {
          email: 'buyer@timber.test',
          full_name: 'Missoula Buyer',
          phone: '(555) 010-2030',
          address: '100 Main Street',
          zone: 'Midwest Zone',
          ...DEALER,
        },
      },
    );
    expect(dealer.status).toBe(200);
    dealerId = dealer.body.dealer.dealer_id;
    const orders = [
      await confirmedOrder(dealerId, 'Ridge Hub Blind'),
      await confirmedOrder(dealerId, 'Brush Loop Kit'),
    ];
    const driver = await call<{ temporary_password: string }>('/api/admin/create-admin-user', {
      method: 'POST',
      body: { email: DRIVER_EMAIL, full_name: 'Dana Driver', role: 'delivery' },
    });
    expect(driver.status).toBe(200);
    await eventually(async () => {
      const ready = await call<{ orders: ApiOrder[] }>('/api/admin/ready-to-ship-orders');
      expect(ready.body.orders).toHaveLength(2);
    });
    const created = await call<{ shipment_id: string }>('/api/admin/create-shipment', {
      method: 'POST',
      body: {
        order_ids: orders.map((order) => order.order_id),
        shipment_name: SHIPMENT_NAME,
        driver_email: DRIVER_EMAIL,
      },
    });
    expect(created.status).toBe(200);
    const shipmentId = await shipmentIdOf(SHIPMENT_NAME);

    // the driver signs in on a phone: My Routes, the route opened
    const page = await signedInPage(driverBrowser.context, portal, DRIVER_EMAIL, driver.body.temporary_password);
    driverPage = page;
    // a script the app cannot load offline (a lazy chunk never kept) is an uncaught error on the page
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.getByRole('heading', { name: /^My Routes/ }).waitFor();
    const card = page.getByRole('article', { name: SHIPMENT_NAME });
    await card.getByRole('button', { name: SHIPMENT_NAME }).click();
    await card.getByRole('button', { name: 'Mark stop 1 delivered' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/delivery/shipping/my-routes/${shipmentId}`);
    // installable: the manifest is linked and names the driver's start page
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      return href ? ((await (await fetch(href)).json()) as { start_url: string; display: string }) : null;
    });
    expect(manifest).toMatchObject({ start_url: '/delivery/shipping/my-routes', display: 'standalone' });
    await appShellKept(page);

    // the proof dialog: looked at, by keyboard, and with axe, at both sizes
    await card.getByRole('button', { name: 'Mark stop 1 delivered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark stop 1 delivered' });
    await dialog.getByLabel("Recipient's name").waitFor();
    await keyboardWalk(page, dialog);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      expect({ size, violations: await axeViolations(page, 'dialog[open]') }).toEqual({ size, violations: [] });
      await page.screenshot({ path: path.join(tmpdir(), `driver-proof-dialog-${size.width}.png`) });
    }
    await page.setViewportSize(PHONE);
    // nothing filled in: the dialog says what is missing and stays open
    await dialog.getByRole('button', { name: 'Confirm Delivery' }).click();
    await dialog.getByText("Error: Please enter the recipient's name").waitFor();
    await dialog.getByText('Error: A signature is required to mark this order delivered').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // no signal from here on, for the page and its service worker
    await driverBrowser.context.setOffline(true);
    await card.getByRole('button', { name: 'Mark stop 1 delivered' }).click();
    await dialog.getByLabel("Recipient's name").fill(RECIPIENT);
    await drawSignature(page, dialog.locator('canvas'));
    await dialog.getByText('Signed', { exact: true }).waitFor();
    await dialog.getByLabel('Note').fill('Left at the loading dock');
    await dialog.getByRole('button', { name: 'Confirm Delivery' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('Waiting to sync').first().waitFor();
    await page.getByText('2 changes waiting to sync').waitFor();
    await expectOrdersDelivered(card, orders);
    await page.screenshot({ path: path.join(tmpdir(), 'driver-offline-waiting-390.png'), fullPage: true });

    // a reload without signal: the app, the route and what waits are all still there
    await page.addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printed = String(Number(document.documentElement.dataset.printed ?? 0) + 1);
      };
    });
    await page.reload();
    await page.getByRole('heading', { name: /^My Routes/ }).waitFor();
    const reloaded = page.getByRole('article', { name: SHIPMENT_NAME });
    await reloaded.getByText('Waiting to sync').first().waitFor();
    await page.getByText('2 changes waiting to sync').waitFor();
    await page
      .getByText(/^Offline/)
      .first()
      .waitFor();
    await expectOrdersDelivered(reloaded, orders);
    // the stop's address and phone are readable offline
    await reloaded.getByText(DEALER.business_name).first().waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'driver-offline-reloaded-390.png'), fullPage: true });
    // the route sheet prints from the copy on the phone
    await reloaded.getByRole('button', { name: 'Print route sheet' }).click();
    const sheet = page.locator('.route-sheet-print');
    await sheet.locator('h2', { hasText: `Stop 1: ${DEALER.business_name}` }).waitFor({ state: 'attached' });
    const sheetText = (await sheet.textContent()) ?? '';
    expect(sheetText).toContain('Phone: (555) 010-2030');
    expect(sheetText).toContain('1 × Ridge Hub Blind');
    expect(sheetText).toContain('1 × Brush Loop Kit');
    await eventually(async () => expect(await page.evaluate(() => document.documentElement.dataset.printed)).toBe('1'));
    // nothing reached the server meanwhile
    for (const order of orders) {
      expect((await call(`/api/admin/shipment/${shipmentId}/proof/${order.order_id}`)).status).toBe(404);
    }

    // an order's details open offline too (their screen is a chunk loaded on demand)
    await reloaded.getByRole('button', { name: `Details of order ${orders[0]?.order_number}` }).click();
    const details = page.getByRole('dialog', { name: `Order #${orders[0]?.order_number}` });
    await details.getByText('Ridge Hub Blind').first().waitFor();
    await details.getByRole('button', { name: 'Close' }).first().click();
    expect(pageErrors).toEqual([]);

    // back online: the queue is sent and the badge goes
    await driverBrowser.context.setOffline(false);
    await eventually(async () => expect(await page.getByText('Waiting to sync').count()).toBe(0), 30_000);
    expect(await page.getByText('waiting to sync').count()).toBe(0);

    // the admin reads each order's proof: one recipient, one drawn signature (a PNG), the note, the device's time
    for (const order of orders) {
      const proof = await call<{
        proof: { recipient_name: string; notes: string; signature_url: string | null; delivered_by: string };
      }>(`/api/admin/shipment/${shipmentId}/proof/${order.order_id}`);
      expect(proof.status).toBe(200);
      expect(proof.body.proof).toMatchObject({
        recipient_name: RECIPIENT,
        notes: 'Left at the loading dock',
        delivered_by: DRIVER_EMAIL,
      });
      expect(proof.body.proof.signature_url).toEqual(expect.any(String));
      const signature = await fetch(new URL(proof.body.proof.signature_url ?? '', portal.url));
      expect(signature.status).toBe(200);
      const bytes = new Uint8Array(await signature.arrayBuffer());
      expect([...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
      // the pad's size, not a blank dot: IHDR's width and height (big-endian, bytes 16–23)
      const view = new DataView(bytes.buffer);
      expect(view.getUint32(16)).toBeGreaterThan(200);
      expect(view.getUint32(20)).toBeGreaterThan(100);
      await writeFile(path.join(tmpdir(), 'driver-signature.png'), bytes);
    }
    const shipment = await call<{ shipment: { status: string; orders: { status: string }[] } }>(
      `/api/admin/shipment/${shipmentId}`,
    );
    expect(shipment.body.shipment.status).toBe('COMPLETED');

    // and sees it on the route's card: when and to whom, and behind Show proof the drawn signature
    const adminPage = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await adminPage.goto(`${portal.url}/admin/shipping/routes/${shipmentId}`);
    for (const order of orders) {
      const row = adminPage.getByRole('listitem', { name: `Order ${order.order_number}` });
      await row.getByText(new RegExp(`^Delivered on .+ to ${RECIPIENT}$`)).waitFor();
      await row.getByRole('button', { name: `Show proof of order #${order.order_number}` }).click();
      const signature = row.getByRole('img', { name: `Signature of ${RECIPIENT} for order #${order.order_number}` });
      await signature.waitFor();
      await eventually(async () =>
        expect(await signature.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(200),
      );
    }
    expect(await axeViolations(adminPage)).toEqual([]);
    await adminPage.screenshot({ path: path.join(tmpdir(), 'driver-admin-proof-1440.png'), fullPage: true });

    // the dealer sees it delivered, and to whom
    await eventually(async () => {
      const mine = await call<{ orders: { order_id: string; delivered_to: string | null }[] }>('/api/admin/all-orders');
      for (const order of orders) {
        expect(mine.body.orders.find((one) => one.order_id === order.order_id)?.delivered_to).toBe(RECIPIENT);
      }
    });
    const dealerPage = await signedInPage(
      dealerBrowser.context,
      portal,
      'buyer@timber.test',
      dealer.body.temporary_password,
    );
    await dealerPage.goto(`${portal.url}/dealer/orders`);
    for (const order of orders) {
      const orderCard = dealerPage.locator('.order-card', { hasText: order.order_number });
      await orderCard.getByText(new RegExp(`^Delivered on .+ to ${RECIPIENT}$`)).waitFor();
    }
    await dealerPage.screenshot({ path: path.join(tmpdir(), 'driver-dealer-delivered-390.png'), fullPage: true });
  });

  test('When an order is cancelled while its delivery waits offline, Then the driver is told why once back online, until dismissed', async () => {
    // two orders on the route, so that it stays when one of them leaves it
    const order = await confirmedOrder(dealerId, 'Cedar Ground Blind');
    const other = await confirmedOrder(dealerId, 'Oak Tower Stand');
    await eventually(async () => {
      const ready = await call<{ orders: ApiOrder[] }>('/api/admin/ready-to-ship-orders');
      expect(ready.body.orders.map((one) => one.order_id).sort()).toEqual([order.order_id, other.order_id].sort());
    });
    const created = await call('/api/admin/create-shipment', {
      method: 'POST',
      body: { order_ids: [order.order_id, other.order_id], shipment_name: 'Afternoon run', driver_email: DRIVER_EMAIL },
    });
    expect(created.status).toBe(200);
    const shipmentId = await shipmentIdOf('Afternoon run');

    const page = driverPage;
    await page.getByRole('button', { name: 'Refresh' }).click();
    const card = page.getByRole('article', { name: 'Afternoon run' });
    await card.getByRole('button', { name: 'Afternoon run' }).click();
    const row = card.getByRole('listitem', { name: `Order ${order.order_number}` });
    await row.getByRole('button', { name: 'Mark Delivered' }).waitFor();

    await driverBrowser.context.setOffline(true);
    await row.getByRole('button', { name: 'Mark Delivered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Delivered' });
    await dialog.getByLabel("Recipient's name").fill(RECIPIENT);
    // signed with a finger this time
    await drawSignatureByTouch(dialog.locator('canvas'));
    await dialog.getByText('Signed', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm Delivery' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Waiting to sync').waitFor();

    // meanwhile the office takes the order off the truck and cancels it
    for (const status of ['confirmed', 'cancelled']) {
      const changed = await call(`/api/admin/update-order/${order.order_id}`, { method: 'PUT', body: { status } });
      expect(changed.status).toBe(200);
    }
    await eventually(async () => {
      const seen = await call<{ shipment: { orders: { order_id: string; status: string }[] } }>(
        `/api/admin/shipment/${shipmentId}`,
      );
      expect(seen.status).toBe(200);
      // a cancelled order leaves its route
      const kept = seen.body.shipment.orders.find((one) => one.order_id === order.order_id);
      expect(kept === undefined || kept.status === 'cancelled').toBe(true);
    });

    // back online: refused with the server's reason, shown on the order, kept until dismissed
    await driverBrowser.context.setOffline(false);
    const conflict = page
      .getByRole('alert')
      .filter({ hasText: `Order #${order.order_number} could not be marked delivered` });
    await conflict.waitFor({ timeout: 30_000 });
    expect(await conflict.textContent()).toContain('This order was cancelled while the delivery was pending');
    await page.getByText('1 change refused', { exact: true }).waitFor();
    expect(await page.getByText('Waiting to sync').count()).toBe(0);
    expect((await call(`/api/admin/shipment/${shipmentId}/proof/${order.order_id}`)).status).toBe(404);
    await page.screenshot({ path: path.join(tmpdir(), 'driver-conflict-390.png'), fullPage: true });
    // still there after a reload: a refusal is never dropped silently
    await page.reload();
    await page
      .getByRole('alert')
      .filter({ hasText: `Order #${order.order_number} could not be marked delivered` })
      .waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: `Order #${order.order_number}` })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await eventually(async () => expect(await page.getByText('could not be marked delivered').count()).toBe(0));

    // online, the other order delivered and undone within its 10 minutes: back on the truck, no proof kept
    const otherRow = page
      .getByRole('article', { name: 'Afternoon run' })
      .getByRole('listitem', { name: `Order ${other.order_number}` });
    await otherRow.getByRole('button', { name: 'Mark Delivered' }).click();
    await dialog.getByLabel("Recipient's name").fill(RECIPIENT);
    await drawSignature(page, dialog.locator('canvas'));
    await dialog.getByRole('button', { name: 'Confirm Delivery' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await otherRow.getByText('DELIVERED', { exact: true }).waitFor();
    await eventually(async () => {
      expect((await call(`/api/admin/shipment/${shipmentId}/proof/${other.order_id}`)).status).toBe(200);
      expect(await otherRow.getByText('Waiting to sync').count()).toBe(0);
    });
    await otherRow.getByRole('button', { name: `Undo delivery of order #${other.order_number}` }).click();
    await otherRow.getByRole('button', { name: 'Mark Delivered' }).waitFor();
    await eventually(async () => {
      expect((await call(`/api/admin/shipment/${shipmentId}/proof/${other.order_id}`)).status).toBe(404);
      expect(await otherRow.getByText('Waiting to sync').count()).toBe(0);
    });
    // signing out forgets the routes kept on this phone
    const keptRoutes = () =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal.driverRoutes:')));
    expect(await keptRoutes()).toEqual([`portal.driverRoutes:${DRIVER_EMAIL}`]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).last().click();
    await page.waitForURL(`${portal.url}/`);
    expect(await keptRoutes()).toEqual([]);
  });

  async function shipmentIdOf(name: string): Promise<string> {
    const res = await call<{ shipments: { shipment_id: string; shipment_name: string }[] }>('/api/admin/shipments');
    const shipment = res.body.shipments.find((one) => one.shipment_name === name);
    if (!shipment) throw new Error(`no shipment named ${name}`);
    return shipment.shipment_id;
  }
});

/**
 * Waits until the service worker is active and its cache holds the page's shell: index.html and every built file
 * the page has loaded (what a reload offline needs).
 */
async function appShellKept(page: Page): Promise<void> {
  // registered by My Routes for a delivery user, scoped to the driver's pages
  await eventually(async () => {
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/delivery/');
      return registration?.active ? registration.scope : null;
    });
    expect(scope).toBe(new URL('/delivery/', page.url()).href);
  });
  // the page has told the worker what it loaded; asking once more answers when all of it (and what those
  // scripts may load) is kept
  const answer = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/delivery/');
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    const channel = new MessageChannel();
    const kept = new Promise((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data);
    });
    registration?.active?.postMessage({ type: 'cache-assets', urls: loaded }, [channel.port2]);
    return Promise.race([kept, new Promise((resolve) => setTimeout(() => resolve('no answer within 20 s'), 20_000))]);
  });
  expect(answer).toBe('kept');
  const missing = await page.evaluate(async (cacheName) => {
    const cache = await caches.open(cacheName);
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname);
    const wanted = ['/index.html', ...loaded];
    const kept = await Promise.all(wanted.map(async (path) => ((await cache.match(path)) ? null : path)));
    return kept.filter(Boolean);
  }, SHELL_CACHE);
  expect(missing).toEqual([]);
  // the worker keeps no API answer
  const cachedApi = await page.evaluate(async (cacheName) => {
    const cache = await caches.open(cacheName);
    return (await cache.keys()).map((request) => new URL(request.url).pathname).filter((p) => p.startsWith('/api/'));
  }, SHELL_CACHE);
  expect(cachedApi).toEqual([]);
}

/** Tab through the dialog: every control is reachable in order, and the signature box says what it is. */
async function keyboardWalk(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByLabel("Recipient's name").focus();
  const reached: string[] = [];
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const active = document.activeElement as HTMLInputElement | null;
        if (!active?.closest('dialog[open]')) return '(outside the dialog)';
        return (
          active.getAttribute('aria-label') ||
          active.labels?.[0]?.textContent?.replace('*', '').trim() ||
          (active.tagName === 'BUTTON' ? active.textContent?.trim() : active.className) ||
          ''
        );
      }),
    );
  }
  // Clear is off while nothing is drawn: photos, note, Cancel and Confirm follow; then (past the browser's own
  // controls, as every native modal dialog does) Tab comes back round to the dialog's first fields
  expect(reached.slice(0, 4)).toEqual(['Photos (optional)', 'Note', 'Cancel', 'Confirm Delivery']);
  expect(reached.slice(4)).toContain("Recipient's name");
  expect(reached.filter((name) => name === '(outside the dialog)').length).toBeLessThanOrEqual(1);
  const pad = dialog.locator('canvas');
  expect(await pad.getAttribute('role')).toBe('img');
  const described = await pad.evaluate((canvas) =>
    (canvas.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  expect(described).toContain('signs in the box');
}

/** A signature drawn with the mouse: a few strokes across the canvas. */
async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
  for (const stroke of [
    [at(0.1, 0.6), at(0.25, 0.3), at(0.4, 0.7), at(0.55, 0.35)],
    [at(0.6, 0.6), at(0.75, 0.4), at(0.9, 0.65)],
  ]) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 6 });
    await page.mouse.up();
  }
}

/** A signature drawn with a finger: touch pointer events, as a phone's screen sends them. */
async function drawSignatureByTouch(canvas: Locator): Promise<void> {
  await canvas.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const send = (type: string, x: number, y: number) =>
      element.dispatchEvent(
        new PointerEvent(type, {
          pointerId: 7,
          pointerType: 'touch',
          isPrimary: true,
          bubbles: true,
          cancelable: true,
          clientX: box.left + box.width * x,
          clientY: box.top + box.height * y,
        }),
      );
    send('pointerdown', 0.2, 0.5);
    for (const [x, y] of [
      [0.3, 0.3],
      [0.45, 0.7],
      [0.6, 0.35],
      [0.8, 0.6],
    ] as const)
      send('pointermove', x, y);
    send('pointerup', 0.8, 0.6);
  });
  // ink on the canvas
  const inked = await canvas.evaluate((element) => {
    const canvasElement = element as HTMLCanvasElement;
    const pixels = canvasElement.getContext('2d')?.getImageData(0, 0, canvasElement.width, canvasElement.height).data;
    // on white paper: some pixel is dark
    return pixels ? pixels.some((value, index) => index % 4 === 0 && value < 128) : false;
  });
  expect(inked).toBe(true);
}

async function expectOrdersDelivered(card: Locator, orders: ApiOrder[]): Promise<void> {
  for (const order of orders) {
    const row = card.getByRole('listitem', { name: `Order ${order.order_number}` });
    await row.getByText('DELIVERED', { exact: true }).waitFor();
  }
}
