/**
 * Statements (issue 24): a dealer's opening balance, every order and payment with the running balance, the closing
 * balance and the aging, as JSON, as a PDF and mailed. The order service renders it and asks identity (the one
 * mail sender) to mail it through a real SMTP receiver; the PDF is read back with a real PDF parser. Real
 * PostgreSQL, both services as in production. A dealer of 1,000 random orders and payments, seeded in SQL from a
 * seeded generator, checks the running balance to the cent.
 */
import { randomUUID } from 'node:crypto';
import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  STATEMENT_OPEN_INVOICES_SHOWN,
  STATEMENT_PDF_NOT_PAGED,
  STATEMENT_RANGE,
  STATEMENT_TOO_LONG,
  type Statement,
} from '@portal/contracts';
import { isoDayIn } from '@portal/platform';
import { bearer, type TestServices } from '@portal/platform/testing';
import { mailAttachments, parseMail, type SmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { addDays, agingBucket, daysPastDue, dueDay } from '../src/domain/aging';
import { formatDollars } from '../src/domain/invoice-document';
import { bytesOf, type MailingPortal, startMailingPortal } from './support/mailing-portal';
import { pdfText } from './support/pdf-text';

/** the contract's default system timezone (no settings.timezone_changed is delivered here) */
const ZONE = 'America/Chicago';

let mailing: MailingPortal;
let smtp: SmtpReceiver;
let portal: TestServices;
let admin: Record<string, string>;

const orders = () => portal.http('order');
const db = () => portal.service('order').ctx.db;
const dealerToken = (dealerId: string) => bearer(portal.tokenFor({ role: 'dealer', dealerId }));
const delivery = () => bearer(portal.tokenFor({ role: 'delivery' }));
const today = () => isoDayIn(new Date(), ZONE);
const cents = (dollars: number) => Math.round(dollars * 100);

const newDealer = (...fields: Parameters<MailingPortal['newDealer']>) => mailing.newDealer(...fields);

/** An admin order of one custom line of `price` dollars. */
async function newOrder(dealerId: string, price: number) {
  const res = await orders()
    .post('/api/admin/create-order')
    .set(admin)
    .send({
      dealer_id: dealerId,
      product_details: [{ product_id: 'custom_hub', description: 'Hub', quantity: 1, price }],
    });
  expect(res.status).toBe(200);
  return res.body.order as { order_id: string; order_number: string };
}

async function pay(orderId: string, amount: number) {
  const res = await orders()
    .post('/api/admin/record-payment')
    .set(admin)
    .send({ order_id: orderId, payment_method: 'check', check_number: '1042', amount });
  expect(res.status).toBe(200);
}

async function setStatus(orderId: string, status: string) {
  const res = await orders().put(`/api/admin/update-order/${orderId}`).set(admin).send({ status });
  expect(res.status).toBe(200);
}

const adminStatement = (dealerId: string, query: Record<string, string> = {}, headers = admin) =>
  orders().get(`/api/admin/dealer-statement/${dealerId}`).query(query).set(headers);

/** Supertest reads an application/pdf body as bytes. */
const getPdf = (path: string, query: Record<string, string>, headers: Record<string, string>) =>
  orders().get(path).query(query).set(headers).buffer(true).parse(bytesOf);

const emailStatement = (dealerId: string, body: Record<string, string> = {}, headers = admin) =>
  orders().post(`/api/admin/email-statement/${dealerId}`).set(headers).send(body);

/** A header as written (RFC 2047 encoded words, as nodemailer writes a subject beyond ASCII, decoded). */
const decodedHeader = (value: string | undefined) =>
  (value ?? '').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=(\s+(?==\?))?/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16))),
          'latin1',
        ).toString('utf8'),
  );

const subjectOf = (raw: string) => decodedHeader(parseMail(raw).headers.get('subject'));
const statementMails = () => smtp.received.filter((m) => subjectOf(m.raw).startsWith('Statement from'));

