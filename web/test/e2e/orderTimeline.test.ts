/**
 * Where is my order, in a real browser against the real portal (issue 24): an order is placed for a dealer,
 * confirmed, paid in part and put on a route that leaves (its first order marked shipped, so shipping announces
 * the departure); the dealer opens Track order on its My Orders card and reads the timeline as an ordered list —
 * each step's state in words, the route, when to expect it in the system timezone, and what comes next; the admin
 * reads the same in the order's invoice. Axe is clean at 1440×900 and 390×844.
 *
 * Needs the built portal (`npx turbo run build`).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { OrderTimeline } from '@portal/contracts';
import { dateFormatIn } from '../../src/format/date';
import { adminApiToken, apiCaller } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { eventually, expectNoAxeViolationsAtBothSizes } from './pageChecks';

jest.setTimeout(180_000);

const SHOTS = '/tmp/shots/timeline';
const ROUTE = 'Bitterroot morning run';
/** the portal's default system timezone: the timeline's times are shown in it */
const SYSTEM_ZONE = 'America/Chicago';

describe('Where is my order in a real browser', () => {
  let portal: Portal;
  let dealerBrowser: TestBrowser;
  let adminToken: string;
  let call: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    portal = await startPortal();
    dealerBrowser = await launchBrowser();
    adminToken = await adminApiToken(portal);
    call = apiCaller(portal, () => adminToken);
  });

  afterAll(async () => {
    await dealerBrowser?.close();
    await portal?.stop();
  });

  test('When the dealer tracks an order that is on a truck, Then the timeline lists what happened, the route with its ETA, and what comes next', async () => {
    const { email, password, dealerId } = await createDealerAccount(portal, 'track@timber.test');

    // the order service learns of the new dealer through its event: until then it refuses the order
    let created = { status: 0, body: {} as { order: { order_id: string; order_number: string } } };
    await eventually(async () => {
      created = await call<{ order: { order_id: string; order_number: string } }>('/api/admin/create-order', {
        method: 'POST',
        body: {
          dealer_id: dealerId,
          product_details: [{ product_id: 'custom_1', title: 'Ridge Hub Blind', price: 249.99, quantity: 1 }],
        },
      });
      expect(created.status).toBe(200);
    });
    const { order_id: orderId, order_number: number } = created.body.order;
    expect(
      (await call(`/api/admin/update-order/${orderId}`, { method: 'PUT', body: { status: 'confirmed' } })).status,
    ).toBe(200);
    const paid = await call('/api/admin/record-payment', {
      method: 'POST',
      body: { order_id: orderId, payment_method: 'cash', amount: 50 },
    });
    expect(paid.status).toBe(200);

    // shipping has the order ready and the dealer on the map (the stop's ETA needs its coordinates)
    await eventually(async () => {
      const ready = await call<{ orders: { order_id: string }[] }>('/api/admin/ready-to-ship-orders');
      expect(ready.body.orders.map((order) => order.order_id)).toContain(orderId);
      const map = await call<{ dealers: { dealer_id: string; coordinates: { lat: number } | null }[] }>(
        '/api/admin/dealers-for-map',
      );
      expect(map.body.dealers.find((one) => one.dealer_id === dealerId)?.coordinates?.lat).toEqual(expect.any(Number));
    });
    const shipment = await call<{ shipment_id: string }>('/api/admin/create-shipment', {
      method: 'POST',
      body: { order_ids: [orderId], shipment_name: ROUTE, driver_email: null },
    });
    expect(shipment.status).toBe(200);
    const shipped = await call(`/api/admin/shipment/${shipment.body.shipment_id}/update-order-status`, {
      method: 'POST',
      body: { order_id: orderId, status: 'shipped' },
    });
    expect(shipped.status).toBe(200);

    // the departure reaches the order service
    let timeline: OrderTimeline | undefined;
    await eventually(async () => {
      const res = await call<{ timeline: OrderTimeline }>(`/api/dealer/order-timeline/${orderId}`);
      timeline = res.body.timeline;
      expect(timeline?.steps.find((step) => step.kind === 'on_truck')?.title).toBe('On the truck');
    });
    const eta = timeline?.steps.find((step) => step.kind === 'on_truck')?.eta_at;
    expect(eta).toEqual(expect.any(String));

    const page = await signedInPage(dealerBrowser.context, portal, email, password);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const card = page.getByRole('listitem', { name: `Order ${number}` });
    const track = card.getByRole('button', { name: 'Track order' });
    await track.click();
    const steps = card.getByRole('list', { name: `Order ${number} timeline` });
    await steps.waitFor();
    expect(await card.getByRole('button', { name: 'Hide tracking' }).getAttribute('aria-expanded')).toBe('true');

    const items = steps.getByRole('listitem');
    const texts = (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    const dates = dateFormatIn(SYSTEM_ZONE);
    expect(texts).toHaveLength(5);
    expect(texts[0]).toMatch(/^Order placed Done /);
    expect(texts[1]).toMatch(/^Confirmed Done /);
    expect(texts[2]).toMatch(/^Payment received Done .*\$50\.00 by cash$/);
    expect(texts[3]).toContain('On the truck Current');
    expect(texts[3]).toContain(`Route ${ROUTE}`);
    expect(texts[3]).toContain(`Expected ${dates.dateTime(String(eta))}`);
    expect(texts[4]).toBe('Delivery Upcoming Not yet delivered');
    expect(await items.nth(3).getAttribute('aria-current')).toBe('step');
    // opening the timeline did not open the invoice (the card's own click)
    expect(await page.getByRole('dialog').count()).toBe(0);

    await mkdir(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await steps.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'timeline-390.png') });
    await expectNoAxeViolationsAtBothSizes(page);

    // the admin answering the dealer's call reads the same timeline in the order's invoice
    const adminBrowser = await launchBrowser();
    try {
      const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
      await admin.goto(`${portal.url}/admin/orders/${orderId}`);
      const invoice = admin.getByRole('dialog', { name: `Invoice — Order ${number}` });
      await invoice.getByRole('button', { name: 'Track order' }).click();
      const adminSteps = invoice.getByRole('list', { name: `Order ${number} timeline` });
      await adminSteps.waitFor();
      const adminTexts = (await adminSteps.getByRole('listitem').allInnerTexts()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      );
      expect(adminTexts).toEqual(texts);
      await admin.screenshot({ path: path.join(SHOTS, 'timeline-admin-1440.png'), fullPage: true });
      await expectNoAxeViolationsAtBothSizes(admin, '.modal');
    } finally {
      await adminBrowser.close();
    }
  });
});
