/**
 * Dealer performance and incentive programs end to end in a real browser against the real portal: the admin
 * creates a program with two tiers in Dealer Performance Management; a dealer's order crosses the first tier;
 * the best performers card, the Performance Data table, the program's achievements and the Notifications tab
 * (with its count) show it; the programs list and the program's achievements download as CSV with the right
 * header; the notification is marked handled, the program disabled and deleted (with confirmation).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { type SmtpReceiver, startSmtpReceiver } from '../../../services/platform/src/testing/smtp-receiver';
import { adminApiToken, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { type Portal, startPortal } from './harness';
import { screenshots } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(300_000);

const DEALER_EMAIL = 'incentives.dealer@timber.test';
const SHOTS = path.join(tmpdir(), 'incentives-shots');

describe('Dealer performance and incentive programs in a real browser', () => {
  let smtp: SmtpReceiver;
  let portal: Portal;
  let dealerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let adminToken: string;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    smtp = await startSmtpReceiver();
    portal = await startPortal({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
    dealerBrowser = await launchBrowser();
    adminBrowser = await launchBrowser();
    adminToken = await adminApiToken(portal);
  });

  afterAll(async () => {
    await dealerBrowser?.close();
    await adminBrowser?.close();
    await portal?.stop();
    await smtp?.stop();
  });

  async function downloadedText(page: Page, button: Locator) {
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    return { name: download.suggestedFilename(), lines: text.split('\r\n') };
  }

  async function expectText(locator: Locator, text: string): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      if ((await locator.textContent())?.trim() === text) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await locator.textContent())?.trim()).toBe(text);
  }

  const ymd = (date: Date) => date.toISOString().slice(0, 10);

  test('When a dealer order crosses a tier of a new program, Then the achievement, the notification and both exports appear', async () => {
    await createProduct(portal, adminToken, { title: 'Ridge Hub Blind', price: '24.35' });
    const dealer = await createDealerAccount(portal, DEALER_EMAIL);

    // the dashboard card, empty before any order
    const admin = await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    const card = admin.getByRole('region', { name: 'Best Performers' });
    await card.getByText('No dealer orders yet.').waitFor();
    expect(await card.getByLabel('Metric').locator('option').allTextContents()).toEqual([
      'By Revenue',
      'By Orders',
      'By Items Sold',
    ]);

    // View All & Manage: the overlay with its three sub-tabs
    await card.getByRole('button', { name: 'View All & Manage' }).click();
    const overlay = admin.getByRole('dialog', { name: 'Dealer Performance Management' });
    await overlay.getByRole('tab', { name: 'Performance Data' }).waitFor();
    await overlay.getByRole('tab', { name: 'Notifications (0)' }).waitFor();
    expect(await overlay.getByRole('tab').allTextContents()).toEqual([
      'Performance Data',
      'Incentive Programs',
      'Notifications (0)',
    ]);
    await overlay.getByText('1 dealer', { exact: true }).waitFor();
    await overlay.getByRole('tab', { name: 'Incentive Programs' }).click();
    await overlay.getByText('No incentive programs yet.', { exact: false }).waitFor();

    // Create Program: the defaults, a refused form, then two tiers
    await overlay.getByRole('button', { name: 'Create Program' }).click();
    const create = admin.getByRole('dialog', { name: 'Create Program' });
    expect(await create.getByLabel('Enabled').isChecked()).toBe(true);
    const tier1 = create.getByRole('group', { name: 'Tier 1' });
    expect(await tier1.getByLabel('Name').inputValue()).toBe('Tier 1');
    expect(await tier1.getByLabel('Metric').inputValue()).toBe('revenue');
    expect(await tier1.getByLabel('Threshold ($)').inputValue()).toBe('10000');
    expect(await tier1.getByLabel('Notify dealer').isChecked()).toBe(false);
    expect(await tier1.getByRole('button', { name: 'Remove Tier 1' }).isDisabled()).toBe(true);
    await create.getByRole('button', { name: 'Create Program' }).click();
    await expectMessage(admin, 'Error: Program name is required', 'error');

    const yesterday = new Date(Date.now() - 86_400_000);
    const nextYear = new Date(Date.now() + 365 * 86_400_000);
    await create.getByLabel('Program Name').fill('Spring Push');
    await create.getByLabel('Start Date').fill(ymd(yesterday));
    await create.getByLabel('End Date').fill(ymd(nextYear));
    await tier1.getByLabel('Name').fill('Bronze');
    await tier1.getByLabel('Threshold ($)').fill('40');
    await tier1.getByLabel('Reward').fill('2% rebate');
    await tier1.getByLabel('Notify dealer').check();
    await create.getByRole('button', { name: 'Add Tier' }).click();
    const tier2 = create.getByRole('group', { name: 'Tier 2' });
    expect(await tier2.getByLabel('Name').inputValue()).toBe('Tier 2');
    expect(await tier2.getByLabel('Threshold ($)').inputValue()).toBe('10000');
    await tier2.getByLabel('Name').fill('Silver');
    await tier2.getByLabel('Threshold ($)').fill('-5');
    await create.getByRole('button', { name: 'Create Program' }).click();
    await expectMessage(admin, 'Error: Tier threshold must not be negative', 'error');
    await tier2.getByLabel('Threshold ($)').fill('500');
    await tier2.getByLabel('Reward').fill('Free display stand');
    await screenshots(admin, 'incentives-create-program', { dir: SHOTS });
    await create.getByRole('button', { name: 'Create Program' }).click();
    await expectMessage(admin, 'Program created successfully!', 'success');
    await create.waitFor({ state: 'hidden' });

    // the tier table
    const program = overlay.getByRole('article', { name: 'Spring Push' });
    const tiers = program.getByRole('table', { name: 'Tiers of Spring Push' });
    await tiers.getByRole('row').filter({ hasText: 'Bronze' }).getByText('$40').waitFor();
    await tiers.getByRole('row').filter({ hasText: 'Silver' }).getByText('$500').waitFor();
    await overlay.getByRole('heading', { name: 'Incentive Programs (1)' }).waitFor();

    // Escape in the edit modal closes only the modal, not the overlay
    await program.getByRole('button', { name: 'Edit Spring Push' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Program' });
    expect(await edit.getByRole('group', { name: 'Tier 2' }).getByLabel('Name').inputValue()).toBe('Silver');
    await admin.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    expect(await overlay.isVisible()).toBe(true);
    await admin.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });

    // the dealer orders 2 × $24.35 = $48.70: past Bronze ($40), short of Silver ($500)
    const dealerPage = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await dealerPage.getByRole('tab', { name: 'Order Products' }).click();
    const increase = dealerPage.getByRole('button', { name: 'Increase quantity of Ridge Hub Blind' });
    await increase.click();
    await increase.click();
    await dealerPage
      .getByRole('complementary', { name: 'Order summary' })
      .getByRole('button', { name: 'Submit Order' })
      .click();
    const confirm = dealerPage.getByRole('dialog', { name: 'Confirm Order' });
    await confirm.getByRole('button', { name: 'Confirm Order' }).click();
    await expectMessage(
      dealerPage,
      'Order submitted successfully! Your request has been sent for processing.',
      'success',
    );

    // the card ranks the dealer (figures come from order events: reopen the dashboard until they arrive)
    const performer = card.getByRole('listitem').filter({ hasText: 'Timber Ridge Outdoors' });
    for (let attempt = 0; attempt < 40 && !(await performer.isVisible()); attempt++) {
      await admin.getByRole('tab', { name: 'Orders', exact: true }).click();
      await admin.getByRole('tab', { name: 'Dashboard', exact: true }).click();
      await card.waitFor();
      await admin.waitForTimeout(250);
    }
    await performer.getByText('$49').waitFor();
    await performer.getByText('#1').waitFor();
    await card.getByLabel('Metric').selectOption('items');
    await performer.getByText('2', { exact: true }).waitFor();
    await card.getByLabel('Metric').selectOption('revenue');
    await screenshots(admin, 'incentives-dashboard-card', { dir: SHOTS });

    // the overlay: the notification and its count, the dealer's figures, the achievement
    await card.getByRole('button', { name: 'View All & Manage' }).click();
    const notificationsTab = overlay.getByRole('tab', { name: 'Notifications (1)' });
    for (let attempt = 0; attempt < 40 && !(await notificationsTab.isVisible()); attempt++) {
      await admin.keyboard.press('Escape');
      await overlay.waitFor({ state: 'hidden' });
      await admin.waitForTimeout(250);
      await card.getByRole('button', { name: 'View All & Manage' }).click();
      await overlay.getByRole('tab', { name: 'Performance Data' }).waitFor();
    }
    const row = overlay.getByRole('row').filter({ hasText: 'Timber Ridge Outdoors' });
    await row.getByText('$49', { exact: true }).first().waitFor();
    await row.getByText('Missoula, MT').waitFor();
    await overlay.getByRole('searchbox', { name: 'Search dealers' }).fill('nowhere');
    await overlay.getByText('No dealers match your search.').waitFor();
    // the server searches the dealer's names and id (the city is not searched)
    await overlay.getByRole('searchbox', { name: 'Search dealers' }).fill('timber');
    await row.waitFor();
    await overlay.getByRole('button', { name: /^Sort by Dealer/ }).click();
    await overlay.getByRole('button', { name: 'Sort by Dealer, sorted ascending' }).waitFor();
    await screenshots(admin, 'incentives-performance-data', { dir: SHOTS });

    await notificationsTab.click();
    const notification = overlay
      .getByRole('listitem')
      .filter({ hasText: 'Timber Ridge Outdoors reached Bronze of Spring Push' });
    await notification.getByText('2% rebate').waitFor();
    await notification.getByText('$49 of $40').waitFor();
    await notification.getByText(`Sent to ${DEALER_EMAIL}`).waitFor();
    await screenshots(admin, 'incentives-notifications', { dir: SHOTS });

    await overlay.getByRole('tab', { name: 'Incentive Programs' }).click();
    await expectText(tiers.getByRole('row').filter({ hasText: 'Bronze' }).getByRole('cell').last(), '1');
    await program.getByText('Achievements (1)').click();
    const achievements = program.getByRole('table', { name: 'Achievements of Spring Push' });
    await achievements.getByRole('row').filter({ hasText: 'Timber Ridge Outdoors' }).getByText('Bronze').waitFor();
    await screenshots(admin, 'incentives-programs', { dir: SHOTS });

    // both exports, every value quoted
    const programsCsv = await downloadedText(admin, overlay.getByRole('button', { name: 'Export Programs CSV' }));
    expect(programsCsv.name).toBe('incentive_programs.csv');
    expect(programsCsv.lines[0]).toBe('"Program Name","Enabled","Start Date","End Date","Tiers Count"');
    expect(programsCsv.lines[1]).toBe(`"Spring Push","Yes","${ymd(yesterday)}","${ymd(nextYear)}","2"`);
    const achievementsCsv = await downloadedText(
      admin,
      program.getByRole('button', { name: 'Export Achievements CSV' }),
    );
    expect(achievementsCsv.name).toBe('achievements_spring_push.csv');
    expect(achievementsCsv.lines[0]).toBe(
      '"Dealer Name","Dealer City","Dealer State","Tier","Metric","Threshold Value","Value Achieved","Reward","Achieved At"',
    );
    expect(achievementsCsv.lines[1]).toMatch(
      /^"Timber Ridge Outdoors","Missoula","MT","Bronze","revenue","40","48.7","2% rebate","\d{4}-\d\d-\d\d \d\d:\d\d C[SD]T"$/, // Chicago, the default system timezone
    );
    expect(achievementsCsv.lines).toHaveLength(3); // the header, one achievement, the final CRLF

    // the achievement mail reached the dealer
    for (let attempt = 0; attempt < 100 && !smtp.received.some((m) => m.envelopeTo.includes(DEALER_EMAIL)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(smtp.received.some((m) => m.envelopeTo.includes(DEALER_EMAIL))).toBe(true);

    // Mark Handled: the notification leaves the tab
    await overlay.getByRole('tab', { name: 'Notifications (1)' }).click();
    await notification.getByRole('button', { name: /^Mark handled/ }).click();
    await overlay.getByRole('tab', { name: 'Notifications (0)' }).waitFor();
    await overlay.getByText('No pending notifications.').waitFor();

    // disable, then delete with confirmation
    await overlay.getByRole('tab', { name: 'Incentive Programs' }).click();
    await program.getByRole('checkbox', { name: 'Enable Spring Push' }).uncheck();
    await expectMessage(admin, 'Program disabled', 'success');
    await program.getByText('Disabled', { exact: true }).waitFor();
    await program.getByRole('button', { name: 'Delete Spring Push' }).click();
    const confirmDelete = admin.getByRole('dialog', { name: 'Delete Program' });
    await confirmDelete.getByText('Spring Push').waitFor();
    await screenshots(admin, 'incentives-delete', { dir: SHOTS });
    await confirmDelete.getByRole('button', { name: 'Delete Program' }).click();
    await expectMessage(admin, 'Program deleted successfully!', 'success');
    await overlay.getByRole('heading', { name: 'Incentive Programs (0)' }).waitFor();
    expect(await overlay.isVisible()).toBe(true);
  });
});