beforeAll(async () => {
  mailing = await startMailingPortal('order_statements');
  ({ smtp, portal, admin } = mailing);
});

afterAll(() => mailing?.stop());

describe('a statement as JSON', () => {
  test('When a dealer has orders and a payment, Then the lines, balances and aging add up, and age with time', async () => {
    const dealerId = await newDealer();
    const first = await newOrder(dealerId, 100.25);
    const second = await newOrder(dealerId, 40);
    const cancelled = await newOrder(dealerId, 999);
    await setStatus(cancelled.order_id, 'cancelled');
    await setStatus(first.order_id, 'confirmed');
    await pay(first.order_id, 30.1);

    const res = await adminStatement(dealerId);
    expect(res.status).toBe(200);
    const statement = res.body.statement as Statement;
    expect(statement).toMatchObject({
      dealer_id: dealerId,
      dealer_business_name: 'Timber Blinds',
      to: today(),
      from: addDays(today(), -90),
      timezone: ZONE,
      payment_terms_days: 30,
      credit_limit: null,
      opening_balance: 0,
      total_charges: 140.25,
      total_payments: 30.1,
      closing_balance: 110.15,
      aging: { current: 110.15, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 },
    });
    expect(statement.entries.map((e) => [e.kind, e.order_number, e.charge, e.payment, e.balance])).toEqual([
      ['order', first.order_number, 100.25, 0, 100.25],
      ['order', second.order_number, 40, 0, 140.25],
      ['payment', first.order_number, 0, 30.1, 110.15],
    ]);
    expect(statement.entries[2]?.description).toBe(`Payment (check 1042) · Order ${first.order_number}`);
    expect(statement.entries[0]?.due_date).toBe(addDays(today(), 30));
    expect(statement.open_invoices.map((i) => [i.order_number, i.due_date, i.balance, i.bucket])).toEqual([
      [first.order_number, addDays(today(), 30), 70.15, 'current'],
      [second.order_number, null, 40, 'current'],
    ]);

    // confirmed 45 days ago under 30-day terms: 15 days past due today
    await db().query("UPDATE orders SET confirmed_at = now() - interval '45 days' WHERE order_id = $1", [
      first.order_id,
    ]);
    const later = (await adminStatement(dealerId)).body.statement as Statement;
    expect(later.aging).toEqual({ current: 40, '1_30': 70.15, '31_60': 0, '61_90': 0, over_90: 0 });
    expect(later.open_invoices[0]).toMatchObject({ days_past_due: 15, bucket: '1_30' });
  });

  test('When the range starts after earlier activity, Then it is the opening balance and the lines are only the range', async () => {
    const dealerId = await newDealer();
    const old = await newOrder(dealerId, 500);
    await pay(old.order_id, 120);
    await db().query("UPDATE orders SET created_at = now() - interval '200 days' WHERE order_id = $1", [old.order_id]);
    await db().query("UPDATE payments SET created_at = now() - interval '150 days' WHERE order_id = $1", [
      old.order_id,
    ]);
    const recent = await newOrder(dealerId, 10);

    const statement = (await adminStatement(dealerId)).body.statement as Statement;
    expect(statement.opening_balance).toBe(380);
    expect(statement.entries.map((e) => e.order_id)).toEqual([recent.order_id]);
    expect(statement.closing_balance).toBe(390);
    // as of 170 days ago: the old order placed, not yet paid
    const asOf = addDays(today(), -170);
    const past = (await adminStatement(dealerId, { from: addDays(asOf, -60), to: asOf })).body.statement as Statement;
    expect(past).toMatchObject({ opening_balance: 0, closing_balance: 500, total_payments: 0 });
    expect(past.open_invoices).toEqual([expect.objectContaining({ order_id: old.order_id, paid: 0, balance: 500 })]);
  });

  test('When the range is reversed, too long or not dates, or the format unknown, Then 400 with a clear detail', async () => {
    const dealerId = await newDealer();
    const reversed = await adminStatement(dealerId, { from: '2026-03-02', to: '2026-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.detail).toBe(STATEMENT_RANGE);
    const long = await adminStatement(dealerId, { from: '2020-01-01', to: '2026-01-01' });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe(STATEMENT_TOO_LONG);
    const notDate = await adminStatement(dealerId, { from: '03/01/2026' });
    expect(notDate.status).toBe(400);
    expect(notDate.body.detail).toContain('must be a date written YYYY-MM-DD');
    const format = await adminStatement(dealerId, { format: 'xls' });
    expect(format.status).toBe(400);
    expect(format.body.detail).toContain('must be json or pdf');
    const own = await orders().get('/api/dealer/statement').query({ to: '2026-01-01', from: '2026-02-01' });
    expect(own.status).toBe(401);
    const ownReversed = await orders()
      .get('/api/dealer/statement')
      .query({ to: '2026-01-01', from: '2026-02-01' })
      .set(dealerToken(dealerId));
    expect(ownReversed.status).toBe(400);
  });
});

describe('the JSON statement pages its entries by keyset', () => {
  /** `count` payments of 1 cent on one order, every one recorded at the same instant. */
  async function sameInstantPayments(dealerId: string, orderId: string, count: number, at: string) {
    await db().query(
      `INSERT INTO payments (payment_id, order_id, payment_method, amount_cents, created_at)
       SELECT $1 || '-p' || lpad(i::text, 2, '0'), $2, 'cash', 1, $3::timestamptz FROM generate_series(1, $4) i`,
      [dealerId, orderId, at, count],
    );
    await db().query('UPDATE orders SET paid_cents = paid_cents + $2 WHERE order_id = $1', [orderId, count]);
  }

  test('When a page ends inside entries of the same instant, Then the next page goes on with the rest, balances carried', async () => {
    const dealerId = await newDealer();
    const order = await newOrder(dealerId, 100);
    const at = new Date(Date.now() - 3_600_000).toISOString();
    await db().query('UPDATE orders SET created_at = $2 WHERE order_id = $1', [order.order_id, at]);
    // the order and 9 payments all at `at`: the order first, then the payments by id
    await sameInstantPayments(dealerId, order.order_id, 9, at);

    const first = (await adminStatement(dealerId, { limit: '4' })).body.statement as Statement;
    expect(first.entry_count).toBe(10);
    expect(first.entries.map((e) => e.payment_id)).toEqual([
      null,
      `${dealerId}-p01`,
      `${dealerId}-p02`,
      `${dealerId}-p03`,
    ]);
    expect(first.entries.map((e) => e.balance)).toEqual([100, 99.99, 99.98, 99.97]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await adminStatement(dealerId, { limit: '4', cursor: first.next_cursor ?? '' })).body
      .statement as Statement;
    expect(second.entries.map((e) => e.payment_id)).toEqual([4, 5, 6, 7].map((n) => `${dealerId}-p0${n}`));
    expect(second.entries.map((e) => e.balance)).toEqual([99.96, 99.95, 99.94, 99.93]);
    const third = (await adminStatement(dealerId, { limit: '4', cursor: second.next_cursor ?? '' })).body
      .statement as Statement;
    expect(third.entries.map((e) => [e.payment_id, e.balance])).toEqual([
      [`${dealerId}-p08`, 99.92],
      [`${dealerId}-p09`, 99.91],
    ]);
    expect(third.next_cursor).toBeNull();
    expect(third).toMatchObject({ closing_balance: 99.91, total_payments: 0.09, total_charges: 100, entry_count: 10 });
    // days without an entry still have their figures: everything before them is the opening balance
    const after = { from: addDays(today(), 1), to: addDays(today(), 5), limit: '4' };
    expect((await adminStatement(dealerId, after)).body.statement).toMatchObject({
      entries: [],
      entry_count: 0,
      next_cursor: null,
      opening_balance: 99.91,
      total_charges: 0,
      total_payments: 0,
      closing_balance: 99.91,
    });

    // without a limit: the contract's default page; the dealer's own statement pages the same way
    const whole = (await adminStatement(dealerId)).body.statement as Statement;
    expect(whole.entries).toHaveLength(10);
    expect(whole.next_cursor).toBeNull();
    const own = await orders()
      .get('/api/dealer/statement')
      .query({ limit: '4', cursor: first.next_cursor ?? '' })
      .set(dealerToken(dealerId));
    expect(own.status).toBe(200);
    expect((own.body.statement as Statement).entries).toEqual(second.entries);
    expect(PAGE_LIMIT_DEFAULT).toBeGreaterThan(10);
  });

  test('When the cursor is not one, or another range or dealer’s, or the limit is out of bounds, Then 400', async () => {
    const dealerId = await newDealer();
    const order = await newOrder(dealerId, 10);
    await sameInstantPayments(dealerId, order.order_id, 3, new Date().toISOString());
    const first = (await adminStatement(dealerId, { limit: '2' })).body.statement as Statement;
    const cursor = first.next_cursor ?? '';
    expect(cursor).not.toBe('');

    const garbage = await adminStatement(dealerId, { cursor: 'not-a-cursor' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.detail).toBe('cursor: must be the next_cursor of the previous page');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), k: ['yesterday', 'x', 'y'] }),
    ).toString('base64url');
    const badKey = await adminStatement(dealerId, { cursor: forged });
    expect(badKey.status).toBe(400);
    const otherRange = await adminStatement(dealerId, { cursor, from: addDays(today(), -10) });
    expect(otherRange.status).toBe(400);
    expect(otherRange.body.detail).toContain('cursor: belongs to another sort or filter');
    const otherDealer = await adminStatement(await newDealer(), { cursor });
    expect(otherDealer.status).toBe(400);
    expect((await orders().get('/api/dealer/statement').query({ cursor }).set(dealerToken(dealerId))).status).toBe(200);

    for (const limit of ['0', String(PAGE_LIMIT_MAX + 1), '2.5', 'ten']) {
      const res = await adminStatement(dealerId, { limit });
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(`must be a whole number from 1 to ${PAGE_LIMIT_MAX}`);
    }
    expect((await adminStatement(dealerId, { limit: String(PAGE_LIMIT_MAX) })).status).toBe(200);

    // the PDF is every entry: a page of it is refused, not silently ignored
    const pdf = await adminStatement(dealerId, { format: 'pdf', limit: '2' });
    expect(pdf.status).toBe(400);
    expect(pdf.body.detail).toContain(STATEMENT_PDF_NOT_PAGED);
    expect((await adminStatement(dealerId, { format: 'pdf', cursor })).status).toBe(400);
  });
});

