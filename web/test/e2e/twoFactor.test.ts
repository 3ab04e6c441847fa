/**
 * Two-factor sign-in for staff (issue 23) in a real browser: an admin turns it on in Profile (the code is
 * computed here from the setup key the page shows, as an authenticator app would), signs out and signs in with
 * a code. The enrolment and the code step are checked with axe and photographed at 1440×900 and 390×844
 * (/tmp/shots/mfa/).
 *
 * Needs the built portal (`npx turbo run build`, or `npm run build -w @portal/web` after a web change).
 */
import { mkdir } from 'node:fs/promises';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { adminApiToken, apiCaller, apiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes } from './pageChecks';
import { landingPage, openSettings, signIn, signOut } from './settingsSteps';

jest.setTimeout(180_000);

const SHOTS = '/tmp/shots/mfa';
const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';

/** The code an authenticator app shows `stepsAhead` steps (30 s each) from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function photograph(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('Two-factor sign-in of an admin, in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    portal = await startPortal();
    browser = await launchBrowser({ width: 1440, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  // first: the next test turns on the first admin's two-factor sign-in, after which the API needs a code
  test('When a delivery user has two-factor sign-in, Then the staff list says so and an admin resets it', async () => {
    let token = await adminApiToken(portal);
    const call = apiCaller(portal, () => token);
    const created = await call<{ temporary_password: string }>('/api/admin/create-admin-user', {
      method: 'POST',
      body: { email: 'van.driver@portal.test', full_name: 'Van Driver', role: 'delivery' },
    });
    const password = created.body.temporary_password;
    token = await apiToken(portal, 'van.driver@portal.test', password);
    const setup = await call<{ secret: string }>('/api/user/mfa/setup', { method: 'POST' });
    expect(
      (await call('/api/user/mfa/enable', { method: 'POST', body: { code: codeFor(setup.body.secret) } })).status,
    ).toBe(200);

    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await openSettings(page, 'Admin Users');
    const row = page.getByRole('row', { name: /van\.driver@portal\.test/ });
    await row.getByText('2FA on').waitFor();
    await photograph(page, 'staff-list');
    await row.getByRole('button', { name: 'Reset two-factor sign-in of van.driver@portal.test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in' });
    await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Off', exact: true }).waitFor();
    expect(await row.getByText('2FA on').count()).toBe(0);
    // the password alone signs the driver in again
    expect(await apiToken(portal, 'van.driver@portal.test', password)).toEqual(expect.any(String));
    await signOut(page);
    await page.close();
  });

  test('When an admin turns on two-factor sign-in in Profile, Then after signing out the sign-in asks for a code and the code signs in', async () => {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.getByRole('tab', { name: 'Profile' }).click();

    const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await panel.getByRole('button', { name: 'Turn on' }).click();
    const qr = panel.getByRole('img', { name: /QR code for your authenticator app/ });
    await qr.waitFor();
    const secret = await panel.locator('code[data-secret]').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // the key is shown as text to type, in groups of four
    expect((await panel.locator('code[data-secret]').textContent())?.replace(/\s/g, '')).toBe(secret);
    await photograph(page, 'enrolment');
    await expectNoAxeViolationsAtBothSizes(page);

    await panel.getByLabel(CODE_LABEL).fill(codeFor(secret as string));
    await panel.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await panel.getByRole('button', { name: 'I have saved them' }).click();
    await panel.getByText('Two-factor sign-in is on for your account.').waitFor();
    await signOut(page);

    // the password alone no longer opens the portal
    await signIn(page, portal.adminEmail, portal.adminPassword);
    const code = page.getByLabel(CODE_LABEL);
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
    await code.fill('000000');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Incorrect code' }).waitFor();
    await photograph(page, 'code-step');
    await expectNoAxeViolationsAtBothSizes(page);

    // the recovery-code toggle and back, by keyboard
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').waitFor();
    await page.getByRole('button', { name: 'Use the code from your authenticator app' }).click();

    // the step after the one that turned it on: a code is never accepted twice within its window
    await page.getByLabel(CODE_LABEL).fill(codeFor(secret as string, 1));
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeTruthy();
    await page.close();
  });
});
