import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  readableMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../services/platform/src/testing/smtp-receiver';
import { adminApiToken } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { type Portal, startPortal } from './harness';
import { landingPage, signIn } from './settingsSteps';

jest.setTimeout(180_000);

/** A 1×1 PNG, a real image for the header upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('Managing dealers in a real browser', () => {
  let smtp: SmtpReceiver;
  let portal: Portal;
  let browser: TestBrowser;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    portal = await startPortal({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.stop();
  });

  /** A new page, signed in from the landing page (not waiting for a dashboard: a sign-in may be refused). */
  async function pageSignedInAs(email: string, password: string): Promise<Page> {
    const page = await browser.context.newPage();
    await landingPage(page, portal.url);
    await signIn(page, email, password);
    return page;
  }

  async function openManageDealers(page: Page): Promise<void> {
    await page.getByRole('tab', { name: 'Manage Dealers' }).click();
    await page.getByRole('heading', { name: 'All Dealers', exact: true }).waitFor();
    await page.getByText(/^\d+ dealers?$/).waitFor();
  }

  async function createDealer(page: Page, fields: Record<string, string>): Promise<void> {
    await page.getByRole('button', { name: 'Create Dealer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Dealer' });
    for (const [label, value] of Object.entries(fields)) {
      // the state is a choice of US states (codes as values)
      if (label === 'State') await dialog.getByLabel(label).selectOption(value);
      else await dialog.getByLabel(label).fill(value);
    }
    await dialog.getByRole('button', { name: 'Create Dealer' }).click();
    await dialog.getByText('Dealer created successfully!').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
  }

  const waitForMail = async (to: string) =>
    readableMail(await smtp.waitForMail((mail) => mail.envelopeTo.includes(to), `to ${to}`));

  test('When the admin creates and invites a dealer, Then the dealer signs up, publishes a website, and archiving locks it out until restored', async () => {
    const admin = await pageSignedInAs(portal.adminEmail, portal.adminPassword);
    await openManageDealers(admin);
    await createDealer(admin, {
      'Business Name': 'Cedar Hollow Outfitters',
      'Full Name': 'Casey Hollow',
      Email: 'casey@cedar.test',
      Phone: '(406) 555-0142',
      Address: '12 Ridge Road',
      City: 'Bozeman',
      State: 'MT',
      'Zip Code': '59715',
    });
    await admin.getByRole('cell', { name: 'Cedar Hollow Outfitters', exact: true }).click();
    await admin.getByRole('button', { name: 'Manage Login' }).click();
    const loginDialog = admin.getByRole('dialog', { name: /Dealer Login/ });
    // create-dealer made a login with a temporary password: delete it, then invite the dealer instead
    await loginDialog.getByText('ACTIVE').waitFor();
    await loginDialog.getByRole('button', { name: 'Delete Login' }).click();
    await loginDialog.getByRole('button', { name: 'Yes, Delete Login' }).click();
    await loginDialog.getByRole('tab', { name: 'Send Login Invitation' }).waitFor();
    await loginDialog.getByRole('button', { name: 'Send Invitation' }).click();
    await loginDialog.getByText('Login invitation sent successfully!').waitFor();

    const mail = await waitForMail('casey@cedar.test');
    const token = /action=dealer-signup&(?:amp;)?token=([A-Za-z0-9_.~-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();

    const dealer = await browser.context.newPage();
    await dealer.goto(`${portal.url}/?action=dealer-signup&token=${token}`);
    await dealer.getByLabel(/^Password/).fill('short');
    await dealer.getByLabel(/^Confirm Password/).fill('short');
    await dealer.getByRole('button', { name: 'Create Account' }).click();
    await dealer.getByText('Error: Password must be at least 8 characters long').waitFor();
    await dealer.getByLabel(/^Password/).fill('Cedar-hollow-2025');
    await dealer.getByLabel(/^Confirm Password/).fill('Cedar-hollow-2025');
    await dealer.getByRole('button', { name: 'Create Account' }).click();
    await dealer.waitForURL(`${portal.url}/`, { timeout: 10_000 });

    const portalPage = await pageSignedInAs('casey@cedar.test', 'Cedar-hollow-2025');
    await portalPage.getByRole('tab', { name: 'My Website' }).click();
    // the record is read again slowly after each save (a slow connection): the next save must wait for it rather
    // than send the old description back and undo the first
    const profileRead = '**/api/dealer/profile';
    await portalPage.route(profileRead, async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await portalPage
      .getByRole('textbox', { name: 'Description' })
      .fill('Blinds, stands and <script>alert(1)</script> advice since 1998.');
    await portalPage.getByRole('button', { name: 'Save Description' }).click();
    await portalPage.getByText('Business description saved successfully!').waitFor();
    await portalPage.getByRole('button', { name: /Create Custom Website/ }).click();
    await portalPage.getByRole('heading', { name: 'Header Image' }).waitFor();
    await portalPage.unroute(profileRead);
    // what publishing still needs: the header image only, the saved description kept
    const missing = portalPage.locator('.portal-missing');
    await missing.waitFor();
    expect(await missing.textContent()).not.toMatch(/description/i);
    const image = path.join(tmpdir(), `header-${Date.now()}.png`);
    await writeFile(image, PNG);
    await portalPage.getByLabel('Choose an image').setInputFiles(image);
    await portalPage.getByRole('button', { name: 'Upload Image' }).click();
    await portalPage.getByText('Image uploaded successfully!').waitFor();
    await portalPage.getByRole('button', { name: 'Publish Website' }).click();
    await portalPage.getByText('Website published successfully! Your website is now live.').waitFor();

    const site = await fetch(`${portal.url}/api/dealer-website/${await dealerId(admin)}`);
    expect(site.status).toBe(200);
    const html = await site.text();
    expect(html).toContain('Cedar Hollow Outfitters');
    expect(html).not.toContain('<script>alert(1)</script>');

    // archive: the dealer can no longer sign in; restore brings it back
    await admin
      .getByRole('dialog', { name: /Dealer Login/ })
      .getByRole('button', { name: 'Close' })
      .click();
    await admin.getByRole('button', { name: 'Archive / Delete' }).click();
    await admin.getByRole('button', { name: 'Archive Dealer' }).click();
    await admin.getByText('Dealer archived successfully!').waitFor();
    // identity learns of the archive from the dealer.archived event, moments after the answer
    expect(await signInStatusBecomes((status) => status >= 400)).toBeGreaterThanOrEqual(400);
    await admin.getByRole('button', { name: 'Archived Dealers' }).click();
    await admin.getByRole('button', { name: 'Restore' }).click();
    await admin.getByText('Dealer restored successfully!').waitFor();
    expect(await signInStatusBecomes((status) => status === 200)).toBe(200);
  });

  /** The dealer's sign-in status once it satisfies `wanted`, or the last one after 5 s (events arrive in ms). */
  async function signInStatusBecomes(wanted: (status: number) => boolean): Promise<number> {
    let status = 0;
    for (let attempt = 0; attempt < 50; attempt++) {
      const res = await fetch(`${portal.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'casey@cedar.test', password: 'Cedar-hollow-2025' }),
      });
      status = res.status;
      if (wanted(status)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return status;
  }

  /** The dealer id shown on the open detail card. */
  async function dealerId(page: Page): Promise<string> {
    return (await page.locator('.dealer-facts dt:text-is("Dealer ID") + dd').textContent()) ?? '';
  }

  test('When a CSV is imported and a state is clicked on the map, Then the list shows that state with the banner, and dealer text stays inert', async () => {
    const admin = await pageSignedInAs(portal.adminEmail, portal.adminPassword);
    let alerted = false;
    admin.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await admin.getByRole('tab', { name: 'Settings' }).click();
    await admin.getByRole('tab', { name: 'Bulk Import' }).click();
    const csv = path.join(tmpdir(), `dealers-${Date.now()}.csv`);
    await writeFile(
      csv,
      '\uFEFFBusiness Name,Email,Phone,Address,City,State,Zip Code,Zone\r\n' +
        '"Prairie Blinds, LLC",prairie@import.test,316-555-0100,1 Main St,Wichita,KS,67202,Midwest Zone\r\n' +
        '"<img src=x onerror=alert(1)>",xss@import.test,316-555-0101,"2 ""Elm"" St",Topeka,KS,66603,Midwest Zone\r\n' +
        '=1+2,formula@import.test,316-555-0102,3 Oak St,Salina,KS,67401,=HYPERLINK("http://evil.test")\r\n',
    );
    await admin.getByLabel('CSV file').setInputFiles(csv);
    await admin.getByRole('button', { name: 'Import 3 Dealers' }).click();
    await admin.getByText('Successfully imported 2 dealers!').waitFor();

    // the refused row can be downloaded with its reason, written by the one CSV writer (every cell quoted)
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download errors (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('dealer_import_errors.csv');
    const exported = await readFile((await file.path()) ?? '', 'utf8');
    expect(exported).toMatch(/^\uFEFF"Row","Error"\r\n"3","Error: [^\r\n]*HYPERLINK[^\r\n]*"\r\n$/);

    await admin.getByRole('tab', { name: 'Dashboard' }).click();
    // a state opens its list once the dashboard's counts include its dealers (the import's may arrive a moment later)
    await admin.locator('path[data-state="KS"][role="button"]').click();
    await admin.getByText('from the dashboard map').waitFor();
    await admin.getByRole('cell', { name: 'Prairie Blinds, LLC', exact: true }).waitFor();
    expect(await admin.getByRole('cell', { name: '<img src=x onerror=alert(1)>', exact: true }).count()).toBe(1);
    expect(await admin.locator('.virtual-table tbody img').count()).toBe(0);
    await admin.getByLabel('Search').fill('zzz-nothing');
    await admin.getByText('No dealers match your current filters.').waitFor();
    await admin.getByRole('button', { name: 'Clear Filter' }).click();
    expect(await admin.getByText('from the dashboard map').count()).toBe(0);
    expect(alerted).toBe(false);
    await admin.screenshot({ path: path.join(tmpdir(), 'manage-dealers.png'), fullPage: true });
  });

  /** Waits (up to 30 s) until the geocoding service has tried to place these dealers, from their events. */
  async function placedByGeocoding(token: string, names: readonly string[]): Promise<void> {
    const get = async <T>(route: string): Promise<T> => {
      const res = await fetch(`${portal.url}${route}`, { headers: { Authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
      return (await res.json()) as T;
    };
    const { dealers } = await get<{ dealers: { dealer_id: string; business_name: string }[] }>(
      '/api/admin/dealers-list',
    );
    const ids = dealers.filter((dealer) => names.includes(dealer.business_name)).map((dealer) => dealer.dealer_id);
    expect(ids).toHaveLength(names.length);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { statuses } = await get<{ statuses: { geocoding_status: string | null }[] }>(
        `/api/admin/geocoding-status?dealer_ids=${ids.join(',')}`,
      );
      if (statuses.length === ids.length && statuses.every((status) => status.geocoding_status)) return;
      if (Date.now() > deadline) throw new Error(`the geocoding service has not placed ${names.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  test('When dealers are listed, Then the Map column shows Ready or Error (its reason as the tooltip), under the name on a phone', async () => {
    const token = await adminApiToken(portal);
    const imported = await fetch(`${portal.url}/api/admin/bulk-import-dealers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        dealers: [
          ['Map Check Placed', 'placed@map.test', '1100 Congress Ave', 'Austin', 'TX', '78701'],
          ['Map Check Unknown Place', 'unknown@map.test', '1 Nowhere Rd', 'Nowhereville', 'TX', '00000'],
        ].map(([business_name, email, address, city, state, zip_code]) => ({
          business_name,
          full_name: 'Map Owner',
          email,
          phone: '512-555-0199',
          address,
          city,
          state,
          zip_code,
          zone: 'Southern Zone',
        })),
      }),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ results: { successful_imports: 2 } });
    await placedByGeocoding(token, ['Map Check Placed', 'Map Check Unknown Place']);

    const admin = await pageSignedInAs(portal.adminEmail, portal.adminPassword);
    await openManageDealers(admin);
    await admin.getByLabel('Search').fill('Map Check');
    const badge = (name: string, where: 'column' | 'phone') =>
      admin
        .getByRole('row', { name: new RegExp(name) })
        .locator(where === 'column' ? '.dealer-table__map .map-badge' : '.dealer-table__phone-badge');
    // the geocoding service places the imported dealers from their events, moments after the import
    await admin.getByRole('columnheader', { name: 'Map' }).waitFor();
    await badge('Map Check Placed', 'column')
      .filter({ hasText: /^Ready$/ })
      .waitFor();
    await badge('Map Check Unknown Place', 'column')
      .filter({ hasText: /^Error$/ })
      .waitFor();
    expect(await badge('Map Check Unknown Place', 'column').getAttribute('title')).toMatch(/\w{3}/);
    expect(await badge('Map Check Placed', 'column').getAttribute('title')).toBeNull();
    expect(await badge('Map Check Placed', 'phone').isVisible()).toBe(false);
    await admin.screenshot({ path: path.join(tmpdir(), 'manage-dealers-map-1280.png'), fullPage: true });

    await admin.setViewportSize({ width: 390, height: 844 });
    await badge('Map Check Unknown Place', 'phone')
      .filter({ hasText: /^Error$/ })
      .waitFor();
    expect(await badge('Map Check Unknown Place', 'column').isVisible()).toBe(false);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await admin.screenshot({ path: path.join(tmpdir(), 'manage-dealers-map-390.png'), fullPage: true });
    await admin.close();
  });
});
