import { endpoints, MAIL_ATTACHMENTS_MAX_BYTES, SEND_MAIL_PATH } from '@portal/contracts';
import {
  mailAttachments,
  parseMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '@portal/platform/testing/smtp-receiver';
import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

/**
 * POST /internal/send-mail: another service (order, for an invoice) mails through identity, the product's one
 * mail sender, with the admin's own token. Real SMTP receiver; the environment's SMTP is the route here.
 */
let smtp: SmtpReceiver;
let identity: TestIdentity;
let admin: string;

const PDF = Buffer.from('%PDF-1.3\n% a tiny stand-in with binary bytes \u00ff\u0000\r\n%%EOF\n', 'latin1');
const invoiceMail = (overrides: Record<string, unknown> = {}) => ({
  to: ['dealer@example.com'],
  subject: 'Invoice 1A2B3C4D from Ridge Line Blinds',
  text: 'Please find your invoice attached.',
  purpose: 'invoice',
  attachments: [
    { filename: 'invoice-1A2B3C4D.pdf', content_type: 'application/pdf', content_base64: PDF.toString('base64') },
  ],
  ...overrides,
});
const send = (body: object, headers: Record<string, string> = bearer(admin)) =>
  identity.http().post(SEND_MAIL_PATH).set(headers).send(body);

beforeAll(async () => {
  smtp = await startSmtpReceiver(undefined, { refuseRecipient: (address) => address.startsWith('refused') });
  identity = await startIdentity('identity_send_mail', {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    MAIL_FROM: 'Ridge Line Blinds <orders@ridgeline.example>',
  });
  admin = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
  await smtp?.stop();
});

test('When an admin asks for a mail with a PDF, Then it arrives at the SMTP server with the attachment byte for byte', async () => {
  const res = await send(invoiceMail());

  expect(res.status).toBe(200);
  expect(res.body).toEqual({ sent: true, message_id: expect.stringMatching(/^<.+>$/) });
  expect(res.headers['cache-control']).toBe('no-store');
  const mail = smtp.received.find((m) => m.raw.includes(res.body.message_id));
  expect(mail?.envelopeTo).toEqual(['dealer@example.com']);
  expect(mail?.envelopeFrom).toBe('orders@ridgeline.example');
  expect(parseMail(mail?.raw ?? '').headers.get('subject')).toBe('Invoice 1A2B3C4D from Ridge Line Blinds');
  const [file] = mailAttachments(mail?.raw ?? '');
  expect(file).toMatchObject({ filename: 'invoice-1A2B3C4D.pdf', contentType: 'application/pdf' });
  expect(file?.content.equals(PDF)).toBe(true);
});

test('When the caller has no token, a dealer token or a delivery token, Then 401 / 403 and nothing is sent', async () => {
  const before = smtp.received.length;
  expect((await send(invoiceMail(), {})).status).toBe(401);
  expect((await send(invoiceMail(), bearer('not-a-token'))).status).toBe(401);
  expect((await send(invoiceMail(), bearer(identity.tokenFor('dealer')))).status).toBe(403);
  expect((await send(invoiceMail(), bearer(identity.tokenFor('delivery')))).status).toBe(403);
  expect(smtp.received).toHaveLength(before);
});

test('When the request is malformed, Then 400 with the field named and nothing is sent', async () => {
  const before = smtp.received.length;
  const cases: [object, RegExp][] = [
    [invoiceMail({ to: [] }), /^to: /],
    [invoiceMail({ to: ['not an address'] }), /^Please enter a valid email address/],
    [invoiceMail({ subject: 'Invoice\r\nBcc: someone@example.com' }), /^subject: must be one line/],
    [invoiceMail({ purpose: 'Invoice Mail!' }), /^purpose: /],
    [
      invoiceMail({
        attachments: [{ filename: '../invoice.pdf', content_type: 'application/pdf', content_base64: 'JVBERg==' }],
      }),
      /^attachments\.0\.filename: must be a plain file name/,
    ],
    [
      invoiceMail({
        attachments: [{ filename: 'invoice.pdf', content_type: 'application/pdf', content_base64: 'not base64!' }],
      }),
      /^attachments\.0\.content_base64: must be base64/,
    ],
  ];
  for (const [body, detail] of cases) {
    const res = await send(body);
    expect({ status: res.status, detail: res.body.detail }).toEqual({
      status: 400,
      detail: expect.stringMatching(detail),
    });
  }
  expect(smtp.received).toHaveLength(before);
});

test('When the attachments are larger than the cap, Then 400 and nothing is sent', async () => {
  const before = smtp.received.length;
  const big = Buffer.alloc(MAIL_ATTACHMENTS_MAX_BYTES / 2 + 1, 1).toString('base64');
  const file = (name: string) => ({ filename: name, content_type: 'application/pdf', content_base64: big });

  const res = await send(invoiceMail({ attachments: [file('a.pdf'), file('b.pdf')] }));

  expect(res.status).toBe(400);
  expect(res.body.detail).toMatch(/^attachments: the attachments are larger than 5 MiB in all/);
  expect(smtp.received).toHaveLength(before);
});

test('When the SMTP server refuses the mail, Then 502 with what went wrong and no server address', async () => {
  const res = await send(invoiceMail({ to: ['refused@example.com'] }));

  expect(res.status).toBe(502);
  expect(res.body.detail).toBe('the SMTP server refused the sender or recipient address (SMTP reply 550)');
  expect(res.body.detail).not.toContain('127.0.0.1');
});

test('The route is not in the contract table, so the gateway never routes it', () => {
  expect(Object.values(endpoints).some((e) => e.path.startsWith('/internal/'))).toBe(false);
});
