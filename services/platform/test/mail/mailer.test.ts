import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../src/log/logger';
import { createMailer, MailError, type MailMessage, mailerFromEnv, type SmtpSettings } from '../../src/mail';
import {
  mailAttachments,
  mailParts,
  parseMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../src/testing/smtp-receiver';

const logger = createLogger('mail-test', 'silent');

/** Bytes that survive only an exact, binary-safe transfer: every byte value, CR and LF included. */
const BINARY = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));
const withInvoice = (message: MailMessage): MailMessage => ({
  ...message,
  attachments: [{ filename: 'invoice-1A2B3C4D.pdf', contentType: 'application/pdf', content: BINARY }],
});

const invitation: MailMessage = {
  to: ['dealer@example.com', 'owner@example.com'],
  subject: 'Your dealer portal invitation',
  text: 'Open this link to create your login: http://localhost:8080/signup?token=abc',
};

function settingsFor(port: number, overrides: Partial<SmtpSettings> = {}): SmtpSettings {
  return {
    host: '127.0.0.1',
    port,
    secure: false,
    senderName: 'Blinds, Inc. Sales',
    senderEmail: 'sales@blinds.example',
    ...overrides,
  };
}

/** A port on this machine with nothing listening. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function timed<T>(work: Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; ms: number }> {
  const started = Date.now();
  const [outcome] = await Promise.allSettled([work]);
  return { outcome: outcome as PromiseSettledResult<T>, ms: Date.now() - started };
}

describe('sending through SMTP', () => {
  let receiver: SmtpReceiver;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(() => receiver.stop());

  it('When a message is sent with settings, Then it arrives with the sender, subject, recipients and body', async () => {
    const mailer = createMailer({ logger });

    const { messageId } = await mailer.send(invitation, settingsFor(receiver.port));

    const mail = receiver.received.find((m) => m.raw.includes(messageId));
    expect(mail).toBeDefined();
    const parsed = parseMail(mail?.raw ?? '');
    expect(mail?.envelopeFrom).toBe('sales@blinds.example');
    expect(mail?.envelopeTo).toEqual(['dealer@example.com', 'owner@example.com']);
    expect(parsed.headers.get('from')).toBe('"Blinds, Inc. Sales" <sales@blinds.example>');
    expect(parsed.headers.get('to')).toBe('dealer@example.com, owner@example.com');
    expect(parsed.headers.get('subject')).toBe(invitation.subject);
    expect(parsed.headers.get('message-id')).toBe(messageId);
    expect(parsed.body.trim()).toBe(invitation.text);
  });

  it('When a message has an HTML part, Then both the text and the HTML arrive', async () => {
    const mailer = createMailer({ logger });
    const html = '<p>Invoice <b>INV-1</b> is attached.</p>';

    const { messageId } = await mailer.send({ ...invitation, html }, settingsFor(receiver.port));

    const raw = receiver.received.find((m) => m.raw.includes(messageId))?.raw ?? '';
    expect(parseMail(raw).headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(raw).toContain(invitation.text);
    expect(raw).toContain(html);
  });

  it('When a message has an attachment, Then it arrives as an attachment part with its name, type and exact bytes', async () => {
    const mailer = createMailer({ logger });

    const { messageId } = await mailer.send(withInvoice(invitation), settingsFor(receiver.port));

    const raw = receiver.received.find((m) => m.raw.includes(messageId))?.raw ?? '';
    expect(parseMail(raw).headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const [file, ...others] = mailAttachments(raw);
    expect(others).toHaveLength(0);
    expect(file).toMatchObject({ contentType: 'application/pdf', filename: 'invoice-1A2B3C4D.pdf' });
    expect(file?.content.equals(BINARY)).toBe(true);
    const text = mailParts(raw).find((part) => part.contentType === 'text/plain');
    expect(text?.content.toString('utf8').trim()).toBe(invitation.text);
  });

  it('When no settings are given and a default SMTP is configured, Then the default is used', async () => {
    const mailer = createMailer({
      logger,
      defaultSmtp: settingsFor(receiver.port, { senderEmail: 'noreply@blinds.example' }),
    });

    const { messageId } = await mailer.send(invitation);

    const mail = receiver.received.find((m) => m.raw.includes(messageId));
    expect(mail?.envelopeFrom).toBe('noreply@blinds.example');
  });

  it('When verify() is called against a running receiver, Then it succeeds', async () => {
    await expect(createMailer({ logger }).verify(settingsFor(receiver.port))).resolves.toBeUndefined();
  });
});

describe('failures', () => {
  it('When verify() targets a closed port, Then it fails within 3 s naming the refused address', async () => {
    const port = await closedPort();

    const { outcome, ms } = await timed(createMailer({ logger }).verify(settingsFor(port)));

    expect(ms).toBeLessThan(3000);
    expect(outcome.status).toBe('rejected');
    const reason = outcome.status === 'rejected' ? outcome.reason : undefined;
    expect(reason).toBeInstanceOf(MailError);
    expect(reason.message).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('When a server accepts the connection but never greets, Then verify() gives up after the timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const mailer = createMailer({ logger, connectionTimeoutMs: 500 });

      const { outcome, ms } = await timed(mailer.verify(settingsFor(port)));

      expect(ms).toBeLessThan(3000);
      expect(outcome.status === 'rejected' && outcome.reason.message).toMatch(/Greeting never received/);
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  describe('against a receiver that requires a login', () => {
    let receiver: SmtpReceiver;

    beforeAll(async () => {
      receiver = await startSmtpReceiver({ username: 'portal', password: 'right-password' });
    });
    afterAll(() => receiver.stop());

    it('When the password is right, Then verify() succeeds', async () => {
      const settings = settingsFor(receiver.port, { username: 'portal', password: 'right-password' });

      await expect(createMailer({ logger }).verify(settings)).resolves.toBeUndefined();
    });

    it('When the password is wrong, Then verify() and send() fail with an invalid-login reason', async () => {
      const mailer = createMailer({ logger });
      const settings = settingsFor(receiver.port, { username: 'portal', password: 'wrong' });

      await expect(mailer.verify(settings)).rejects.toThrow(/^Invalid login: 535 Authentication failed/);
      await expect(mailer.send(invitation, settings)).rejects.toThrow(/^Invalid login: 535/);
      expect(receiver.received).toHaveLength(0);
    });
  });
});

describe('the outbox', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('When no SMTP is configured, Then each message is written as a readable .eml file', async () => {
    const mailer = createMailer({
      logger,
      outboxDir: dir,
      outboxSender: { name: 'Dealer Portal', email: 'portal@blinds.example' },
    });

    const { messageId } = await mailer.send({ ...invitation, html: '<p>Welcome</p>' });

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z_.+\.eml$/);
    expect(files[0]).toContain(messageId.replace(/[<>]/g, ''));
    const raw = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
    const parsed = parseMail(raw);
    expect(raw).toContain('\r\n');
    expect(parsed.headers.get('from')).toBe('Dealer Portal <portal@blinds.example>');
    expect(parsed.headers.get('to')).toBe('dealer@example.com, owner@example.com');
    expect(parsed.headers.get('subject')).toBe(invitation.subject);
    expect(parsed.headers.get('message-id')).toBe(messageId);
    expect(raw).toContain(invitation.text);
  });

  it('When a message has an attachment, Then the .eml file holds it', async () => {
    const mailer = createMailer({ logger, outboxDir: dir });

    await mailer.send(withInvoice(invitation));

    const [name] = await readdir(dir);
    const [file] = mailAttachments(await readFile(path.join(dir, name ?? ''), 'utf8'));
    expect(file?.filename).toBe('invoice-1A2B3C4D.pdf');
    expect(file?.content.equals(BINARY)).toBe(true);
  });

  it('When two messages are sent, Then there are two files', async () => {
    const mailer = createMailer({ logger, outboxDir: dir });

    await mailer.send(invitation);
    await mailer.send(invitation);

    expect(await readdir(dir)).toHaveLength(2);
  });
});

describe('mailerFromEnv', () => {
  it('When SMTP_HOST is set, Then mail goes to that server from MAIL_FROM', async () => {
    const receiver = await startSmtpReceiver();
    try {
      const env = {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(receiver.port),
        MAIL_FROM: 'Portal Mailer <mailer@blinds.example>',
      };

      const { messageId } = await mailerFromEnv(env, logger).send(invitation);

      const mail = receiver.received.find((m) => m.raw.includes(messageId));
      expect(parseMail(mail?.raw ?? '').headers.get('from')).toBe('Portal Mailer <mailer@blinds.example>');
    } finally {
      await receiver.stop();
    }
  });

  it('When SMTP_HOST is not set, Then mail is written under MAIL_OUTBOX_DIR', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-env-'));
    try {
      await mailerFromEnv({ MAIL_OUTBOX_DIR: dir, MAIL_FROM: 'mailer@blinds.example' }, logger).send(invitation);

      const [file] = await readdir(dir);
      const raw = await readFile(path.join(dir, file ?? ''), 'utf8');
      expect(parseMail(raw).headers.get('from')).toBe('Dealer Portal <mailer@blinds.example>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('When MAIL_FROM is not an address, Then it fails fast', () => {
    expect(() => mailerFromEnv({ MAIL_FROM: 'not an address' }, logger)).toThrow(/MAIL_FROM/);
  });
});
