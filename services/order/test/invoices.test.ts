/**
 * Invoices end to end: the order service renders the PDF and asks identity (the product's one mail sender) to
 * mail it; identity sends it through the environment's SMTP to a real SMTP receiver, whose attachment is read
 * back with a real PDF parser. Real PostgreSQL, both services as in production.
 */
import { randomUUID } from 'node:crypto';
import { bearer, type TestServices } from '@portal/platform/testing';
import { mailAttachments, parseMail, type SmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { bytesOf, type MailingPortal, startMailingPortal } from './support/mailing-portal';
import { startOrders, type TestOrders } from './support/orders';
import { pdfText } from './support/pdf-text';

const NOTES = 'Leave the crates at the north barn';

let mailing: MailingPortal;
let smtp: SmtpReceiver;
let portal: TestServices;
let admin: Record<string, string>;

const orders = () => portal.http('order');
const dealerToken = (dealerId: string) => bearer(portal.tokenFor({ role: 'dealer', dealerId }));

const newDealer = (...fields: Parameters<MailingPortal['newDealer']>) => mailing.newDealer(...fields);

/** An order of custom lines (no catalogue needed): 2 × $249.99 + 3 × $10.15 = $530.43 by default. */
async function newOrder(
  dealerId: string,
  lines = [
    { product_id: 'custom_hub', description: 'Hub Blind', quantity: 2, price: 249.99 },
    { product_id: 'custom_chair', description: 'Blind Chair', quantity: 3, price: 10.15 },
  ],
) {
  const res = await orders()
    .post('/api/admin/create-order')
    .set(admin)
    .send({ dealer_id: dealerId, product_details: lines, notes: NOTES });
  expect(res.status).toBe(200);
  return res.body.order as { order_id: string; order_number: string };
}

const emailInvoice = (orderId: string, includeNotes: boolean, headers = admin) =>
  orders()
    .post('/api/admin/email-invoice')
    .set(headers)
    .send({ order_id: orderId, order_data: { ignored: true }, include_notes: includeNotes });

/** The invoice mails received (identity also mails the admins its order notices through the same server). */
const invoiceMails = () => smtp.received.filter((m) => parseMail(m.raw).headers.get('subject')?.startsWith('Invoice '));

/** The mail the receiver got for `to`, its PDF attachment and the PDF's text. */
async function deliveredInvoice(to: string) {
  const mail = smtp.received.find((m) => m.envelopeTo.includes(to));
  expect(mail).toBeDefined();
  const [pdf, ...others] = mailAttachments(mail?.raw ?? '');
  expect(others).toHaveLength(0);
  return { headers: parseMail(mail?.raw ?? '').headers, pdf, text: await pdfText(pdf?.content ?? Buffer.alloc(0)) };
}

/** Supertest reads an application/pdf body as bytes. */
const binary = (res: { body: unknown }) => res.body as Buffer;
const getPdf = (path: string, headers: Record<string, string>) =>
  orders().get(path).set(headers).buffer(true).parse(bytesOf);

beforeAll(async () => {
  mailing = await startMailingPortal('order_invoices');
  ({ smtp, portal, admin } = mailing);
});

afterAll(() => mailing?.stop());

describe('Email Invoice (POST /api/admin/email-invoice)', () => {
  test('When the admin emails an invoice, Then the dealer receives a PDF whose text holds the order number and total', async () => {
    const dealerId = await newDealer();
    const order = await newOrder(dealerId);

    const res = await emailInvoice(order.order_id, false);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, detail: 'Invoice email sent successfully!' });
    const to = `${dealerId.toLowerCase()}@example.com`;
    const { headers, pdf, text } = await deliveredInvoice(to);
    expect(headers.get('subject')).toBe(`Invoice ${order.order_number} from Ridge Line Blinds`);
    expect(headers.get('from')).toBe('Ridge Line Blinds <orders@ridgeline.example>');
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `invoice-${order.order_number}.pdf` });
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(order.order_number).toBe(order.order_id.slice(-8).toUpperCase());
    for (const expected of [
      'INVOICE',
      order.order_number,
      'Ridge Line Blinds',
      '1 Factory Way',
      'Austin, TX 78701',
      'sales@ridgeline.example',
      '555-0199',
      'Timber Blinds',
      'Pat Dealer',
      'Waco, TX 76701',
      to,
      'Hub Blind',
      '$249.99',
      '$499.98',
      'Blind Chair',
      '$30.45',
      '$530.43',
      '$0.00',
      'Pending',
    ])
      expect(text.text).toContain(expected);
    // include_notes false: the order's notes stay out
    expect(text.text).not.toContain(NOTES);
  });

  test('When include_notes is true, Then the notes are printed on the invoice', async () => {
    const dealerId = await newDealer();
    const order = await newOrder(dealerId);

    expect((await emailInvoice(order.order_id, true)).status).toBe(200);

    const { text } = await deliveredInvoice(`${dealerId.toLowerCase()}@example.com`);
    expect(text.text).toContain(NOTES);
  });

  test('When the SMTP server refuses the mail, Then 502 with the reason after "Error sending invoice email: "', async () => {
    const dealerId = await newDealer({ email: `refused-${randomUUID().slice(0, 6)}@example.com` });
    const order = await newOrder(dealerId);

    const res = await emailInvoice(order.order_id, false);

    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      success: false,
      detail: 'Error sending invoice email: the SMTP server refused the sender or recipient address (SMTP reply 550)',
    });
  });

  test('When the order does not exist or its dealer has no email, Then a clear 4xx and no mail', async () => {
    const before = invoiceMails().length;
    const missing = await emailInvoice('no-such-order', false);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Error sending invoice email: the order was not found');

    const order = await newOrder(await newDealer({ email: '' }));
    const noEmail = await emailInvoice(order.order_id, false);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.detail).toBe('Error sending invoice email: the dealer has no email address');
    expect(invoiceMails()).toHaveLength(before);
  });

  test('When a dealer, a delivery user or nobody asks, Then 403 / 401 and no mail', async () => {
    const dealerId = await newDealer();
    const order = await newOrder(dealerId);
    const before = invoiceMails().length;

    expect((await emailInvoice(order.order_id, false, dealerToken(dealerId))).status).toBe(403);
    expect((await emailInvoice(order.order_id, false, bearer(portal.tokenFor({ role: 'delivery' })))).status).toBe(403);
    expect((await emailInvoice(order.order_id, false, {})).status).toBe(401);
    expect(invoiceMails()).toHaveLength(before);
  });

  test('When an order has 50 lines, Then the invoice runs over pages and still holds every line and the total', async () => {
    const dealerId = await newDealer();
    const lines = Array.from({ length: 50 }, (_, i) => ({
      product_id: `custom_${i}`,
      description: `Ground blind model ${i + 1}`,
      quantity: (i % 4) + 1,
      price: 100.01,
    }));
    const order = await newOrder(dealerId, lines);

    expect((await emailInvoice(order.order_id, false)).status).toBe(200);

    const { text } = await deliveredInvoice(`${dealerId.toLowerCase()}@example.com`);
    expect(text.totalPages).toBeGreaterThan(1);
    expect(text.text).toContain('Ground blind model 1');
    expect(text.text).toContain('Ground blind model 50');
    // quantities 1..4 repeating: 12 × (1+2+3+4) + 1 + 2 = 123 units × $100.01
    expect(text.text).toContain('$12,301.23');
    expect(text.pages.at(-1)).toContain(`Page ${text.totalPages} of ${text.totalPages}`);
  });
});

