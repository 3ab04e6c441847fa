/**
 * The dealer's Order Products and My Orders in a real browser against the real portal: quantities are clamped
 * to 0–100, the summary totals in cents, the order goes through the confirmation modal and shows in My Orders,
 * and a double-clicked (and retried) Confirm creates one order.
 */

import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminApiToken, allOrders, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes, expectText, expectValue, screenshots } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(180_000);

const ORDER_SUBMITTED = 'Order submitted successfully! Your request has been sent for processing.';
/** The dealer Overview's figure named `name` (Orders placed, Open orders, Balance due). */
const overviewFigure = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Orders at a glance' })
    .locator('.portal-fact')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('strong');

const NO_ANSWER =
  'Error submitting order: no answer from the server. Confirm again to retry; the order will not be placed twice.';

interface OrderRow {
  order_id: string;
  order_number: string;
  total_value: number;
  status: string;
  payment_status: string;
  product_details: { title: string; quantity: number; price: number }[];
}

describe('A dealer orders products in a real browser', () => {
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

  test('When the dealer orders 2 of a product through the confirmation modal, Then My Orders shows it, and a double-clicked Confirm creates one order', async () => {
    await createProduct(portal, adminToken, { title: 'Ridge Hub Blind', price: '24.35' });
    await createProduct(portal, adminToken, { title: 'Brush Loop Kit', price: '10.15' });
    const dealer = await createDealerAccount(portal, 'orders@timber.test');
    const page = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);

    // the Overview (the first tab) starts at zero: the server's figures, not a download of the orders
    await expectText(overviewFigure(page, 'Orders placed'), '0');
    await expectText(overviewFigure(page, 'Open orders'), '0');
    await expectText(overviewFigure(page, 'Balance due'), '$0.00');

    // My Orders starts empty
    await page.getByRole('tab', { name: 'My Orders' }).click();
    await page.getByText('You have not placed any orders yet.').waitFor();

    await page.getByRole('tab', { name: 'Order Products' }).click();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const submit = summary.getByRole('button', { name: 'Submit Order' });
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Ridge Hub Blind' });
    await quantity.waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // clamped to a whole number from 0 to 100
    await quantity.fill('150');
    await expectValue(quantity, '100');
    await quantity.fill('-3');
    await quantity.blur();
    await expectValue(quantity, '0');
    // typed key by key, "-" then "3" is still -3
    await quantity.fill('');
    await quantity.pressSequentially('-3');
    await quantity.press('Enter');
    await expectValue(quantity, '0');
    await quantity.fill('abc');
    await quantity.blur();
    await expectValue(quantity, '0');
    expect(await submit.isDisabled()).toBe(true);

    // + twice: 2 × $24.35 = $48.70; 3 × $10.15 is $30.45 (not the float 30.449999…)
    const increase = page.getByRole('button', { name: 'Increase quantity of Ridge Hub Blind' });
    await increase.click();
    await increase.click();
    await expectValue(quantity, '2');
    await page.getByRole('spinbutton', { name: 'Quantity of Brush Loop Kit' }).fill('3');
    await expectText(summary.getByTestId('order-total'), '$79.15');
    await page.getByRole('button', { name: 'Decrease quantity of Brush Loop Kit' }).click();
    await page.getByRole('button', { name: 'Decrease quantity of Brush Loop Kit' }).click();
    await page.getByRole('button', { name: 'Decrease quantity of Brush Loop Kit' }).click();
    await expectText(summary.getByTestId('order-items'), '2');
    await expectText(summary.getByTestId('order-total'), '$48.70');
    await screenshots(page, 'order-products');

    // the confirmation lists the line and the total; Cancel sends nothing
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Order' });
    await dialog.getByRole('cell', { name: 'Ridge Hub Blind' }).waitFor();
    expect(await dialog.getByRole('cell', { name: 'Brush Loop Kit' }).count()).toBe(0);
    await dialog.getByText('$48.70').first().waitFor();
    await screenshots(page, 'order-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await allOrders<OrderRow>(portal, adminToken)).toHaveLength(0);

    await submit.click();
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expectMessage(page, ORDER_SUBMITTED, 'success');
    await expectValue(quantity, '0');
    expect(await submit.isDisabled()).toBe(true);
    await screenshots(page, 'order-submitted');

    const [placed] = await allOrders<OrderRow>(portal, adminToken);
    expect(placed?.total_value).toBe(48.7);
    expect(placed?.product_details.map((line) => [line.title, line.quantity])).toEqual([['Ridge Hub Blind', 2]]);

    // My Orders shows it (refreshed by the submit), with its number, badges and total
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const card = page.getByRole('listitem', { name: `Order ${placed?.order_number}` });
    await expectText(card.locator('.order-card__total'), 'Total $48.70');
    await expectText(card.getByRole('list', { name: /lines$/ }).getByRole('listitem'), 'Ridge Hub Blind × 2$48.70');
    await card.getByText('PENDING', { exact: true }).waitFor();
    await card.getByText('UNPAID', { exact: true }).waitFor();

    // a second order whose first answer is lost after the server took it: the dealer confirms again (a double
    // click) and the retry, with the same key, answers the same order; each request also reaches the server twice
    await page.getByRole('tab', { name: 'Order Products' }).click();
    await page.getByRole('button', { name: 'Increase quantity of Brush Loop Kit' }).click();
    const keys: string[] = [];
    await page.route('**/api/dealer/submit-order', async (route) => {
      keys.push((route.request().postDataJSON() as { idempotency_key: string }).idempotency_key);
      await route.fetch();
      if (keys.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response: await route.fetch() });
    });
    await submit.click();
    const confirm = dialog.getByRole('button', { name: 'Confirm Order' });
    await confirm.click();
    await expectMessage(page, NO_ANSWER, 'error');
    await confirm.dblclick();
    await expectMessage(page, ORDER_SUBMITTED, 'success');
    await page.unroute('**/api/dealer/submit-order');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const orders = await allOrders<OrderRow>(portal, adminToken);
    expect(orders).toHaveLength(2);
    expect(orders[0]?.total_value).toBe(10.15);

    // after a success the next order is a new attempt with a new key
    await page.getByRole('button', { name: 'Increase quantity of Ridge Hub Blind' }).click();
    await submit.click();
    await confirm.click();
    await expectMessage(page, ORDER_SUBMITTED, 'success');
    expect(await allOrders<OrderRow>(portal, adminToken)).toHaveLength(3);

    // newest first
    await page.getByRole('tab', { name: 'My Orders' }).click();
    await page.locator('.order-card').nth(2).waitFor();
    const newest = (await allOrders<OrderRow>(portal, adminToken))[0];
    expect(await page.locator('.order-card .order-card__number').allTextContents()).toEqual([
      `Order ${newest?.order_number}`,
      `Order ${orders[0]?.order_number}`,
      `Order ${placed?.order_number}`,
    ]);
    await screenshots(page, 'my-orders');

    // the Overview sums all three (pending, unpaid) orders: refreshed by the submits
    await page.getByRole('tab', { name: 'Overview' }).click();
    const balanceCents = (await allOrders<OrderRow>(portal, adminToken)).reduce(
      (sum, order) => sum + Math.round(order.total_value * 100),
      0,
    );
    expect(balanceCents).toBe(4870 + 1015 + 2435);
    await expectText(overviewFigure(page, 'Orders placed'), '3');
    await expectText(overviewFigure(page, 'Open orders'), '3');
    await expectText(overviewFigure(page, 'Balance due'), '$83.20');
    await screenshots(page, 'dealer-overview');
    await expectNoAxeViolationsAtBothSizes(page);
    await page.screenshot({ path: path.join(tmpdir(), 'dealer-overview-1440.png') });
  });
});
