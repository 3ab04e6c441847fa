/**
 * Orders end to end in a real browser against the real portal: a dealer orders 2 of a product through the
 * confirmation modal; the admin sees it PENDING and UNPAID in the Orders tab, edits a quantity on the invoice,
 * records a partial cash payment (PARTIAL) and the rest by check (PAID), prints, downloads and emails the invoice
 * (the PDF arrives at a real SMTP receiver); the dealer detail shows the order history, Payment History and
 * the timeline; the dealer sees the order in My Orders with its invoice.
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SYSTEM_CONFIGURATION } from '@portal/contracts';
import { isoDayIn } from '@portal/platform';
import {
  mailAttachments,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../services/platform/src/testing/smtp-receiver';
import { adminApiToken, allOrders, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { expectFieldError } from './formSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes, expectText, screenshots } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(240_000);

const DEALER_EMAIL = 'orders.admin@timber.test';

interface OrderRow {
  order_id: string;
  order_number: string;
  created_at: string;
  total_value: number;
  total_paid: number;
  status: string;
  payment_status: string;
  product_details: { title: string; quantity: number }[];
  payments: { payment_method: string; amount: number; check_number: string | null }[];
}

describe('Orders, invoices and payments in a real browser', () => {
  let smtp: SmtpReceiver;
  let portal: Portal;
  let dealerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    portal = await startPortal({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
    dealerBrowser = await launchBrowser();
    adminBrowser = await launchBrowser();
    adminToken = await adminApiToken(portal);
  });

  afterAll(async () => {
    await dealerBrowser?.close();
    await adminBrowser?.close();
    await portal?.stop();
    await smtp?.stop();
  });

  const waitForMail = (to: string) => smtp.waitForMail((mail) => mail.envelopeTo.includes(to), `to ${to}`);

  test('When a dealer orders and the admin edits, is paid in two parts and emails the invoice, Then every screen agrees', async () => {
    await createProduct(portal, adminToken, { title: 'Ridge Hub Blind', price: '24.35' });
    await createProduct(portal, adminToken, { title: 'Dealer Display Stand', price: '15.10', status: 'admin_only' });
    const dealer = await createDealerAccount(portal, DEALER_EMAIL);

    // the dealer orders 2 through the confirmation modal
    const dealerPage = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await dealerPage.getByRole('tab', { name: 'Order Products' }).click();
    const increase = dealerPage.getByRole('button', { name: 'Increase quantity of Ridge Hub Blind' });
    await increase.click();
    await increase.click();
    await dealerPage
      .getByRole('complementary', { name: 'Order summary' })
      .getByRole('button', { name: 'Submit Order' })
      .click();
    const confirm = dealerPage.getByRole('dialog', { name: 'Confirm Order' });
    await confirm.getByText('$48.70').first().waitFor();
    await confirm.getByRole('button', { name: 'Confirm Order' }).click();
    await expectMessage(
      dealerPage,
      'Order submitted successfully! Your request has been sent for processing.',
      'success',
    );
    const [placed] = await allOrders<OrderRow>(portal, adminToken);
    if (!placed) throw new Error('the order was not placed');
    const number = placed.order_number;

    // the admin's Orders tab: PENDING and UNPAID
    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await admin.getByRole('tab', { name: 'Orders', exact: true }).click();
    await admin.getByRole('heading', { name: 'All Orders', exact: true }).waitFor();
    await admin.getByText('1 order', { exact: true }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: `#${number}` });
    await row.getByText('PENDING', { exact: true }).waitFor();
    await row.getByText('UNPAID', { exact: true }).waitFor();
    await expectText(row.locator('.orders-table__total'), '$48.70');
    await expectText(row.locator('.orders-table__items'), '2');
    await expectText(row.locator('.orders-table__dealer'), 'Timber Ridge Outdoors');

    // search and status filter
    const search = admin.getByRole('searchbox', { name: 'Search' });
    await search.fill('no such order');
    await admin.getByText('No orders match your current filters.').waitFor();
    await search.fill(number.toLowerCase());
    await row.waitFor();
    await search.fill('timber');
    await row.waitFor();
    const statusFilter = admin.locator('.orders-toolbar').getByLabel('Status');
    await statusFilter.selectOption('shipped');
    await admin.getByText('No orders match your current filters.').waitFor();
    await statusFilter.selectOption('pending');
    await row.waitFor();
    await statusFilter.selectOption('');
    await search.fill('');

    // CSV export of every matching order (streamed by the server): every value quoted
    const [csv] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csvText = await readFile(await csv.path(), 'utf8');
    expect(csvText.split('\r\n')[1]).toBe(
      `"${number}","${isoDayIn(placed.created_at, DEFAULT_SYSTEM_CONFIGURATION.system_timezone)}","Timber Ridge Outdoors","${DEALER_EMAIL}","2","48.70","0.00","48.70","PENDING","UNPAID",""`,
    );
    await screenshots(admin, 'orders-admin-list');

    // the invoice: edit the quantity while pending, then Update Invoice
    await row.click();
    const invoice = admin.getByRole('dialog', { name: `Invoice — Order ${number}` });
    await invoice.getByRole('article', { name: `Invoice ${number}` }).waitFor();
    await invoice.getByText('Timber Ridge Outdoors').first().waitFor();
    await expectText(invoice.getByTestId('invoice-total'), '$48.70');
    const quantity = invoice.getByRole('spinbutton', { name: 'Quantity of Ridge Hub Blind' });
    await quantity.fill('3');
    await expectText(invoice.getByTestId('invoice-subtotal'), '$73.05');
    await expectText(invoice.getByTestId('invoice-total'), '$73.05');
    await screenshots(admin, 'orders-admin-invoice');
    await invoice.getByRole('button', { name: 'Update Invoice' }).click();
    await expectMessage(admin, 'Order updated successfully!', 'success');
    let [saved] = await allOrders<OrderRow>(portal, adminToken);
    expect(saved?.total_value).toBe(73.05);
    expect(saved?.product_details.map((line) => [line.title, line.quantity])).toEqual([['Ridge Hub Blind', 3]]);

    // a payment needs a type and a valid amount; then a partial cash payment makes it PARTIAL
    await invoice.getByRole('button', { name: 'Record Payment' }).click();
    const payment = admin.getByRole('dialog', { name: `Record Payment — Order ${number}` });
    await expectText(payment.getByTestId('payment-balance'), '$73.05');
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    // the message sits beside the field it concerns (aria-describedby), and goes once the field is right
    await expectFieldError(payment.getByLabel('Payment Type'), 'Please select payment type and enter a valid amount');
    await payment.getByLabel('Payment Type').selectOption('cash');
    await payment.getByLabel('Amount ($)').fill('20.1');
    await screenshots(admin, 'orders-admin-payment');
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    await expectMessage(admin, 'Payment recorded successfully!', 'success');
    await invoice.getByText('PARTIAL', { exact: true }).first().waitFor();
    await expectText(invoice.getByTestId('invoice-paid'), '$20.10');
    await expectText(invoice.getByTestId('invoice-balance'), '$52.95');

    // the rest by check: PAID
    await invoice.getByRole('button', { name: 'Record Payment' }).click();
    await expectText(payment.getByTestId('payment-balance'), '$52.95');
    await payment.getByLabel('Payment Type').selectOption('check');
    await payment.getByLabel('Check Number').fill('1042');
    await payment.getByLabel('Amount ($)').fill('52.95');
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    await expectMessage(admin, 'Payment recorded successfully!', 'success');
    await invoice.getByText('PAID', { exact: true }).first().waitFor();
    await expectText(invoice.getByTestId('invoice-balance'), '$0.00');
    await invoice.getByText('Check #1042').waitFor();
    [saved] = await allOrders<OrderRow>(portal, adminToken);
    expect(saved?.payment_status).toBe('fully_paid');
    expect(saved?.payments.map((p) => [p.payment_method, p.amount, p.check_number])).toEqual(
      expect.arrayContaining([
        ['cash', 20.1, null],
        ['check', 52.95, '1042'],
      ]),
    );
    // a paid order takes no more payments; items are locked once the chosen status is not pending
    expect(await invoice.getByRole('button', { name: 'Record Payment' }).isDisabled()).toBe(true);
    await invoice.getByLabel('Status').selectOption('confirmed');
    expect(await invoice.getByRole('spinbutton', { name: 'Quantity of Ridge Hub Blind' }).count()).toBe(0);
    await invoice.getByLabel('Status').selectOption('pending');

    // print: only the invoice, no buttons, one page
    await admin.emulateMedia({ media: 'print' });
    await admin.screenshot({ path: path.join(tmpdir(), 'orders-admin-print-1280.png'), fullPage: true });
    expect(await admin.locator('.invoice-print').isVisible()).toBe(true);
    expect(await admin.locator('.invoice-print button').count()).toBe(0);
    expect(await admin.locator('#root').isVisible()).toBe(false);
    await admin.emulateMedia({ media: 'screen' });
    const printed = await admin.pdf({ format: 'Letter' });
    expect(printed.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);

    // Download PDF
    const [pdf] = await Promise.all([
      admin.waitForEvent('download'),
      invoice.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Email Invoice: the dealer receives the PDF
    await invoice.getByRole('button', { name: 'Email Invoice' }).click();
    await expectMessage(admin, 'Invoice email sent successfully!', 'success');
    const mail = await waitForMail(DEALER_EMAIL);
    const attachments = mailAttachments(mail.raw);
    expect(attachments.map((part) => part.contentType)).toContain('application/pdf');
    expect(
      attachments
        .find((part) => part.contentType === 'application/pdf')
        ?.content.subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await admin.screenshot({ path: path.join(tmpdir(), 'orders-admin-after-email-1280.png') });
    await admin.keyboard.press('Escape');
    await invoice.waitFor({ state: 'hidden' });
    await row.getByText('PAID', { exact: true }).waitFor();

    // New Order: needs a dealer and a line; admin_only products and custom lines are allowed
    await admin.getByRole('button', { name: 'Create New Order' }).click();
    const newOrder = admin.getByRole('dialog', { name: 'Create New Order' });
    await newOrder.getByRole('button', { name: 'Create Order' }).click();
    await expectFieldError(
      newOrder.getByRole('combobox', { name: 'Dealer' }),
      'Please select a dealer and add at least one product',
    );
    await newOrder.getByRole('combobox', { name: 'Dealer' }).fill('timber');
    await newOrder.getByRole('option', { name: 'Timber Ridge Outdoors (Missoula, MT)' }).click();
    await newOrder.getByLabel('Product').selectOption({ label: 'Dealer Display Stand — $15.10 (admin only)' });
    await newOrder.getByRole('button', { name: 'Add Product' }).click();
    await newOrder.getByLabel('Custom item description').fill('Freight to Missoula');
    await newOrder.getByLabel('Unit price ($)').fill('0.3');
    await newOrder.getByLabel('Qty').fill('3');
    await newOrder.getByRole('button', { name: 'Add Custom Item' }).click();
    await expectText(newOrder.getByTestId('new-order-total'), '$16.00');
    await newOrder.getByLabel('Notes').fill('Stand for the showroom');
    await screenshots(admin, 'orders-admin-new-order');
    await newOrder.getByRole('button', { name: 'Create Order' }).click();
    await expectMessage(admin, 'Order created successfully!', 'success');
    await admin.getByText('2 orders', { exact: true }).waitFor();
    const created = (await allOrders<OrderRow>(portal, adminToken)).find((order) => order.order_number !== number);
    expect(created?.total_value).toBe(16);

    // the dealer detail: order history, Payment History, timeline; an order opens its invoice
    await admin.getByRole('tab', { name: 'Manage Dealers' }).click();
    await admin.getByRole('row').filter({ hasText: 'Timber Ridge Outdoors' }).click();
    await admin.getByRole('heading', { name: 'Order History (2)' }).waitFor();
    // Billed, Paid and Balance: the server's sums over all the dealer's orders ($73.05 paid, $16.00 open)
    const account = admin.locator('.order-account');
    await expectText(account.locator('dt:text-is("Billed") + dd'), '$89.05');
    await expectText(account.locator('dt:text-is("Paid") + dd'), '$73.05');
    await expectText(account.locator('dt:text-is("Balance") + dd'), '$16.00');
    expect(await admin.locator('.order-history__partial').count()).toBe(0);
    await admin
      .locator('.timeline')
      .getByRole('button', { name: `Order #${number} placed` })
      .waitFor();
    const titles = await admin.locator('.timeline .timeline__entry > :is(strong, button)').allTextContents();
    expect(titles[0]).toBe(`Order #${created?.order_number} placed`);
    expect(titles.at(-1)).toBe('Dealer joined');
    await admin.getByRole('button', { name: 'Payment History' }).click();
    const history = admin.getByRole('dialog', { name: /^Payment History/ });
    await expectText(history.getByTestId('payment-history-total'), '$73.05');
    await screenshots(admin, 'orders-admin-payment-history');
    await history.getByRole('button', { name: 'Close' }).first().click();
    await admin.getByRole('button', { name: `Open invoice of order #${number}` }).click();
    const detailInvoice = admin.getByRole('dialog', { name: `Invoice — Order ${number}` });
    expect(await detailInvoice.getByLabel('Status').locator('option').allTextContents()).toEqual([
      'Pending',
      'Confirmed',
      'Shipped',
      'Cancelled',
    ]);
    await screenshots(admin, 'orders-admin-dealer-detail');
    await detailInvoice.getByRole('button', { name: 'Close' }).click();
    await detailInvoice.waitFor({ state: 'hidden' });
    await screenshots(admin, 'dealer-detail', { fullPage: true });
    await expectNoAxeViolationsAtBothSizes(admin, '.dealer-detail');
    await admin.screenshot({ path: path.join(tmpdir(), 'dealer-detail-1440.png'), fullPage: true });

    // the dealer's Overview: both orders open, $16.00 left to pay (the first is paid in full); a page load
    // reads them afresh (a reload would stay on the tab the dealer was on)
    await dealerPage.goto(`${portal.url}/dealer/overview`);
    await dealerPage.locator('.shell').waitFor();
    const glance = dealerPage.getByRole('region', { name: 'Orders at a glance' });
    await expectText(glance.locator('.portal-fact:has-text("Orders placed") strong'), '2');
    await expectText(glance.locator('.portal-fact:has-text("Open orders") strong'), '2');
    await expectText(glance.locator('.portal-fact:has-text("Balance due") strong'), '$16.00');

    // the dealer's My Orders: the order with its invoice (read-only)
    await dealerPage.getByRole('tab', { name: 'My Orders' }).click();
    await dealerPage.reload();
    await dealerPage.getByRole('tab', { name: 'My Orders' }).click();
    const card = dealerPage.getByRole('listitem', { name: `Order ${number}` });
    await card.getByText('PAID', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'View Invoice' }).click();
    const dealerInvoice = dealerPage.getByRole('dialog', { name: `Invoice — Order ${number}` });
    await expectText(dealerInvoice.getByTestId('invoice-total'), '$73.05');
    await expectText(dealerInvoice.getByTestId('invoice-balance'), '$0.00');
    expect(await dealerInvoice.getByRole('button', { name: 'Update Invoice' }).count()).toBe(0);
    expect(await dealerInvoice.getByRole('spinbutton').count()).toBe(0);
    await dealerInvoice.getByRole('button', { name: 'Print Invoice' }).waitFor();
    const [dealerPdf] = await Promise.all([
      dealerPage.waitForEvent('download'),
      dealerInvoice.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(dealerPdf.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    await screenshots(dealerPage, 'orders-dealer-invoice');
  });
});
