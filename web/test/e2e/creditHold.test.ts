/**
 * Terms and credit in a real browser (issue 24): the admin sets a dealer's terms and credit limit on its detail;
 * the dealer's order over the limit is taken on hold and says why (the message, My Orders); the admin's dashboard
 * counts it and opens the held orders; the admin sees ON HOLD with the reason in the Orders tab and the invoice,
 * and releases the hold with a note.
 */
import { adminApiToken, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { expectFieldError } from './formSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes, expectText, screenshots } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(240_000);

const SHOTS = { dir: '/tmp/shots/terms' };
const HELD =
  'Your order was received and is on hold: Over the credit limit of $100.00. An administrator will review it.';

describe('Terms and credit hold in a real browser', () => {
  let portal: Portal;
  let dealerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;

  beforeAll(async () => {
    portal = await startPortal();
    dealerBrowser = await launchBrowser();
    adminBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await dealerBrowser?.close();
    await adminBrowser?.close();
    await portal?.stop();
  });

  test('When the admin sets a $100 limit and the dealer orders $150, Then the order is held, shown so, and released with a note', async () => {
    const adminToken = await adminApiToken(portal);
    await createProduct(portal, adminToken, { title: 'Credit Ridge Blind', price: '150.00' });
    const dealer = await createDealerAccount(portal, 'credit.hold@timber.test');

    // the dealer detail: default terms, then Net 45 and a $100 limit through the dialog
    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    await admin.getByRole('tab', { name: 'Manage Dealers' }).click();
    await admin.getByRole('row').filter({ hasText: 'Timber Ridge Outdoors' }).click();
    const terms = admin.getByRole('region', { name: 'Terms and credit' });
    await expectText(terms.getByTestId('dealer-terms-days'), 'Net 30 days (default)');
    await expectText(terms.getByTestId('dealer-credit-limit'), 'No limit');
    await terms.getByRole('button', { name: 'Edit Terms' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit terms and credit' });
    await dialog.getByLabel('Payment terms (days)').fill('400');
    await dialog.getByRole('button', { name: 'Save Terms' }).click();
    await expectFieldError(
      dialog.getByLabel('Payment terms (days)'),
      'Payment terms must be a whole number of days from 0 to 365',
    );
    await dialog.getByLabel('Payment terms (days)').fill('45');
    await dialog.getByLabel('Credit limit ($)').fill('100');
    await screenshots(admin, 'terms-dialog', SHOTS);
    await dialog.getByRole('button', { name: 'Save Terms' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(terms.getByTestId('dealer-terms-days'), 'Net 45 days');
    await expectText(terms.getByTestId('dealer-credit-limit'), '$100.00');
    await screenshots(admin, 'terms-dealer-detail', SHOTS);
    await expectNoAxeViolationsAtBothSizes(admin, '.dealer-detail');

    // the dealer orders one $150 blind: taken, on hold, and told why
    const dealerPage = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await dealerPage.getByRole('tab', { name: 'Order Products' }).click();
    await dealerPage.getByRole('button', { name: 'Increase quantity of Credit Ridge Blind' }).click();
    await dealerPage
      .getByRole('complementary', { name: 'Order summary' })
      .getByRole('button', { name: 'Submit Order' })
      .click();
    await dealerPage
      .getByRole('dialog', { name: 'Confirm Order' })
      .getByRole('button', { name: 'Confirm Order' })
      .click();
    await expectMessage(dealerPage, HELD, 'success');
    await dealerPage.getByRole('tab', { name: 'My Orders' }).click();
    const card = dealerPage.locator('.order-card').first();
    await card.getByText('ON HOLD', { exact: true }).waitFor();
    await card.getByText('Over the credit limit of $100.00').waitFor();
    await screenshots(dealerPage, 'terms-my-orders', SHOTS);

    // the admin's dashboard counts the held order and opens the Orders tab on the held orders waiting for release
    await admin.getByRole('tab', { name: 'Dashboard' }).click();
    const alert = admin.getByRole('status').filter({ hasText: '1 order is on credit hold' });
    await alert.waitFor();
    await screenshots(admin, 'terms-dashboard-alert', SHOTS);
    await alert.getByRole('link', { name: 'Review held orders' }).click();
    await admin.getByRole('heading', { name: 'All Orders' }).waitFor();
    expect(await admin.getByLabel('Hold', { exact: true }).inputValue()).toBe('held');
    expect(await admin.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    await expectText(admin.locator('.orders-panel__count'), '1 order matches your filters');
    await expectNoAxeViolationsAtBothSizes(admin, '.orders-panel');

    // the Orders tab and invoice: ON HOLD with the reason; Release Hold needs a note
    const row = admin.getByRole('row').filter({ hasText: 'Timber Ridge Outdoors' });
    await row.getByText('ON HOLD', { exact: true }).waitFor();
    expect(await row.locator('.order-hold').getAttribute('title')).toBe('Over the credit limit of $100.00');
    await screenshots(admin, 'terms-orders-list', { ...SHOTS, fullPage: true });
    await row.click();
    const invoice = admin.getByRole('dialog', { name: /^Invoice — Order / });
    await invoice.getByText('ON HOLD', { exact: true }).waitFor();
    await invoice.getByLabel('Status').selectOption('confirmed');
    await invoice.getByRole('button', { name: 'Update Invoice' }).click();
    await admin
      .locator('.message--error')
      .filter({ hasText: 'This order is on hold (Over the credit limit of $100.00)' })
      .first()
      .waitFor();
    await invoice.getByRole('button', { name: 'Release Hold' }).click();
    const release = admin.getByRole('dialog', { name: /^Release Hold — Order / });
    await release.getByRole('button', { name: 'Release Hold' }).click();
    await expectFieldError(release.getByLabel('Note'), 'Please say why the hold is released');
    await release.getByLabel('Note').fill('Paid by phone');
    await screenshots(admin, 'terms-release-dialog', SHOTS);
    await expectNoAxeViolationsAtBothSizes(admin, '.modal');
    await release.getByRole('button', { name: 'Release Hold' }).click();
    await expectMessage(admin, 'The hold was released; the order can now be confirmed.', 'success');
    await invoice.getByRole('button', { name: 'Release Hold' }).waitFor({ state: 'detached' });
    await invoice.getByRole('button', { name: 'Update Invoice' }).click();
    await expectMessage(admin, 'Order updated successfully!', 'success');
    await admin.keyboard.press('Escape');
    // no longer held nor pending: it leaves the held orders, and shows confirmed among all of them
    await row.waitFor({ state: 'detached' });
    await expectText(admin.locator('.orders-panel__count'), '0 orders match your filters');
    await admin.getByLabel('Hold', { exact: true }).selectOption('');
    await admin.getByLabel('Status', { exact: true }).selectOption('');
    await row.getByText('CONFIRMED', { exact: true }).waitFor();
    expect(await row.getByText('ON HOLD', { exact: true }).count()).toBe(0);
  });
});
