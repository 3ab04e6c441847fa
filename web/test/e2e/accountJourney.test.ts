/**
 * A dealer's account in a real browser against the real portal (issue 24). The journey: a dealer with a $100
 * credit limit and a past order partly paid and 15 days past due reorders it (Order Again), adds a PO number and
 * submits over its limit, and sees it on hold; the admin releases the hold; the dealer opens Account, sees its
 * balance, the aging and what is due when as the API answers them, and downloads its statement as a PDF whose
 * text holds the closing balance. Then the admin's Receivables: 50 dealers a page (Load more), the past-due
 * filter and search, over-90 and over-limit said in words, the CSV export of the filtered report, and a dealer's
 * statement paged: its first 50 entries, then the rest on Load more and the closing line once all are in.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { Client } from 'pg';
import type { Locator, Page } from 'playwright-core';
import { pdfText } from '../../../services/order/test/support/pdf-text';
import { adminApiToken, apiCaller, apiToken, createProduct } from './apiSteps';
import { launchBrowser, type TestBrowser } from './browser';
import { createDealerAccount, signedInPage } from './catalogueSteps';
import { expectFieldError } from './formSteps';
import { type Portal, startPortal } from './harness';
import { expectNoAxeViolationsAtBothSizes, expectText } from './pageChecks';
import { expectMessage } from './settingsSteps';

jest.setTimeout(300_000);

const SHOTS = { dir: '/tmp/shots/account' };
const HELD =
  'Your order was received and is on hold: Over the credit limit of $100.00. An administrator will review it.';
const money = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(dollars);

/** Screenshots at the two sizes the portal is checked at (1440×900 and 390×844), whole pages; left at 1440×900. */
async function shots(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS.dir}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Clicks `button` and answers the file the browser downloaded. */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

interface StatementAnswer {
  statement: {
    closing_balance: number;
    aging: Record<'current' | '1_30' | '31_60' | '61_90' | 'over_90', number>;
    open_invoices: { order_number: string; days_past_due: number; po_number: string | null; on_hold: boolean }[];
  };
}

