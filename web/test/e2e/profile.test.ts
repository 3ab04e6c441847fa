import { launchBrowser, type TestBrowser } from './browser';
import { expectFieldError } from './formSteps';
import { type Portal, startPortal } from './harness';
import { recordCspViolations } from './pageChecks';
import { expectMessage, landingPage, openSettings, signIn, signOut } from './settingsSteps';

jest.setTimeout(180_000);

describe('A new delivery user and Profile Settings, in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;

  /** The status a signed-in GET answers with `token`. */
  async function statusWith(token: string | null, path: string): Promise<number> {
    const res = await fetch(portal.url + path, { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }

  /** Waits (up to the 5 s the issue allows) until a GET with `token` answers `status`. */
  async function eventuallyStatus(token: string | null, path: string, status: number): Promise<void> {
    const deadline = Date.now() + 5000;
    while ((await statusWith(token, path)) !== status) {
      if (Date.now() > deadline) throw new Error(`${path} did not answer ${status} within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  test('When an admin creates a delivery user, Then it signs in with the temporary password, changes it in Profile Settings, and signs in again with the new one', async () => {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await openSettings(page, 'Admin Users');

    // the admin creates the user; the temporary password is shown once
    await page.getByLabel('Email').fill('dana.driver@portal.test');
    await page.getByLabel('Full Name').fill('Dana Driver');
    await page.getByLabel('Role').selectOption('delivery');
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Temporary password' });
    await dialog.waitFor();
    const temporaryPassword = await dialog.getByLabel('Temporary password').inputValue();
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);
    await expectMessage(page, 'Admin user created successfully!', 'success');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /dana\.driver@portal\.test/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Delivery User');
    expect(await row.textContent()).toContain(portal.adminEmail);
    await signOut(page);

    // the delivery user lands on the delivery dashboard
    await signIn(page, 'dana.driver@portal.test', temporaryPassword);
    await page.getByRole('button', { name: 'Generated Routes' }).waitFor();
    await page.getByRole('tab', { name: 'Profile' }).click();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Dana Driver');
    expect(await page.getByLabel('Email').inputValue()).toBe('dana.driver@portal.test');

    // the browser checks the confirmation; the server checks the current password
    await page.getByLabel('Current Password', { exact: true }).fill(temporaryPassword);
    await page.getByLabel('New Password', { exact: true }).fill('Delivery-route-2025');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Delivery-route-2026');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectFieldError(page.getByLabel('Confirm New Password', { exact: true }), 'New passwords do not match');

    await page.getByLabel('Current Password', { exact: true }).fill('not-the-current-password');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Delivery-route-2025');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.locator('.message.message--error', { hasText: /^Error: / }).waitFor();

    const tokenBefore = await page.evaluate(() => window.localStorage.getItem('authToken'));
    await page.getByLabel('Full Name').fill('Dana D. Driver');
    await page.getByLabel('Current Password', { exact: true }).fill(temporaryPassword);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectMessage(page, 'Profile updated successfully!', 'success');
    // the change ended every earlier session; this browser keeps working with the token of its new one
    const tokenAfter = await page.evaluate(() => window.localStorage.getItem('authToken'));
    expect(tokenAfter).toBeTruthy();
    expect(tokenAfter).not.toBe(tokenBefore);
    expect(await statusWith(tokenAfter, '/api/admin/all-dealers-enhanced')).toBe(200);
    await eventuallyStatus(tokenBefore, '/api/admin/all-dealers-enhanced', 401);
    // the stored user and the header follow
    await page.locator('.shell__user-name', { hasText: 'Dana D. Driver' }).waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem('userData'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ full_name: 'Dana D. Driver', role: 'delivery' });
    expect(await page.getByLabel('New Password', { exact: true }).inputValue()).toBe('');
    // signed-in screens go on working with the new token
    await page.getByRole('tab', { name: 'Dealers' }).click();
    await page.getByRole('heading', { name: /^Dealer Directory/ }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBe(tokenAfter);
    await signOut(page);

    // the old password no longer works; the new one does
    await signIn(page, 'dana.driver@portal.test', temporaryPassword);
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill('Delivery-route-2025');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Generated Routes' }).waitFor();
    await page.locator('.shell__user-name', { hasText: 'Dana D. Driver' }).waitFor();
    await page.close();
  });

  test("When a profile form is incomplete, Then the spec's message is shown and nothing is sent, and checking it breaks no rule of the page's CSP", async () => {
    const page = await browser.context.newPage();
    const cspViolations = await recordCspViolations(page);
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.getByRole('tab', { name: 'Profile' }).click();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectFieldError(page.getByLabel('Email'), 'Error: Please enter a valid email address');

    await page.getByLabel('Full Name').fill('');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectFieldError(page.getByLabel('Full Name'), 'Error: Full name and email are required');
    // the form was checked with the contract's zod schema: no eval probe under the CSP (api/zodWithoutEval.ts)
    expect(await cspViolations()).toEqual([]);
    await page.close();
  });
});