describe('Invoice PDF download (GET /api/admin/invoice-pdf/{order_id})', () => {
  test('When the admin downloads an invoice, Then a PDF attachment named after the order, with the notes by default', async () => {
    const order = await newOrder(await newDealer());

    const res = await getPdf(`/api/admin/invoice-pdf/${order.order_id}`, admin);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.order_number}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const { text } = await pdfText(binary(res));
    expect(text).toContain(order.order_number);
    expect(text).toContain('$530.43');
    expect(text).toContain(NOTES);

    const withoutNotes = await getPdf(`/api/admin/invoice-pdf/${order.order_id}?include_notes=false`, admin);
    expect((await pdfText(binary(withoutNotes))).text).not.toContain(NOTES);
  });

  test("When a dealer downloads its own order's invoice, Then 200; another dealer's order, Then 404; delivery 403", async () => {
    const owner = await newDealer();
    const other = await newDealer();
    const order = await newOrder(owner);

    const own = await getPdf(`/api/admin/invoice-pdf/${order.order_id}`, dealerToken(owner));
    expect(own.status).toBe(200);
    expect((await pdfText(binary(own))).text).toContain(order.order_number);

    const foreign = await orders().get(`/api/admin/invoice-pdf/${order.order_id}`).set(dealerToken(other));
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Error: Order not found');
    const delivery = bearer(portal.tokenFor({ role: 'delivery' }));
    expect((await orders().get(`/api/admin/invoice-pdf/${order.order_id}`).set(delivery)).status).toBe(403);
    expect((await orders().get(`/api/admin/invoice-pdf/${order.order_id}`)).status).toBe(401);
    expect((await orders().get('/api/admin/invoice-pdf/no-such-order').set(admin)).status).toBe(404);
  });
});

describe('Without identity', () => {
  let alone: TestOrders;

  beforeAll(async () => {
    // the harness points IDENTITY_URL at a closed port: identity is down
    alone = await startOrders('order_invoices_alone');
  });
  afterAll(() => alone?.stop());

  test('When identity cannot be reached, Then the PDF shows placeholders and Email Invoice answers 502 with the reason', async () => {
    const dealerId = await alone.newDealer();
    const created = await alone
      .api()
      .post('/api/admin/create-order')
      .set(alone.admin)
      .send({
        dealer_id: dealerId,
        product_details: [{ product_id: 'custom_1', description: 'Stand', quantity: 1, price: 5 }],
      });
    const order = created.body.order as { order_id: string; order_number: string };

    const pdf = await alone
      .api()
      .get(`/api/admin/invoice-pdf/${order.order_id}`)
      .set(alone.admin)
      .buffer(true)
      .parse(bytesOf);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(binary(pdf));
    expect(text).toContain('Your Company');
    expect(text).toContain('$5.00');

    const res = await alone
      .api()
      .post('/api/admin/email-invoice')
      .set(alone.admin)
      .send({ order_id: order.order_id, include_notes: false });
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('Error sending invoice email: the mail service is unavailable. Please try again.');
  });
});
