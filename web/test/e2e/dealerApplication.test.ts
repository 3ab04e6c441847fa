/**
 * The way in for new dealers, in a real browser against the real portal (issue 21): a visitor presses Apply Now,
 * fills the application with the keyboard alone and sends it; the admin sees the applicant on the dashboard (an
 * alert and the Pending Applications panel) and approves; the invitation mail's link opens signup, and the new
 * dealer signs in. Also: the server's detail on a refused or throttled form, and Apply Now leading to the Company
 * Settings' external application page when one is set. Screenshots of the page and the panel at both sizes go to
 * /tmp/shots/.
 *
 * Needs the built portal (`npx turbo run build`).
 */
import { mkdir } from 'node:fs/promises';
import { DEALER_APPLICATION_RECEIVED } from '@portal/contracts';
import type { Page } from 'playwright-core';
import {
  readableMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../services/platform/src/testing/smtp-receiver';
import { adminApiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { expectFieldError } from './formSteps';
import { type Portal, startPortal } from './harness';
import { ALL_AXE_TAGS, axeViolations } from './pageChecks';
import { landingPage, openSettings, signIn } from './settingsSteps';

jest.setTimeout(240_000);

const SHOTS = '/tmp/shots';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const APPLICANT = {
  business_name: 'Aspen Draw Outfitters',
  full_name: 'Robin Aspen',
  email: 'robin@aspendraw.test',
  phone: '(406) 555-0123',
  address: '12 Willow Lane',
  city: 'Bozeman',
  state: 'Montana',
  zip_code: '59715',
  website: 'https://aspendraw.test',
  message: 'We sell blinds and stands across southwest Montana.',
};

describe('A visitor applies, the admin approves, the new dealer signs in', () => {
  let portal: Portal;
  let browser: TestBrowser;
  /** the visitor's own browser: its storage is not the admin's (a page cleared for a visitor would sign the admin out) */
  let visitorBrowser: TestBrowser;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    smtp = await startSmtpReceiver();
    portal = await startPortal({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
    browser = await launchBrowser({ width: 1440, height: 900 });
    visitorBrowser = await launchBrowser({ width: 1440, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await visitorBrowser?.close();
    await portal?.stop();
    await smtp?.stop();
  });

  const waitForMail = async (to: string, subject: RegExp) =>
    readableMail(
      await smtp.waitForMail(
        (mail) => mail.envelopeTo.includes(to) && subject.test(mail.raw),
        `matching ${subject} to ${to}`,
        30_000,
      ),
    );

  async function shots(page: Page, name: string): Promise<void> {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
    }
    await page.setViewportSize(SIZES[0]);
  }

  async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const violations = await axeViolations(page, undefined, { tags: ALL_AXE_TAGS });
      expect({ where, size, violations }).toEqual({ where, size, violations: [] });
    }
    await page.setViewportSize(SIZES[0]);
  }

  /** Types into the focused control, then moves on with Tab: the way a keyboard user fills a form. */
  async function typeAndTab(page: Page, text: string): Promise<void> {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }

  async function focusedName(page: Page): Promise<string> {
    return page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
      return (labelled ?? element.textContent ?? '').trim();
    });
  }

  test('When a visitor applies with the keyboard and the admin approves, Then the invitation leads to a dealer login', async () => {
    const visitor = await visitorBrowser.context.newPage();
    await landingPage(visitor, portal.url);

    // no external page configured: Apply Now is the portal's own application page
    const applyNow = visitor.getByRole('link', { name: 'Apply Now' }).first();
    expect(await applyNow.getAttribute('href')).toBe('/apply');
    await applyNow.focus();
    await visitor.keyboard.press('Enter');
    await visitor.getByRole('heading', { level: 1, name: 'Apply to become a dealer' }).waitFor();
    expect(visitor.url()).toBe(`${portal.url}/apply`);
    expect(await visitor.title()).toMatch(/^Apply to become a dealer · /);
    await expectNoAxeViolations(visitor, 'application page');

    // the honeypot is in the form for bots, but neither seen, nor named, nor reached with Tab
    const trap = visitor.locator('input[name="company_fax"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.getAttribute('autocomplete')).toBe('off');
    expect(await visitor.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);
    // off screen, never display:none (some bots skip hidden inputs)
    const box = await trap.boundingBox();
    expect(box && box.x + box.width <= 0).toBe(true);

    // sent empty: the contract's message beside the field, and the keyboard taken there
    await visitor.getByRole('button', { name: 'Submit Application' }).click();
    const businessName = visitor.getByRole('textbox', { name: 'Business Name' });
    await expectFieldError(businessName, 'Error: Either Name (business) or Full Name must be provided');
    expect(await focusedName(visitor)).toBe('Business Name');
    await shots(visitor, 'apply-errors');

    // filled from the Business Name field on, with Tab between fields
    await typeAndTab(visitor, APPLICANT.business_name);
    await typeAndTab(visitor, APPLICANT.full_name);
    await typeAndTab(visitor, APPLICANT.email);
    await typeAndTab(visitor, APPLICANT.phone);
    await typeAndTab(visitor, APPLICANT.address);
    await typeAndTab(visitor, APPLICANT.city);
    // the state is a choice: typing its name picks it
    await typeAndTab(visitor, APPLICANT.state);
    await typeAndTab(visitor, APPLICANT.zip_code);
    await typeAndTab(visitor, APPLICANT.website);
    await typeAndTab(visitor, APPLICANT.message);
    expect(await visitor.getByRole('combobox', { name: 'State' }).inputValue()).toBe('MT');
    // from the message, Tab skips the honeypot and reaches Submit
    expect(await focusedName(visitor)).toBe('Submit Application');
    await shots(visitor, 'apply-filled');
    await visitor.keyboard.press('Enter');

    await visitor.getByRole('heading', { level: 1, name: 'Application received' }).waitFor();
    await visitor.getByText(DEALER_APPLICATION_RECEIVED).waitFor();
    // the answer takes the focus, so it is read at once
    expect(await focusedName(visitor)).toBe(DEALER_APPLICATION_RECEIVED);
    await expectNoAxeViolations(visitor, 'application received');
    await shots(visitor, 'apply-received');
    await visitor.getByRole('link', { name: /Back to Home/ }).click();
    await visitor.getByRole('link', { name: 'Apply Now' }).first().waitFor();

    // the admin: an alert and the applicant in Pending Applications
    const admin = await browser.context.newPage();
    await landingPage(admin, portal.url);
    await signIn(admin, portal.adminEmail, portal.adminPassword);
    const alert = admin.getByRole('status').filter({ hasText: '1 dealer application waiting for approval' });
    await alert.waitFor();
    const panel = admin.locator('#pending-applications');
    await panel.getByRole('heading', { name: 'Pending Applications (1)' }).waitFor();
    const card = panel.getByRole('listitem').filter({ hasText: APPLICANT.business_name });
    await card.waitFor();
    const facts = (await card.textContent()) ?? '';
    expect(facts).toContain(APPLICANT.full_name);
    expect(facts).toContain(APPLICANT.email);
    expect(facts).toContain('Bozeman, MT');
    expect(facts).toMatch(/Applied [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await card.getByRole('link', { name: APPLICANT.business_name }).getAttribute('href')).toMatch(
      /^\/admin\/dealers\/[^/]+$/,
    );
    // the alert's link leads to the panel
    await alert.getByRole('link', { name: 'Review applications' }).click();
    await admin.waitForURL(/#pending-applications$/);
    await panel.scrollIntoViewIfNeeded();
    await shots(admin, 'dashboard-pending');
    await expectNoAxeViolations(admin, 'dashboard with an applicant');

    // Reject asks first; Cancel changes nothing
    await card.getByRole('button', { name: `Reject ${APPLICANT.business_name}` }).click();
    const rejectDialog = admin.getByRole('dialog', { name: 'Reject application' });
    await rejectDialog.getByRole('textbox', { name: 'Notes (optional)' }).waitFor();
    await expectNoAxeViolations(admin, 'reject dialog');
    await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
    await rejectDialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: `Approve ${APPLICANT.business_name}` }).click();
    const approveDialog = admin.getByRole('dialog', { name: 'Approve application' });
    await approveDialog.getByRole('textbox', { name: 'Notes (optional)' }).fill('Met at the spring show.');
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByText(
        `${APPLICANT.business_name} approved. An invitation to set up a login was emailed to ${APPLICANT.email}.`,
      )
      .waitFor();
    await panel.getByText('No pending applications').waitFor();
    await panel.getByRole('heading', { name: 'Pending Applications (0)' }).waitFor();
    await alert.waitFor({ state: 'detached' });
    await shots(admin, 'dashboard-approved');

    // the invitation: its link opens signup; the new password signs the dealer in
    const mail = await waitForMail(APPLICANT.email, /dealer-signup/);
    const token = /action=dealer-signup&(?:amp;)?token=([A-Za-z0-9_.~-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();
    const dealer = await visitorBrowser.context.newPage();
    await dealer.goto(`${portal.url}/?action=dealer-signup&token=${token}`);
    await dealer.getByRole('heading', { name: 'Dealer account setup' }).waitFor();
    await dealer.getByText(APPLICANT.email).first().waitFor();
    await dealer.getByLabel(/^Password/).fill('Aspen-draw-2026');
    await dealer.getByLabel(/^Confirm Password/).fill('Aspen-draw-2026');
    await dealer.getByRole('button', { name: 'Create Account' }).click();
    await dealer.getByText(/Account created successfully/).waitFor();
    await dealer.waitForURL(`${portal.url}/`, { timeout: 10_000 });
    await landingPage(dealer, portal.url);
    await signIn(dealer, APPLICANT.email, 'Aspen-draw-2026');
    await dealer.waitForURL(`${portal.url}/dealer/overview`);
    await dealer.getByText(APPLICANT.business_name).first().waitFor();
  });

  test('When the server refuses or throttles the form, Then its detail is shown', async () => {
    const visitor = await visitorBrowser.context.newPage();
    await visitor.goto(`${portal.url}/apply`);
    await visitor.getByRole('heading', { level: 1, name: 'Apply to become a dealer' }).waitFor();
    const fill = async () => {
      await visitor.getByRole('textbox', { name: 'Business Name' }).fill('Slough Creek Blinds');
      await visitor.getByRole('textbox', { name: 'Email' }).fill('owner@sloughcreek.test');
      await visitor.getByRole('textbox', { name: 'Phone' }).fill('(307) 555-0150');
      await visitor.getByRole('textbox', { name: 'Address' }).fill('3 Creek Road');
      await visitor.getByRole('textbox', { name: 'City' }).fill('Cody');
      await visitor.getByRole('combobox', { name: 'State' }).selectOption('WY');
      await visitor.getByRole('textbox', { name: 'Zip Code' }).fill('82414');
    };
    await fill();
    const detail = 'Too many applications from this address. Please try again in an hour.';
    await visitor.route('**/api/public/dealer-application', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ detail }) }),
    );
    await visitor.getByRole('button', { name: 'Submit Application' }).click();
    await visitor.getByRole('alert').filter({ hasText: detail }).waitFor();
    // the form stays, filled, for another try
    expect(await visitor.getByRole('textbox', { name: 'Business Name' }).inputValue()).toBe('Slough Creek Blinds');
    await visitor.unroute('**/api/public/dealer-application');
  });

  test('When Company Settings name an external application page, Then Apply Now opens it in a new tab', async () => {
    const admin = await browser.context.newPage();
    await landingPage(admin, portal.url);
    await signIn(admin, portal.adminEmail, portal.adminPassword);
    await openSettings(admin, 'Company Settings');
    // a fresh portal has no company yet: the required fields first
    await admin.getByRole('textbox', { name: 'Company Name' }).fill('Ridgeline Blinds');
    await admin.getByRole('textbox', { name: 'Email' }).fill('office@ridgeline.test');
    const field = admin.getByRole('textbox', { name: 'Dealer application page (optional)' });
    await field.fill('ftp://apply.example.com');
    await admin.getByRole('button', { name: 'Save Company Settings' }).click();
    await expectFieldError(field, 'Error: Dealer application URL must start with https:// or http://');
    await field.fill('https://apply.example.com/dealers');
    await admin.getByRole('button', { name: 'Save Company Settings' }).click();
    await admin.getByText(/Company settings saved successfully!/).waitFor();

    const visitor = await visitorBrowser.context.newPage();
    await landingPage(visitor, portal.url);
    const applyNow = await applyNowLeadsTo(visitor, 'https://apply.example.com/dealers');
    expect(await applyNow.getAttribute('target')).toBe('_blank');
    expect(await applyNow.getAttribute('rel')).toContain('noopener');

    // blank again: the portal's own page
    await field.fill('');
    await admin.getByRole('button', { name: 'Save Company Settings' }).click();
    await admin.getByText(/Company settings saved successfully!/).waitFor();
    await landingPage(visitor, portal.url);
    await applyNowLeadsTo(visitor, '/apply');
  });

  test('When an achievement waits, Then the dashboard alert says so and opens the notifications', async () => {
    const token = await adminApiToken(portal);
    const api = async <T>(route: string, method: string, body?: unknown): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        const res = await fetch(`${portal.url}${route}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (res.ok) return (await res.json()) as T;
        // a new dealer reaches the order service by an event, moments after it is made
        if (res.status !== 404 || attempt > 100) throw new Error(`${route} answered ${res.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const year = new Date().getUTCFullYear();
    await api('/api/admin/incentive-programs', 'POST', {
      program_name: 'Fall Push',
      start_date: `${year - 1}-01-01`,
      end_date: `${year + 1}-12-31`,
      tiers: [{ name: 'Bronze', metric: 'revenue', value: 40, reward: '2% rebate', notify_dealer: true }],
    });
    const { dealer } = await api<{ dealer: { dealer_id: string } }>('/api/admin/create-dealer', 'POST', {
      email: 'buyer@larch.test',
      business_name: 'Larch Hollow Supply',
      phone: '(208) 555-0177',
      address: '9 Larch Road',
      city: 'Boise',
      state: 'ID',
      zip_code: '83702',
      zone: 'Western Zone',
    });
    const { order } = await api<{ order: { order_id: string } }>('/api/admin/create-order', 'POST', {
      dealer_id: dealer.dealer_id,
      product_details: [{ product_id: 'custom_1', title: 'Ridge Hub Blind', price: 24.35, quantity: 2 }],
    });
    await api(`/api/admin/update-order/${order.order_id}`, 'PUT', { status: 'confirmed' });
    // the achievement follows the order's events
    for (let attempt = 0; ; attempt++) {
      const page = await api<{ total?: number; count: number }>('/api/admin/pending-notifications?limit=1', 'GET');
      if ((page.total ?? page.count) >= 1) break;
      if (attempt > 100) throw new Error('the achievement never became a pending notification');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const admin = await browser.context.newPage();
    await landingPage(admin, portal.url);
    await signIn(admin, portal.adminEmail, portal.adminPassword);
    const alert = admin.getByRole('status').filter({ hasText: '1 achievement not yet handled' });
    await alert.waitFor();
    await alert.getByRole('link', { name: 'Open notifications' }).click();
    const overlay = admin.getByRole('dialog', { name: 'Dealer Performance Management' });
    const tab = overlay.getByRole('tab', { name: 'Notifications (1)' });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await overlay.getByText('Larch Hollow Supply').first().waitFor();
    // the request to open it leaves the address: a reload shows the dashboard alone
    await admin.waitForURL(`${portal.url}/admin/dashboard`);
    await admin.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });
  });
});

/** Waits until Apply Now leads to `href` (the public settings arrive a moment after the page). */
async function applyNowLeadsTo(page: Page, href: string) {
  const link = page
    .locator(`a[href="${href}"]`)
    .filter({ hasText: /^Apply Now/ })
    .first();
  await link.waitFor();
  return link;
}
