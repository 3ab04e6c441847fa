import {
  readableMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../services/platform/src/testing/smtp-receiver';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes, screenshots } from './pageChecks';
import { expectMessage, landingPage, signIn, signOut } from './settingsSteps';

jest.setTimeout(180_000);

const SHOTS = process.env.SCREENSHOT_DIR;
const OTHER_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('Profile: sessions and a confirmed email change, in a real browser', () => {
  let portal: Portal;
  let browser: TestBrowser;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    portal = await startPortal({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
    browser = await launchBrowser({ width: 1440, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.stop();
  });

  /** A sign-in from "another device": a token of its own session, opened by another browser. */
  async function signInElsewhere(email: string, password: string): Promise<string> {
    const res = await fetch(`${portal.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': OTHER_BROWSER },
      body: JSON.stringify({ email, password }),
    });
    const body = (await res.json()) as { access_token: string };
    return body.access_token;
  }

  async function eventuallyStatus(token: string, status: number): Promise<void> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const res = await fetch(`${portal.url}/api/user/sessions`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status === status) return;
      if (Date.now() > deadline) throw new Error(`the token did not answer ${status} within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const waitForMail = async (to: string) =>
    readableMail(await smtp.waitForMail((mail) => mail.envelopeTo.includes(to), `to ${to}`));

  test('When an admin is signed in on two devices, Then Profile lists both and "Sign out everywhere else" ends the other', async () => {
    const elsewhere = await signInElsewhere(portal.adminEmail, portal.adminPassword);
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.getByRole('tab', { name: 'Profile' }).click();

    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await sessions.getByRole('listitem').nth(1).waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(2);
    const thisDevice = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    expect(await thisDevice.textContent()).toMatch(/Chrom/);
    const other = sessions.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
    await other.getByRole('button', { name: /^Sign out/ }).waitFor();
    expect(await page.getByLabel('Sign out of my other sessions').isChecked()).toBe(true);
    await expectNoAxeViolationsAtBothSizes(page);
    if (SHOTS) await screenshots(page, 'profile-sessions', { dir: SHOTS, fullPage: true });

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expectMessage(page, 'Signed out of 1 other session', 'success');
    await eventuallyStatus(elsewhere, 401);
    await sessions.getByRole('listitem').filter({ hasText: 'Firefox on Windows' }).waitFor({ state: 'detached' });
    expect(await sessions.getByRole('listitem').count()).toBe(1);
    await page.close();
  });

  test('When the admin changes the sign-in email, Then it changes only once the mailed link is confirmed', async () => {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, portal.adminEmail, portal.adminPassword);
    await page.getByRole('tab', { name: 'Profile' }).click();

    await page.getByLabel('Email').fill('new.admin@portal.test');
    await page.getByLabel('Current Password', { exact: true }).fill(portal.adminPassword);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectMessage(page, 'Check new.admin@portal.test for a link to confirm the change.', 'success');

    const mail = await waitForMail('new.admin@portal.test');
    const link = /(https?:\/\/[^\s"<>]+\/confirm-email\?token=[\w-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await waitForMail(portal.adminEmail);
    await signOut(page);

    await page.goto(link as string);
    await page.getByRole('button', { name: 'Confirm my new email' }).waitFor();
    await expectNoAxeViolationsAtBothSizes(page);
    if (SHOTS) await screenshots(page, 'confirm-email', { dir: SHOTS });
    await page.getByRole('button', { name: 'Confirm my new email' }).click();
    await expectMessage(
      page,
      'Your sign-in email is now new.admin@portal.test. Use it the next time you sign in.',
      'success',
    );
    if (SHOTS) await screenshots(page, 'confirm-email-done', { dir: SHOTS });

    await page.getByRole('link', { name: /Back to Home/ }).click();
    await signIn(page, 'new.admin@portal.test', portal.adminPassword);
    await page.getByRole('tab', { name: 'Profile' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe('new.admin@portal.test');
    await page.close();
  });
});
