import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { landingPage, signIn } from './settingsSteps';

jest.setTimeout(120_000);

describe('Signing in to the portal in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** A page on the landing view with nothing stored, as a first-time visitor sees it. */
  async function freshLandingPage(): Promise<Page> {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    return page;
  }

  const storedSession = (page: Page) =>
    page.evaluate(() => [window.localStorage.getItem('authToken'), window.localStorage.getItem('userData')]);

  test('When the admin signs in from the landing page, Then the admin dashboard opens, a reload keeps it, and Logout returns to landing', async () => {
    const page = await freshLandingPage();

    await signIn(page, portal.adminEmail, portal.adminPassword);

    const manageDealers = page.getByRole('tab', { name: 'Manage Dealers' });
    await manageDealers.waitFor();
    await page.locator('.shell__user-name', { hasText: 'Administrator' }).waitFor();
    const [token, userData] = await storedSession(page);
    expect(token).toBeTruthy();
    expect(JSON.parse(userData ?? '{}')).toMatchObject({ email: portal.adminEmail, role: 'admin' });

    await page.reload();
    await manageDealers.waitFor();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Bulk Import' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Everything our dealers need, in one portal' }).waitFor();
    expect(await storedSession(page)).toEqual([null, null]);
    await page.close();
  });

  test('When the password is wrong, Then the login view shows the server message and nothing is stored', async () => {
    const page = await freshLandingPage();

    await signIn(page, portal.adminEmail, 'not-the-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Incorrect email or password');
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(await storedSession(page)).toEqual([null, null]);
    await page.close();
  });

  test('When the stored user data cannot be parsed, Then the landing view opens and the stored session is cleared', async () => {
    const page = await freshLandingPage();
    await page.evaluate(() => {
      window.localStorage.setItem('authToken', 'some-token');
      window.localStorage.setItem('userData', '{not json');
    });

    await page.reload();

    await page.getByRole('heading', { level: 1, name: 'Everything our dealers need, in one portal' }).waitFor();
    expect(await storedSession(page)).toEqual([null, null]);
    await page.close();
  });

  test('When an invitation link is opened, Then the dealer account setup view is shown', async () => {
    const page = await browser.context.newPage();

    await page.goto(`${portal.url}/?action=dealer-signup&token=invitation-token`);

    await page.getByRole('heading', { level: 1, name: 'Dealer account setup' }).waitFor();
    await page.close();
  });

  /** The status GET /api/admin/users answers with `token`. */
  async function statusWith(token: string | null | undefined): Promise<number> {
    const res = await fetch(`${portal.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }

  /** Waits (up to the 5 s the issue allows) until the token is refused. */
  async function eventuallyRefused(token: string | null | undefined): Promise<void> {
    const deadline = Date.now() + 5000;
    while ((await statusWith(token)) !== 401) {
      if (Date.now() > deadline) throw new Error('the token still worked 5 s later');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  test('When the admin logs out, Then the server ends the session first: the token the browser held is refused', async () => {
    const page = await freshLandingPage();
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.getByRole('tab', { name: 'Manage Dealers' }).waitFor();
    const [token] = await storedSession(page);
    expect(await statusWith(token)).toBe(200);

    const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    const request = await logout;
    expect(request.method()).toBe('POST');
    expect(request.headers().authorization).toBe(`Bearer ${token}`);
    await page.getByRole('heading', { level: 1, name: 'Everything our dealers need, in one portal' }).waitFor();
    expect(await storedSession(page)).toEqual([null, null]);
    await eventuallyRefused(token);
    await page.close();
  });

  test('When the session ends elsewhere, Then the next call signs the browser out and the login page says why', async () => {
    const page = await freshLandingPage();
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.getByRole('tab', { name: 'Manage Dealers' }).waitFor();
    // The dashboard's own first reads must be answered before the session ends, or one of them (not the
    // click below) meets the 401 and the tab is gone before it can be clicked.
    await page.waitForLoadState('networkidle');
    const [token] = await storedSession(page);
    // e.g. signed out in another tab: this session is over
    const res = await fetch(`${portal.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    await eventuallyRefused(token);

    await page.getByRole('tab', { name: 'Manage Dealers' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Your session has ended. Please sign in again.');
    expect(await storedSession(page)).toEqual([null, null]);
    await page.close();
  });
});