describe("A dealer's account in a real browser", () => {
  let portal: Portal;
  let dealerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let adminToken: string;
  let admin: ReturnType<typeof apiCaller>;
  let adminPage: Page | undefined;

  /** The admin's signed-in page, opened once for both tests. */
  async function adminSession(): Promise<Page> {
    adminPage ??= await signedInPage(adminBrowser.context, portal, portal.adminEmail, portal.adminPassword);
    return adminPage;
  }

  /** Runs SQL on the portal's database: the scenes of days gone by (the API stamps everything with now). */
  async function sql(text: string, values: unknown[]): Promise<void> {
    const db = new Client({ connectionString: portal.databaseUrl });
    await db.connect();
    try {
      await db.query(text, values);
    } finally {
      await db.end();
    }
  }

  /** A call repeated while the order service has not yet heard of a new dealer or product (their events). */
  async function once<T>(call: () => Promise<{ status: number; body: T }>): Promise<T> {
    let answer = await call();
    for (let tries = 0; answer.status !== 200 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await call();
    }
    if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  beforeAll(async () => {
    portal = await startPortal();
    dealerBrowser = await launchBrowser({ width: 1440, height: 900 });
    adminBrowser = await launchBrowser({ width: 1440, height: 900 });
    adminToken = await adminApiToken(portal);
    admin = apiCaller(portal, () => adminToken);
    await mkdir(SHOTS.dir, { recursive: true });
  });

  afterAll(async () => {
    await dealerBrowser?.close();
    await adminBrowser?.close();
    await portal?.stop();
  });

  test('When a dealer reorders over its credit limit and the admin releases it, Then its Account shows the aging and its statement PDF the closing balance', async () => {
    await createProduct(portal, adminToken, { title: 'Journey Hub Blind', price: '60.00' });
    const products = (await admin<{ products: { product_id: string; title: string }[] }>('/api/admin/products')).body
      .products;
    const productId = products.find((product) => product.title === 'Journey Hub Blind')?.product_id ?? '';
    const dealer = await createDealerAccount(portal, 'account.journey@timber.test');
    const dealerToken = await apiToken(portal, dealer.email, dealer.password);
    const listed = await admin<{ dealers: { dealer_id: string; email: string }[] }>('/api/admin/dealers-list');
    const dealerId = listed.body.dealers.find((row) => row.email === dealer.email)?.dealer_id ?? '';
    await once(() =>
      admin(`/api/admin/dealer-terms/${dealerId}`, {
        method: 'PUT',
        body: { payment_terms_days: 30, credit_limit: 100 },
      }),
    );

    // the past order: $60, confirmed 45 days ago on Net 30 (15 days past due), $10 of it paid
    const past = await once(() =>
      admin<{ order_id: string }>('/api/dealer/submit-order', {
        method: 'POST',
        body: { product_orders: [{ product_id: productId, quantity: 1 }] },
        token: dealerToken,
      }),
    );
    expect(
      (await admin(`/api/admin/update-order/${past.order_id}`, { method: 'PUT', body: { status: 'confirmed' } }))
        .status,
    ).toBe(200);
    await sql(
      `UPDATE "order".orders SET created_at = now() - interval '50 days', confirmed_at = now() - interval '45 days'
        WHERE order_id = $1`,
      [past.order_id],
    );
    const paid = await admin('/api/admin/record-payment', {
      method: 'POST',
      body: { order_id: past.order_id, payment_method: 'check', amount: 10, check_number: '1042' },
    });
    expect(paid.status).toBe(200);

    // Order Again on My Orders fills Order Products; the PO number goes on the confirmation; $50 + $60 > $100
    const page = await signedInPage(dealerBrowser.context, portal, dealer.email, dealer.password);
    await page.getByRole('tab', { name: 'My Orders' }).click();
    await page
      .locator('.order-card')
      .first()
      .getByRole('button', { name: /Order again/i })
      .click();
    await page.getByRole('tab', { name: 'Order Products', selected: true }).waitFor();
    await expectText(page.getByTestId('order-total'), '$60.00');
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Order' });
    await confirm.getByRole('textbox', { name: 'PO number (optional)' }).fill('PO-JOURNEY-9');
    await confirm.getByRole('button', { name: 'Confirm Order' }).click();
    await expectMessage(page, HELD, 'success');
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const heldCard = page.locator('.order-card').filter({ hasText: 'PO # PO-JOURNEY-9' });
    await heldCard.getByText('ON HOLD', { exact: true }).waitFor();

    // the admin releases the hold with a note
    const adminPage = await adminSession();
    await adminPage.getByRole('tab', { name: 'Orders', exact: true }).click();
    await adminPage.getByRole('row').filter({ hasText: 'ON HOLD' }).click();
    const invoice = adminPage.getByRole('dialog', { name: /^Invoice — Order / });
    await invoice.getByRole('button', { name: 'Release Hold' }).click();
    const release = adminPage.getByRole('dialog', { name: /^Release Hold — Order / });
    await release.getByLabel('Note').fill('Check 1043 in the mail');
    await release.getByRole('button', { name: 'Release Hold' }).click();
    await expectMessage(adminPage, 'The hold was released; the order can now be confirmed.', 'success');
    await adminPage.keyboard.press('Escape');

    // Account: what the API answers, shown; the order past due marked in words, the released one not held
    const own = await admin<StatementAnswer>('/api/dealer/statement', { token: dealerToken });
    expect(own.status).toBe(200);
    const { statement } = own.body;
    expect(statement.closing_balance).toBe(110);
    expect(statement.aging).toEqual({ current: 60, '1_30': 50, '31_60': 0, '61_90': 0, over_90: 0 });
    const late = statement.open_invoices.find((row) => row.days_past_due > 0);
    const fresh = statement.open_invoices.find((row) => row.po_number === 'PO-JOURNEY-9');
    expect(fresh?.on_hold).toBe(false);

    await page.getByRole('tab', { name: 'Account' }).click();
    await expectText(page.getByTestId('account-balance'), '$110.00');
    await expectText(page.getByTestId('account-past-due'), '$50.00');
    await expectText(page.getByTestId('account-credit-limit'), '$100.00');
    await expectText(page.getByTestId('account-terms'), 'Net 30 days');
    const aging = page.getByRole('region', { name: 'Balance' }).locator('[data-bucket="1_30"]');
    await aging.getByText('$50.00').waitFor();
    await aging.getByText('Past due').waitFor();
    const due = page.getByRole('table', { name: 'Open invoices' });
    const lateRow = due.getByRole('row').filter({ hasText: `#${late?.order_number}` });
    await lateRow.getByText(`${late?.days_past_due} days past due`).waitFor();
    await lateRow.getByText('OVERDUE', { exact: true }).waitFor();
    const freshRow = due.getByRole('row').filter({ hasText: `#${fresh?.order_number}` });
    await freshRow.getByText('PO PO-JOURNEY-9').waitFor();
    await freshRow.getByText('Due once confirmed').waitFor();
    expect(await freshRow.getByText('ON HOLD', { exact: true }).count()).toBe(0);
    const statementCard = page.getByRole('region', { name: 'Statement' });
    await expectText(statementCard.getByTestId('statement-closing'), '$110.00');
    await statementCard
      .getByRole('cell', { name: /Payment/ })
      .first()
      .waitFor();
    await shots(page, 'account-dealer');
    await expectNoAxeViolationsAtBothSizes(page, '.account-panel');

    // the order's number opens its invoice, as on My Orders
    await due.getByRole('button', { name: `Open invoice of order ${fresh?.order_number}` }).click();
    await page.getByRole('article', { name: `Invoice ${fresh?.order_number}` }).waitFor();
    await page.keyboard.press('Escape');

    // a range out of order is refused before asking; then the statement downloads as a PDF with its closing balance
    await statementCard.getByLabel('From', { exact: true }).fill('2026-05-02');
    await statementCard.getByLabel('To', { exact: true }).fill('2026-05-01');
    await expectFieldError(
      statementCard.getByLabel('From', { exact: true }),
      'The statement must start on or before its last day',
    );
    expect(new URL(page.url()).searchParams.get('from')).toBe('2026-05-02');
    // blank days are the last 90 days again
    await statementCard.getByLabel('From', { exact: true }).fill('');
    await statementCard.getByLabel('To', { exact: true }).fill('');
    await expectText(statementCard.getByTestId('statement-closing'), '$110.00');
    const pdf = await downloaded(page, statementCard.getByRole('button', { name: 'Download PDF' }));
    expect(pdf.name).toMatch(/^statement-.*\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf.bytes)).text;
    expect(text).toContain(money(statement.closing_balance));
    expect(text).toContain('PO-JOURNEY-9');
  });

  test('When the admin reads the Receivables, Then 50 dealers a page load more, filter, search and export as CSV', async () => {
    // 51 more dealers, each with a confirmed order of its own amount; one of them 200 days old
    const names = Array.from({ length: 51 }, (_, index) => `Aging Dealer ${String(index + 1).padStart(2, '0')}`);
    const imported = await admin<{ results: { successful_imports: number } }>('/api/admin/bulk-import-dealers', {
      method: 'POST',
      body: {
        dealers: names.map((business_name, index) => ({
          business_name,
          full_name: `Owner ${index + 1}`,
          email: `aging${index + 1}@lists.test`,
          phone: '316-555-0100',
          address: `${index + 1} Main St`,
          city: 'Wichita',
          state: 'KS',
          zip_code: '67202',
          zone: 'Midwest Zone',
        })),
      },
    });
    expect(imported.body.results.successful_imports).toBe(names.length);
    const listed = await admin<{ dealers: { dealer_id: string; business_name: string }[] }>('/api/admin/dealers-list');
    const idOf = new Map(listed.body.dealers.map((row) => [row.business_name, row.dealer_id]));
    const orderIds: string[] = [];
    for (const [index, name] of names.entries()) {
      const created = await once(() =>
        admin<{ order: { order_id: string } }>('/api/admin/create-order', {
          method: 'POST',
          body: {
            dealer_id: idOf.get(name),
            status: 'confirmed',
            product_details: [{ product_id: `custom_${index}`, title: 'Freight', quantity: 1, price: 100 + index }],
          },
        }),
      );
      orderIds.push(created.order.order_id);
    }
    await sql(
      `UPDATE "order".orders SET created_at = now() - interval '205 days', confirmed_at = now() - interval '200 days'
        WHERE order_id = $1`,
      [orderIds[6]],
    );
    await admin(`/api/admin/dealer-terms/${idOf.get(names[6] ?? '')}`, {
      method: 'PUT',
      body: { payment_terms_days: 30, credit_limit: 50 },
    });

    const page = await adminSession();
    await page.getByRole('tab', { name: 'Receivables' }).click();
    const table = page.getByRole('table', { name: 'AR aging by dealer' });
    const rows = table.locator('tbody tr');
    // 52 dealers owe something (the journey's dealer too): 50 shown, then the rest
    await page.getByText('50 dealers shown').waitFor();
    expect(await rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('52 dealers with a balance').waitFor();
    expect(await rows.count()).toBe(52);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    await shots(page, 'receivables');
    await expectNoAxeViolationsAtBothSizes(page, '.account-panel');

    // more than 90 days past due: the one dealer, its over-90 and over-limit said in words; its name opens it
    await page.getByLabel('Past due').selectOption({ label: 'More than 90 days past due' });
    await page.getByText('1 dealer with a balance').waitFor();
    const only = rows.first();
    await only.getByRole('link', { name: 'Aging Dealer 07' }).waitFor();
    await only.getByText('⚠ Over 90').waitFor();
    await only.getByText('Over limit').waitFor();
    expect(new URL(page.url()).searchParams.get('past_due')).toBe('over_90');
    await shots(page, 'receivables-over-90');

    const csv = await downloaded(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(csv.name).toMatch(/^ar-aging-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(records).toHaveLength(2);
    expect(records[1]).toMatch(/^"Aging Dealer 07","aging7@lists\.test","30","50\.00",/);

    // a search narrows the whole report; the dealer's name opens its detail with the statement
    await page.getByLabel('Past due').selectOption({ label: 'Every balance' });
    await page.getByLabel('Search').fill('Aging Dealer 4');
    await page.getByText('10 dealers with a balance').waitFor();
    await page.getByLabel('Search').fill('account.journey');
    await page.getByText('1 dealer with a balance').waitFor();
    await rows.first().getByRole('link', { name: 'Timber Ridge Outdoors' }).click();
    const section = page.getByRole('region', { name: 'Statement' });
    await expectText(section.getByTestId('statement-closing'), '$110.00');
    await shots(page, 'dealer-detail-statement');
    await expectNoAxeViolationsAtBothSizes(page, '.dealer-detail');

    // 60 payments of a cent more: the statement shows its first 50 entries, then the rest on Load more, and the
    // closing line once the last page is in
    await sql(
      `INSERT INTO "order".payments (payment_id, order_id, payment_method, amount_cents, created_at)
       SELECT 'e2e-cent-' || lpad(i::text, 2, '0'), o.order_id, 'cash', 1, now() - interval '1 hour' + i * interval '1 second'
       FROM (SELECT o.order_id FROM "order".orders o JOIN "order".known_dealers d USING (dealer_id)
             WHERE d.business_name = 'Timber Ridge Outdoors' AND o.status <> 'cancelled' LIMIT 1) o,
         generate_series(1, 60) i`,
      [],
    );
    await page.reload();
    await expectText(section.getByTestId('statement-closing'), '$109.40');
    const entries = section.getByRole('table', { name: /^Statement entries/ }).locator('tbody tr');
    const total = await section.getByText(/^50 of \d+ entries shown$/).textContent();
    const count = Number(/of (\d+) entries/.exec(total ?? '')?.[1]);
    expect(count).toBeGreaterThan(60);
    // the opening line and 50 entries; no closing line yet
    expect(await entries.count()).toBe(51);
    await section.getByRole('button', { name: 'Load more' }).click();
    // the opening line, every entry and the closing line
    await entries.nth(count + 1).waitFor();
    await section.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    expect(await entries.count()).toBe(count + 2);
    await entries.last().getByText('Closing balance').waitFor();
    await expectText(entries.last().locator('td').last(), '$109.40');
  });
});
