import { adminApiToken, apiCaller } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes } from './pageChecks';

jest.setTimeout(240_000);

const SHOTS = '/tmp/shots/audit-core';

describe("A dealer's History in a real browser", () => {
  let portal: Portal;
  let browser: TestBrowser;
  let dealerId: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser({ width: 1440, height: 900 });
    const token = await adminApiToken(portal);
    const call = apiCaller(portal, () => token);
    const created = await call<{ dealer: { dealer_id: string } }>('/api/admin/create-dealer', {
      method: 'POST',
      body: {
        email: 'history@dealers.test',
        business_name: 'Juniper Draw Outfitters',
        full_name: 'Jo Juniper',
        phone: '(406) 555-0100',
        address: '4 Canyon Road',
        city: 'Bozeman',
        state: 'MT',
        zip_code: '59715',
        zone: 'Midwest Zone',
      },
    });
    if (created.status !== 200)
      throw new Error(`create-dealer answered ${created.status}: ${JSON.stringify(created.body)}`);
    dealerId = created.body.dealer.dealer_id;
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  test('When an admin edits a dealer and opens its History, Then the change reads "field: before → after", newest first', async () => {
    const page = await signedInPage(browser.context, portal, portal.adminEmail, portal.adminPassword);
    await page.goto(`${portal.url}/admin/dealers/${dealerId}`);
    await page.getByRole('heading', { level: 2, name: 'Juniper Draw Outfitters' }).waitFor();

    await page.getByRole('button', { name: 'Edit Dealer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Dealer' });
    await dialog.getByLabel('Phone').fill('(406) 555-0199');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Dealer updated successfully!').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const show = page.getByRole('button', { name: 'Show history' });
    await show.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Hide history' }).getAttribute('aria-expanded')).toBe('true');
    const dealerChanges = page.getByRole('list', { name: 'Dealer changes' });
    // the entry travels through the outbox to identity: the list shows it once it is read after the edit
    const phoneChange = dealerChanges.getByText('phone: (406) 555-0100 → (406) 555-0199');
    await phoneChange.waitFor({ timeout: 15_000 }).catch(async () => {
      await page.screenshot({ path: `${SHOTS}/dealer-history-first-read.png`, fullPage: true });
      await page.getByRole('button', { name: 'Hide history' }).click();
      await page.getByRole('button', { name: 'Show history' }).click();
      await phoneChange.waitFor({ timeout: 10_000 });
    });
    const entries = dealerChanges.locator(':scope > li');
    // newest first: the edit above the creation, each naming who made it
    const newest = await entries.first().textContent();
    expect(newest).toContain('phone: (406) 555-0100 → (406) 555-0199');
    expect(newest).toContain(portal.adminEmail);
    expect(await entries.last().textContent()).toContain('dealer created');

    await page.getByRole('region', { name: 'History', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dealer-history-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: 'History', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dealer-history-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectNoAxeViolationsAtBothSizes(page);
  });
});