describe('who may read a statement', () => {
  test('When a dealer reads its statement, Then it is its own, and another id is neither taken nor reachable', async () => {
    const mine = await newDealer({ business_name: 'Mine' });
    const theirs = await newDealer({ business_name: 'Theirs' });
    await newOrder(mine, 12);
    await newOrder(theirs, 99);

    const own = await orders().get('/api/dealer/statement').set(dealerToken(mine));
    expect(own.status).toBe(200);
    expect(own.body.statement).toMatchObject({ dealer_id: mine, dealer_business_name: 'Mine', closing_balance: 12 });
    const smuggled = await orders().get('/api/dealer/statement').query({ dealer_id: theirs }).set(dealerToken(mine));
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.detail).toContain('Unknown parameter "dealer_id"');
    expect((await adminStatement(theirs, {}, dealerToken(mine))).status).toBe(403);
    expect((await adminStatement(mine, {}, dealerToken(mine))).status).toBe(403);
  });

  test('When a driver or nobody asks, Then 403 / 401; an unknown dealer is 404', async () => {
    const dealerId = await newDealer();
    expect((await adminStatement(dealerId, {}, delivery())).status).toBe(403);
    expect((await orders().get('/api/dealer/statement').set(delivery())).status).toBe(403);
    expect((await adminStatement(dealerId, {}, {})).status).toBe(401);
    expect((await orders().get('/api/dealer/statement')).status).toBe(401);
    const unknown = await adminStatement('no-such-dealer');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Error: Dealer not found');
    // a dealer login whose dealer the order service never heard of
    expect((await orders().get('/api/dealer/statement').set(dealerToken('DUNKNOWN'))).status).toBe(404);
  });
});

