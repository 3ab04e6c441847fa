/**
 * Order Again in a real browser against the real portal (issue 24): a dealer reorders a past order from My Orders
 * (a product deleted since is named as unavailable, the cart it had is replaced after a confirm), adds a PO number
 * on the confirmation, submits, and sees the PO number on My Orders and on the invoice.
 */

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApiToken, allOrders, apiCaller, apiToken, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes, expectText, expectValue } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(180_000);

const SHOTS = '/tmp/shots/po';
const ORDER_SUBMITTED = 'Order submitted successfully! Your request has been sent for processing.';

/** Screenshots at the two sizes the portal is checked at (1440×900 and 390×844); the page is left at 1440×900. */
async function shots(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

interface OrderRow {
  order_id: string;
  order_number: string;
  po_number: string | null;
  product_details: { title: string; quantity: number }[];
}

describe('Order Again and a PO number in a real browser', () => {
  let portal: Portal;
  let dealerBrowser: TestBrowser;
  let adminToken: string;

  beforeAll(async () => {
    portal = await startPortal();
    dealerBrowser = await launchBrowser();
    adminToken = await adminApiToken(portal);
  });

  afterAll(async () => {
    await dealerBrowser?.close();
    await portal?.stop();
  });

  test('When a dealer reorders a past order and adds a PO number, Then the new order carries it on My Orders and the invoice', async () => {
    const admin = apiCaller(portal, () => adminToken);
    await createProduct(portal, adminToken, { title: 'Cedar Hub Blind', price: '24.35' });
    await createProduct(portal, adminToken, { title: 'Retired Stand', price: '10.00' });
    const products = (await admin<{ products: { product_id: string; title: string }[] }>('/api/admin/products')).body
      .products;
    const idOf = (title: string) => products.find((product) => product.title === title)?.product_id ?? '';
    const dealer = await createDealerAccount(portal, 'reorder@timber.test');
    const dealerToken = await apiToken(portal, dealer.email, dealer.password);

    // the past order, placed once the order service has heard of the new dealer and products (it answers 403 or
    // 400 until their events arrive)
    const pastOrder = {
      product_orders: [
        { product_id: idOf('Cedar Hub Blind'), quantity: 3 },
        { product_id: idOf('Retired Stand'), quantity: 2 },
      ],
    };
    let placed = await admin('/api/dealer/submit-order', { method: 'POST', body: pastOrder, token: dealerToken });
    for (let tries = 0; placed.status !== 200 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      placed = await admin('/api/dealer/submit-order', { method: 'POST', body: pastOrder, token: dealerToken });
    }
    expect(placed.status).toBe(200);
    // since then a product was taken out of the catalogue
    expect((await admin(`/api/admin/delete-product/${idOf('Retired Stand')}`, { method: 'DELETE' })).status).toBe(200);

    const page = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await page.setViewportSize({ width: 1440, height: 900 });

    // something is already in the cart: Order Again asks before replacing it
    await page.getByRole('tab', { name: 'Order Products' }).click();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Cedar Hub Blind' });
    await quantity.fill('1');
    await quantity.blur();

    await page.getByRole('tab', { name: 'My Orders' }).click();
    const [past] = await allOrders<OrderRow>(portal, adminToken);
    const pastCard = page.getByRole('listitem', { name: `Order ${past?.order_number}` });
    await pastCard.getByRole('button', { name: /Order again/i }).click();
    const replace = page.getByRole('dialog', { name: 'Replace your current order?' });
    await replace.waitFor();
    await shots(page, 'reorder-replace');
    await replace.getByRole('button', { name: 'Replace' }).click();

    // Order Products opens with the past quantities; the deleted product is named as unavailable
    await page.getByRole('tab', { name: 'Order Products', selected: true }).waitFor();
    await expectValue(quantity, '3');
    await page.getByRole('status').filter({ hasText: 'Not added, no longer available: Retired Stand.' }).waitFor();
    await expectText(page.getByTestId('order-total'), '$73.05');
    await shots(page, 'reorder-filled');

    await page.getByRole('button', { name: 'Submit Order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Order' });
    await confirm.getByRole('textbox', { name: 'PO number (optional)' }).fill('  PO-REORDER-7 ');
    await confirm.getByRole('textbox', { name: 'Notes (optional)' }).fill('Same as last time');
    await shots(page, 'reorder-confirm');
    await expectNoAxeViolationsAtBothSizes(page);
    await confirm.getByRole('button', { name: 'Confirm Order' }).click();
    await expectMessage(page, ORDER_SUBMITTED, 'success');

    const [newest] = await allOrders<OrderRow>(portal, adminToken);
    expect(newest?.order_id).not.toBe(past?.order_id);
    expect(newest?.po_number).toBe('PO-REORDER-7');
    expect(newest?.product_details.map((line) => [line.title, line.quantity])).toEqual([['Cedar Hub Blind', 3]]);

    // My Orders and the invoice show the PO number
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const card = page.getByRole('listitem', { name: `Order ${newest?.order_number}` });
    await expectText(card.locator('.order-card__po'), 'PO # PO-REORDER-7');
    await shots(page, 'my-orders-po');
    await expectNoAxeViolationsAtBothSizes(page);
    await card.getByRole('link', { name: 'View Invoice' }).click();
    const invoice = page.getByRole('article', { name: `Invoice ${newest?.order_number}` });
    await invoice.getByText('PO-REORDER-7', { exact: true }).waitFor();
    await invoice.getByText('Same as last time').waitFor();
    await shots(page, 'invoice-po');
    await expectNoAxeViolationsAtBothSizes(page);
  });
});
