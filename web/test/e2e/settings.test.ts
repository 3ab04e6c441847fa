import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { expectFieldError } from './formSteps';
import { type Portal, startPortal } from './harness';
import { screenshots } from './pageChecks';
import { expectMessage, landingPage, openSettings, signIn } from './settingsSteps';

jest.setTimeout(180_000);

describe('The Settings screen in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.getByRole('tab', { name: 'Settings', exact: true }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  test("When Settings opens, Then its eight sub-tabs are there in the spec's order", async () => {
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    // the Settings screen's code loads when the tab first opens
    const tablist = page.getByRole('tablist', { name: 'System Settings' });
    await tablist.waitFor();
    const tabs = tablist.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'Company Settings',
      'Manage Products',
      'System Configuration',
      'Admin Users',
      'Email Settings',
      'Map Settings',
      'Google Maps',
      'Bulk Import',
    ]);
  });

  test('When the admin renames the company, Then the header and the landing page show the new name', async () => {
    await openSettings(page, 'Company Settings');
    const name = page.getByLabel('Company Name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expectFieldError(name, 'Error: Company name and email are required');

    await name.fill('Ridgeline Blinds Co.');
    await page.getByLabel('Email').fill('sales@ridgeline.test');
    await page.getByLabel('State').selectOption({ label: 'Texas' });
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expectMessage(page, 'Company settings saved successfully! This will appear on all invoices.', 'success');
    await page.locator('.shell__company', { hasText: 'Ridgeline Blinds Co.' }).waitFor();

    // a visitor's browser, with no session: the landing page
    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.context.newPage();
      await visitor.goto(portal.url);
      await visitor.locator('.landing__brand', { hasText: 'Ridgeline Blinds Co.' }).waitFor();
    } finally {
      await visitorBrowser.close();
    }

    await page.reload();
    await openSettings(page, 'Company Settings');
    expect(await page.getByLabel('State').inputValue()).toBe('TX');
  });

  test("When zones are added and removed, Then the spec's messages show and the last zone cannot go", async () => {
    await openSettings(page, 'System Configuration');
    const zones = page.getByRole('list', { name: 'Zones' }).getByRole('listitem');
    await zones.first().waitFor();
    expect(await page.getByRole('list', { name: 'Zones' }).locator('.zone-list__name').allTextContents()).toEqual([
      'Eastern Zone',
      'Midwest Zone',
      'Southern Zone',
      'Western Zone',
    ]);

    const newZone = page.getByLabel('New Zone');
    await newZone.fill('eastern zone');
    await page.getByRole('button', { name: 'Add Zone' }).click();
    await expectMessage(page, 'Error: Zone already exists', 'error');

    await newZone.fill('Northeast Zone');
    await page.getByRole('button', { name: 'Add Zone' }).click();
    await expectMessage(page, 'Zone added successfully!', 'success');
    await page.getByRole('button', { name: 'Remove Northeast Zone' }).waitFor();
    expect(await newZone.inputValue()).toBe('');

    for (const zone of ['Northeast Zone', 'Midwest Zone', 'Southern Zone', 'Western Zone']) {
      await page.getByRole('button', { name: `Remove ${zone}` }).click();
      await expectMessage(page, 'Zone removed successfully!', 'success');
      await page.getByRole('button', { name: `Remove ${zone}` }).waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Remove Eastern Zone' }).click();
    await expectMessage(page, 'Error: At least one zone must remain', 'error');

    await page.reload();
    await openSettings(page, 'System Configuration');
    await page.getByRole('button', { name: 'Remove Eastern Zone' }).waitFor();
    expect(await zones.count()).toBe(1);
  });

  test('When the timezone is changed and saved, Then it is kept', async () => {
    await openSettings(page, 'System Configuration');
    await page.getByLabel('System Timezone').selectOption('America/Denver');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectMessage(page, 'System configuration saved successfully!', 'success');
    await page.reload();
    await openSettings(page, 'System Configuration');
    expect(await page.getByLabel('System Timezone').inputValue()).toBe('America/Denver');
  });

  test('When the default payment terms are out of range, Then the field says why; when 45 is saved, Then it is kept', async () => {
    await openSettings(page, 'System Configuration');
    const terms = page.getByLabel('Default payment terms (days)');
    expect(await terms.inputValue()).toBe('30');
    await terms.fill('366');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectFieldError(terms, 'Default payment terms must be a whole number of days from 0 to 365');
    await terms.fill('45');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectMessage(page, 'System configuration saved successfully!', 'success');
    await page.reload();
    await openSettings(page, 'System Configuration');
    expect(await page.getByLabel('Default payment terms (days)').inputValue()).toBe('45');
  });

  test("When an admin user is created without a name, Then the spec's message; when one is deleted, Then after confirmation it is gone", async () => {
    await openSettings(page, 'Admin Users');
    await page.getByLabel('Email').fill('second.admin@portal.test');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expectMessage(page, 'Error: Please fill in all required fields', 'error');

    await page.getByLabel('Full Name').fill('Second Admin');
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.getByRole('dialog', { name: 'Temporary password' }).getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /second\.admin@portal\.test/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Administrator');

    await page.getByRole('button', { name: 'Delete second.admin@portal.test' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Delete second.admin@portal.test' }).click();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expectMessage(page, 'Admin user deleted successfully!', 'success');
    await row.waitFor({ state: 'detached' });
    // the signed-in admin cannot delete their own account here
    expect(await page.getByRole('button', { name: `Delete ${portal.adminEmail}` }).count()).toBe(0);
  });

  test('When Email Settings opens, Then the notification defaults show; saved SMTP settings keep the password hidden; a failing test says why', async () => {
    await openSettings(page, 'Email Settings');
    // where mail goes now: no SMTP server anywhere yet (the portal was started without SMTP_HOST)
    const mailRoute = page.getByRole('status', { name: 'Where mail goes now' });
    await mailRoute.getByText('the outbox folder (no SMTP server)', { exact: true }).waitFor();
    await mailRoute.getByText(/^No SMTP server: mail is written to the outbox folder/).waitFor();
    expect(await page.getByLabel('Large Order Threshold ($)').inputValue()).toBe('1000');
    expect(await page.getByLabel('Revenue Threshold ($)').inputValue()).toBe('1000');
    expect(await page.getByLabel('Daily Report Time').inputValue()).toBe('08:00');

    await page.getByLabel('Revenue Threshold ($)').fill('2500');
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expectMessage(page, 'Notification settings saved successfully!', 'success');

    await page.getByLabel('SMTP Server').fill('127.0.0.1');
    await page.getByLabel('SMTP Port').selectOption('25');
    await page.getByLabel('SMTP Username', { exact: true }).fill('mailer');
    await page.getByLabel('SMTP Password', { exact: true }).fill('smtp-secret-1');
    await page.getByLabel('Sender Email').fill('noreply@ridgeline.test');
    await page.getByRole('button', { name: 'Save Email Settings' }).click();
    await expectMessage(page, 'Email settings saved successfully!', 'success');
    // product mail now goes through the settings just saved, and the screen says so without a reload
    await mailRoute.getByText('the SMTP server saved here', { exact: true }).waitFor();

    await page.reload();
    await openSettings(page, 'Email Settings');
    expect(await page.getByLabel('SMTP Server').inputValue()).toBe('127.0.0.1');
    expect(await page.getByLabel('SMTP Password', { exact: true }).inputValue()).toBe('');
    await page.getByText('A password is saved. Leave blank to keep it.').waitFor();
    expect(await page.getByLabel('Revenue Threshold ($)').inputValue()).toBe('2500');

    // nothing listens on port 25 here: the test mail fails with its reason, after the connection timeout
    await page.getByRole('button', { name: 'Test Email' }).click();
    await page
      .locator('.message.message--error', {
        hasText: 'Email test failed: could not reach the mail server 127.0.0.1:25. Check the server name and port.',
      })
      .waitFor({ timeout: 20_000 });

    // a link-local (cloud metadata) server is refused whatever the launcher allows
    await page.getByLabel('SMTP Server').fill('169.254.169.254');
    await page.getByRole('button', { name: 'Save Email Settings' }).click();
    await page.getByText(/169\.254\.169\.254 is a cloud metadata address: .*never allowed/).waitFor();

    // back to the outbox: a blank server is saved, the password with it dropped
    await page.getByLabel('SMTP Server').fill('');
    await page.getByRole('button', { name: 'Save Email Settings' }).click();
    await expectMessage(page, 'Email settings saved successfully!', 'success');
    await mailRoute.getByText('the outbox folder (no SMTP server)', { exact: true }).waitFor();
    await screenshots(page, 'email-settings-outbox');
    await page.reload();
    await openSettings(page, 'Email Settings');
    expect(await page.getByLabel('SMTP Server').inputValue()).toBe('');
    expect(await page.getByText('A password is saved. Leave blank to keep it.').count()).toBe(0);
  });
});

describe('Maintenance mode in a real browser', () => {
  let portal: Portal;
  let adminBrowser: TestBrowser;
  let deliveryBrowser: TestBrowser;

  beforeAll(async () => {
    portal = await startPortal();
    adminBrowser = await launchBrowser();
    deliveryBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await deliveryBrowser?.close();
    await adminBrowser?.close();
    await portal?.stop();
  });

  test('When an admin turns maintenance mode on, Then a signed-in delivery user sees the maintenance notice; off, it goes', async () => {
    const admin = await adminBrowser.context.newPage();
    await landingPage(admin, portal.url);
    await signIn(admin, portal.adminEmail, portal.adminPassword);
    await openSettings(admin, 'Admin Users');
    await admin.getByLabel('Email').fill('route.driver@portal.test');
    await admin.getByLabel('Full Name').fill('Route Driver');
    await admin.getByLabel('Role').selectOption('delivery');
    await admin.getByRole('button', { name: 'Create User' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Temporary password' });
    const password = await dialog.getByLabel('Temporary password').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const delivery = await deliveryBrowser.context.newPage();
    await landingPage(delivery, portal.url);
    await signIn(delivery, 'route.driver@portal.test', password);
    await delivery.getByRole('button', { name: 'Generated Routes' }).waitFor();
    expect(await delivery.getByText('Scheduled maintenance').count()).toBe(0);

    const setMaintenance = async (on: boolean) => {
      await openSettings(admin, 'System Configuration');
      await admin.getByLabel(/Maintenance mode/).setChecked(on);
      await admin.getByRole('button', { name: 'Save Configuration' }).click();
      await expectMessage(admin, 'System configuration saved successfully!', 'success');
    };

    await setMaintenance(true);
    await delivery.reload();
    await delivery.getByText('Scheduled maintenance').waitFor();

    await setMaintenance(false);
    await delivery.reload();
    await delivery.getByRole('button', { name: 'Generated Routes' }).waitFor();
    await delivery.getByText('Scheduled maintenance').waitFor({ state: 'detached' });
  });
});