describe('the statement PDF', () => {
  test('When asked with format=pdf, Then a PDF named after the dealer holds the balances, the lines and the aging', async () => {
    const dealerId = await newDealer({ business_name: 'Timber & Sons' });
    const order = await newOrder(dealerId, 1234.56);
    await pay(order.order_id, 34.56);
    const range = { from: addDays(today(), -30), to: today() };

    const res = await getPdf(`/api/admin/dealer-statement/${dealerId}`, { ...range, format: 'pdf' }, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-timber-sons-${range.from}-${range.to}.pdf"`,
    );
    const { text } = await pdfText(res.body as Buffer);
    for (const expected of [
      'STATEMENT',
      'Ridge Line Blinds',
      'Timber & Sons',
      'Opening balance',
      'Closing balance',
      '$1,234.56',
      '$34.56',
      '$1,200.00',
      `Order ${order.order_number}`,
      'Payment (check 1042)',
      'Over 90 days',
      'Open invoices',
      'Not yet due',
    ])
      expect(text).toContain(expected);

    const own = await getPdf('/api/dealer/statement', { format: 'pdf' }, dealerToken(dealerId));
    expect(own.status).toBe(200);
    expect((own.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('Email Statement (POST /api/admin/email-statement/{dealer_id})', () => {
  test('When the admin emails a statement, Then the dealer receives the PDF with the closing balance', async () => {
    const dealerId = await newDealer({ business_name: 'Cedar Hunt' });
    const order = await newOrder(dealerId, 250);
    await pay(order.order_id, 75.5);
    const range = { from: addDays(today(), -10), to: today() };

    const res = await emailStatement(dealerId, range);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, detail: 'Statement email sent successfully!' });
    const to = `${dealerId.toLowerCase()}@example.com`;
    const mail = smtp.received.find((m) => m.envelopeTo.includes(to));
    expect(mail).toBeDefined();
    expect(subjectOf(mail?.raw ?? '')).toBe(`Statement from Ridge Line Blinds — ${range.from} to ${range.to}`);
    const [pdf, ...others] = mailAttachments(mail?.raw ?? '');
    expect(others).toHaveLength(0);
    expect(pdf).toMatchObject({
      contentType: 'application/pdf',
      filename: `statement-cedar-hunt-${range.from}-${range.to}.pdf`,
    });
    const { text } = await pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(text).toContain('$174.50');
    expect(text).toContain('Cedar Hunt');
  });

  test('When the dealer has no email, is unknown, or the range is bad, Then a clear 4xx and no mail', async () => {
    const before = statementMails().length;
    const noEmail = await emailStatement(await newDealer({ email: '' }));
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.detail).toBe('Error sending statement email: the dealer has no email address');
    expect((await emailStatement('no-such-dealer')).status).toBe(404);
    const reversed = await emailStatement(await newDealer(), { from: '2026-05-02', to: '2026-05-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.detail).toBe(STATEMENT_RANGE);
    expect(statementMails()).toHaveLength(before);
  });

  test('When the SMTP server refuses the mail, Then 502 with the reason after "Error sending statement email: "', async () => {
    const dealerId = await newDealer({ email: `refused-${randomUUID().slice(0, 6)}@example.com` });
    const res = await emailStatement(dealerId);
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/^Error sending statement email: the SMTP server refused/);
  });

  test('When a dealer, a driver or nobody asks, Then 403 / 401 and no mail', async () => {
    const dealerId = await newDealer();
    const before = statementMails().length;
    expect((await emailStatement(dealerId, {}, dealerToken(dealerId))).status).toBe(403);
    expect((await emailStatement(dealerId, {}, delivery())).status).toBe(403);
    expect((await emailStatement(dealerId, {}, {})).status).toBe(401);
    expect(statementMails()).toHaveLength(before);
  });
});

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

interface SeededOrder {
  id: string;
  status: string;
  created: Date;
  confirmed: Date | null;
  total: number;
  payments: { id: string; amount: number; at: Date }[];
}

describe('a statement over 1,000 random orders and payments', () => {
  test('When read over a range, Then every running balance equals orders minus payments to the cent', async () => {
    const dealerId = await newDealer({ business_name: 'Random Ridge' });
    const rng = generator(24_2026);
    const start = Date.parse('2025-01-01T00:00:00Z');
    const span = Date.parse('2026-06-30T00:00:00Z') - start;
    const statuses = ['pending', 'confirmed', 'delivered', 'shipped', 'cancelled'];
    const seeded: SeededOrder[] = Array.from({ length: 1000 }, (_, i) => {
      const created = new Date(start + Math.floor(rng.next() * span));
      const status = statuses[rng.int(0, statuses.length - 1)] as string;
      const confirmed = status === 'pending' ? null : new Date(created.getTime() + rng.int(0, 5 * 86_400_000));
      const total = rng.int(1, 500_000);
      let left = total;
      const payments = Array.from({ length: rng.int(0, 3) }, (_, p) => {
        const amount = left > 0 ? rng.int(1, left) : 0;
        left -= amount;
        return { id: `${dealerId}-p${i}-${p}`, amount, at: new Date(created.getTime() + rng.int(0, 200 * 86_400_000)) };
      }).filter((payment) => payment.amount > 0);
      return { id: `${dealerId}-o${String(i).padStart(4, '0')}`, status, created, confirmed, total, payments };
    });
    await db().query(
      `INSERT INTO orders (order_id, dealer_id, status, total_cents, paid_cents, created_at, confirmed_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::timestamptz[],
         $7::timestamptz[])`,
      [
        seeded.map((o) => o.id),
        seeded.map(() => dealerId),
        seeded.map((o) => o.status),
        seeded.map((o) => o.total),
        seeded.map((o) => o.payments.reduce((sum, p) => sum + p.amount, 0)),
        seeded.map((o) => o.created.toISOString()),
        seeded.map((o) => o.confirmed?.toISOString() ?? null),
      ],
    );
    const payments = seeded.flatMap((o) => o.payments.map((p) => ({ ...p, order: o })));
    await db().query(
      `INSERT INTO payments (payment_id, order_id, payment_method, amount_cents, created_at)
       SELECT id, order_id, 'cash', amount, at FROM unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[])
         AS p(id, order_id, amount, at)`,
      [
        payments.map((p) => p.id),
        payments.map((p) => p.order.id),
        payments.map((p) => p.amount),
        payments.map((p) => p.at.toISOString()),
      ],
    );
    expect(payments.length).toBeGreaterThan(900);

    const from = '2025-06-01';
    const to = '2026-03-31';
    // every page of 37 entries; each page repeats the figures of the whole range
    const pages: Statement[] = [];
    let cursor: string | null = null;
    do {
      const res = await adminStatement(dealerId, { from, to, limit: '37', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      const page = res.body.statement as Statement;
      pages.push(page);
      cursor = page.next_cursor;
      expect(page.entries.length).toBe(cursor ? 37 : page.entry_count - 37 * (pages.length - 1));
    } while (cursor !== null && pages.length < 100);
    expect(cursor).toBeNull();
    const [statement, ...later] = pages as [Statement, ...Statement[]];
    for (const page of later) {
      expect({ ...page, entries: [], next_cursor: null }).toEqual({ ...statement, entries: [], next_cursor: null });
    }
    const entries = pages.flatMap((page) => page.entries);
    expect(entries).toHaveLength(statement.entry_count);
    expect(pages.length).toBe(Math.ceil(statement.entry_count / 37));

    // what the statement must say, worked out here from the seeded rows, days in the system timezone
    const day = (at: Date) => isoDayIn(at, ZONE);
    const charged = seeded.filter((o) => o.status !== 'cancelled');
    const chargedPayments = charged.flatMap((o) => o.payments.map((p) => ({ ...p, orderId: o.id })));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const opening =
      sum(charged.filter((o) => day(o.created) < from).map((o) => o.total)) -
      sum(chargedPayments.filter((p) => day(p.at) < from).map((p) => p.amount));
    const inRange = (at: Date) => day(at) >= from && day(at) <= to;
    const rangeOrders = charged.filter((o) => inRange(o.created));
    const rangePayments = chargedPayments.filter((p) => inRange(p.at));
    const closing =
      sum(charged.filter((o) => day(o.created) <= to).map((o) => o.total)) -
      sum(chargedPayments.filter((p) => day(p.at) <= to).map((p) => p.amount));

    expect(cents(statement.opening_balance)).toBe(opening);
    expect(cents(statement.total_charges)).toBe(sum(rangeOrders.map((o) => o.total)));
    expect(cents(statement.total_payments)).toBe(sum(rangePayments.map((p) => p.amount)));
    expect(cents(statement.closing_balance)).toBe(closing);
    expect(closing).toBe(opening + cents(statement.total_charges) - cents(statement.total_payments));
    // the pages concatenate to exactly the range's entries, each once
    expect(statement.entry_count).toBe(rangeOrders.length + rangePayments.length);
    expect(
      entries
        .filter((e) => e.kind === 'order')
        .map((e) => e.order_id)
        .sort(),
    ).toEqual(rangeOrders.map((o) => o.id).sort());
    expect(
      entries
        .filter((e) => e.kind === 'payment')
        .map((e) => e.payment_id)
        .sort(),
    ).toEqual(rangePayments.map((p) => p.id).sort());
    expect(entries.length).toBeGreaterThan(500);

    // every running balance to the cent, across the page boundaries
    let balance = opening;
    let previous = '';
    for (const entry of entries) {
      expect(entry.at >= previous).toBe(true);
      previous = entry.at;
      balance += cents(entry.charge) - cents(entry.payment);
      expect(cents(entry.balance)).toBe(balance);
    }
    expect(balance).toBe(closing);

    // aging as of the end of `to`: what each order placed by then still owed by then
    const expectedAging: Record<string, number> = { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 };
    for (const order of charged.filter((o) => day(o.created) <= to)) {
      const unpaid = order.total - sum(order.payments.filter((p) => day(p.at) <= to).map((p) => p.amount));
      if (unpaid <= 0) continue;
      const confirmed = order.confirmed && day(order.confirmed) <= to ? order.confirmed : null;
      const bucket = agingBucket(daysPastDue(dueDay(confirmed && day(confirmed), 30), to));
      expectedAging[bucket] = (expectedAging[bucket] ?? 0) + unpaid;
    }
    const aging = Object.fromEntries(Object.entries(statement.aging).map(([bucket, value]) => [bucket, cents(value)]));
    expect(aging).toEqual(expectedAging);
    expect(sum(Object.values(aging))).toBe(closing);
    // the JSON answer names the oldest due STATEMENT_OPEN_INVOICES_SHOWN; the aging sums every one
    expect(statement.open_invoice_count).toBeGreaterThan(STATEMENT_OPEN_INVOICES_SHOWN);
    expect(statement.open_invoices).toHaveLength(STATEMENT_OPEN_INVOICES_SHOWN);
    const dues = statement.open_invoices.map((i) => i.due_date ?? '9999-12-31');
    expect(dues).toEqual([...dues].sort());

    // the same statement as a PDF runs over many pages and ends with the same closing balance
    const pdf = await getPdf(`/api/admin/dealer-statement/${dealerId}`, { from, to, format: 'pdf' }, admin);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text.totalPages).toBeGreaterThan(5);
    expect(text.text).toContain(formatDollars(closing));
    expect(text.pages.at(-1)).toContain(`Page ${text.totalPages} of ${text.totalPages}`);
  }, 60_000);
});
