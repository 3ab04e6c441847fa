/**
 * Nothing typed is lost or changed behind the user's back (issue 20): a state is a choice, so Montana is saved as
 * MT (never MO); a dealer's Order Products quantities survive a tab switch and a reload until the order is sent;
 * New Order's message goes as soon as a dealer and a line are chosen; the Address Tester's empty-form message is
 * its own, not the browser's bubble.
 */
import type { Page } from 'playwright-core';
import { adminApiToken, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { expectFieldError, expectNoFieldError } from './formSteps';
import { type Portal, startPortal } from './harness';
import { expectText, expectValue, screenshots } from './pageChecks';
import { expectMessage, landingPage, openSettings } from './settingsSteps';

jest.setTimeout(180_000);

const SELECT_DEALER_AND_PRODUCT = 'Please select a dealer and add at least one product';

/** The dealer's Order Products tab, opened (after a reload the address may already open it). */
async function openOrderProducts(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Order Products' });
  await tab.waitFor();
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await page.getByRole('complementary', { name: 'Order summary' }).waitFor();
}

describe('Forms keep what is typed, in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let adminToken: string;
  let admin: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    adminToken = await adminApiToken(portal);
    admin = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  test('When the admin chooses Montana in the dealer form, Then the dealer is saved with MT (not MO, Missouri)', async () => {
    await admin.getByRole('tab', { name: 'Manage Dealers' }).click();
    await admin.getByRole('button', { name: 'Create Dealer' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create Dealer' });
    const state = dialog.getByRole('combobox', { name: 'State' });
    // a choice of names, with an empty first option
    expect(await state.locator('option').first().textContent()).toBe('Select a state');
    expect(await state.locator('option', { hasText: 'Montana' }).getAttribute('value')).toBe('MT');

    await dialog.getByLabel('Business Name').fill('Big Sky Outfitters');
    await dialog.getByLabel('Email').fill('bigsky@forms.test');
    await dialog.getByLabel('Phone').fill('(406) 555-0100');
    await dialog.getByLabel('Address').fill('1 Main St');
    await dialog.getByLabel('City').fill('Helena');
    await dialog.getByLabel('Zip Code').fill('59601');
    // pressed before the state is chosen: the message shows beside the state, and goes once one is chosen
    await dialog.getByRole('button', { name: 'Create Dealer' }).click();
    await expectFieldError(state, 'Error: Missing required fields: state');
    await state.selectOption({ label: 'Montana' });
    await expectNoFieldError(state);
    await screenshots(admin, 'forms-dealer-state');
    await dialog.getByRole('button', { name: 'Create Dealer' }).click();
    await dialog.getByText('Dealer created successfully!').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const res = await fetch(`${portal.url}/api/admin/all-dealers-enhanced?q=bigsky`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    const { dealers } = (await res.json()) as { dealers: { email: string; state: string | null }[] };
    expect(dealers.find((dealer) => dealer.email === 'bigsky@forms.test')?.state).toBe('MT');
  });

  test('When a dealer types quantities, Then they survive a tab switch and a reload, and go once the order is sent', async () => {
    await createProduct(portal, adminToken, { title: 'Ridge Hub Blind', price: '24.35' });
    await createProduct(portal, adminToken, { title: 'Brush Loop Kit', price: '10.15' });
    const account = await createDealerAccount(portal, 'quantities@forms.test');
    const dealerBrowser = await launchBrowser();
    try {
      const page = await signedInPage(dealerBrowser.context, portal, account.email, account.password);
      await openOrderProducts(page);
      const hub = page.getByLabel('Quantity of Ridge Hub Blind', { exact: true });
      const kit = page.getByLabel('Quantity of Brush Loop Kit', { exact: true });
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await hub.fill('3');
      await kit.fill('2');
      await expectText(summary.getByTestId('order-total'), '$93.35');

      await page.getByRole('tab', { name: 'My Orders' }).click();
      await page.getByText('You have not placed any orders yet.').waitFor();
      await openOrderProducts(page);
      await expectValue(hub, '3');
      await expectValue(kit, '2');

      await page.reload();
      await openOrderProducts(page);
      await expectValue(hub, '3');
      await expectValue(kit, '2');
      await expectText(summary.getByTestId('order-total'), '$93.35');
      await screenshots(page, 'forms-order-products');

      await summary.getByRole('button', { name: 'Submit Order' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Order' });
      await confirm.getByRole('button', { name: /Confirm/ }).click();
      await expectMessage(page, 'Order submitted successfully! Your request has been sent for processing.', 'success');
      await expectValue(hub, '0');
      await page.reload();
      await openOrderProducts(page);
      await expectValue(hub, '0');
      await expectValue(kit, '0');

      // Clear empties the cart for good, too
      await kit.fill('4');
      await summary.getByRole('button', { name: 'Clear' }).click();
      await expectValue(kit, '0');
      await page.reload();
      await openOrderProducts(page);
      await expectValue(kit, '0');
    } finally {
      await dealerBrowser.close();
    }
  });

  test('When a dealer and a line are chosen in New Order, Then its message goes away without another click', async () => {
    await createDealerAccount(portal, 'neworder@forms.test');
    await admin.getByRole('tab', { name: 'Orders', exact: true }).click();
    await admin.getByRole('button', { name: 'Create New Order' }).click();
    const newOrder = admin.getByRole('dialog', { name: 'Create New Order' });
    const dealer = newOrder.getByRole('combobox', { name: 'Dealer' });
    await newOrder.getByRole('button', { name: 'Create Order' }).click();
    await expectFieldError(dealer, SELECT_DEALER_AND_PRODUCT);
    await screenshots(admin, 'forms-new-order-message');

    await dealer.fill('timber');
    await newOrder
      .getByRole('option', { name: /^Timber Ridge Outdoors/ })
      .first()
      .click();
    await expectNoFieldError(dealer);
    // still no line: the message now sits by the items
    await newOrder.locator('.field__error', { hasText: SELECT_DEALER_AND_PRODUCT }).waitFor();

    await newOrder.getByLabel('Product').selectOption({ label: 'Ridge Hub Blind — $24.35' });
    await newOrder.getByRole('button', { name: 'Add Product' }).click();
    await newOrder.locator('.field__error', { hasText: SELECT_DEALER_AND_PRODUCT }).waitFor({ state: 'hidden' });
    expect(await newOrder.getByText(SELECT_DEALER_AND_PRODUCT).count()).toBe(0);
    await newOrder.getByRole('button', { name: 'Cancel' }).click();
    await newOrder.waitFor({ state: 'hidden' });
  });

  test('When the login password is shown, Then its toggle, in the password row, says so with aria-pressed', async () => {
    // a browser of its own: the admin's stored session would open the dashboard
    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.context.newPage();
      await landingPage(visitor, portal.url);
      await visitor.getByRole('link', { name: 'Dealer Login' }).filter({ visible: true }).first().click();
      const password = visitor.getByLabel(/^Password/);
      await password.fill('secret-typed');
      const show = visitor.getByRole('button', { name: 'Show Password' });
      await show.click();
      expect(await show.getAttribute('aria-pressed')).toBe('true');
      expect(await password.getAttribute('type')).toBe('text');
      await screenshots(visitor, 'forms-login');
    } finally {
      await visitorBrowser.close();
    }
  });

  test("When the Address Tester is submitted empty, Then it shows its own message (not the browser's bubble)", async () => {
    await openSettings(admin, 'Map Settings');
    await admin.getByRole('tab', { name: 'Address Tester' }).click();
    await admin.getByRole('button', { name: 'Test Geocoding' }).click();
    await expectMessage(admin, 'Please fill in at least address, city, and state', 'error');
    const state = admin.getByRole('combobox', { name: 'State' });
    expect(await state.locator('option', { hasText: 'Montana' }).getAttribute('value')).toBe('MT');
    await screenshots(admin, 'forms-address-tester');

    // the SMTP password's Show toggle sits in the password's own row
    await openSettings(admin, 'Email Settings');
    const show = admin.getByRole('button', { name: 'Show SMTP Password' });
    expect(await show.getAttribute('aria-pressed')).toBe('false');
    await show.click();
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    expect(await admin.getByLabel('SMTP Password', { exact: true }).getAttribute('type')).toBe('text');
    const [field, toggle] = await Promise.all([
      admin.getByLabel('SMTP Password', { exact: true }).boundingBox(),
      show.boundingBox(),
    ]);
    // beside the input: same row, to its right
    expect(Math.abs((field?.y ?? 0) - (toggle?.y ?? 100))).toBeLessThan(8);
    expect(toggle?.x ?? 0).toBeGreaterThan((field?.x ?? 0) + (field?.width ?? 0) - 1);
    await screenshots(admin, 'forms-email-settings');
  });

  test('When Company Settings or the password change is wrong, Then the message sits beside its field and goes once fixed', async () => {
    await openSettings(admin, 'Company Settings');
    const company = admin.getByLabel('Company Name');
    const before = await company.inputValue();
    await company.fill('');
    await admin.getByRole('button', { name: 'Save Company Settings' }).click();
    await expectFieldError(company, 'Error: Company name and email are required');
    // beside the field, not under the form
    expect(await admin.locator('.settings-form .message').count()).toBe(0);
    await company.fill(before || 'Ridgeline Blinds');
    await expectNoFieldError(company);

    await admin.getByRole('tab', { name: 'Profile', exact: true }).click();
    const confirm = admin.getByLabel('Confirm New Password', { exact: true });
    await admin.getByLabel('Current Password', { exact: true }).fill('not-sent');
    await admin.getByLabel('New Password', { exact: true }).fill('Forms-typed-2026');
    await confirm.fill('Forms-typed-2025');
    await admin.getByRole('button', { name: 'Update Profile' }).click();
    await expectFieldError(confirm, 'New passwords do not match');
    await screenshots(admin, 'forms-profile-password');
    await confirm.fill('Forms-typed-2026');
    await expectNoFieldError(confirm);
    expect(await admin.getByText('New passwords do not match').count()).toBe(0);
  });
});
