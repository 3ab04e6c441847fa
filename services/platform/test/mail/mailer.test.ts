import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../src/log/logger';
import {
  createMailer,
  MailError,
  type MailMessage,
  mailerFromEnv,
  parseSmtpAllowList,
  SmtpDestinationRefused,
  type SmtpSettings,
  smtpDestinations,
} from '../../src/mail';
import {
  mailAttachments,
  mailParts,
  parseMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../src/testing/smtp-receiver';

const logger = createLogger('mail-test', 'silent');
/** The receivers run on 127.0.0.1, which settings may name only when SMTP_ALLOWED_HOSTS allows it. */
const loopbackAllowed = smtpDestinations({ allow: parseSmtpAllowList('127.0.0.0/8') });

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
    const mailer = createMailer({ logger, destinations: loopbackAllowed });

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
    const mailer = createMailer({ logger, destinations: loopbackAllowed });
    const html = '<p>Invoice <b>INV-1</b> is attached.</p>';

    const { messageId } = await mailer.send({ ...invitation, html }, settingsFor(receiver.port));

    const raw = receiver.received.find((m) => m.raw.includes(messageId))?.raw ?? '';
    expect(parseMail(raw).headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(raw).toContain(invitation.text);
    expect(raw).toContain(html);
  });

  it('When a message has an attachment, Then it arrives as an attachment part with its name, type and exact bytes', async () => {
    const mailer = createMailer({ logger, destinations: loopbackAllowed });

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
    await expect(
      createMailer({ logger, destinations: loopbackAllowed }).verify(settingsFor(receiver.port)),
    ).resolves.toBeUndefined();
  });
});

describe('failures', () => {
  it('When verify() targets a closed port, Then it fails within 3 s naming the refused address', async () => {
    const port = await closedPort();

    const { outcome, ms } = await timed(
      createMailer({ logger, destinations: loopbackAllowed }).verify(settingsFor(port)),
    );

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
      const mailer = createMailer({ logger, connectionTimeoutMs: 500, destinations: loopbackAllowed });

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

      await expect(createMailer({ logger, destinations: loopbackAllowed }).verify(settings)).resolves.toBeUndefined();
    });

    it('When the password is wrong, Then verify() and send() fail with an invalid-login reason', async () => {
      const mailer = createMailer({ logger, destinations: loopbackAllowed });
      const settings = settingsFor(receiver.port, { username: 'portal', password: 'wrong' });

      await expect(mailer.verify(settings)).rejects.toThrow(/^Invalid login: 535 Authentication failed/);
      await expect(mailer.send(invitation, settings)).rejects.toThrow(/^Invalid login: 535/);
      expect(receiver.received).toHaveLength(0);
    });
  });
});

describe('the SMTP server of given settings', () => {
  /** receivers that offer no STARTTLS: one requires a login, one takes anyone */
  let plain: SmtpReceiver;
  let plainOpen: SmtpReceiver;
  const lookups: string[] = [];
  /** `mail.partner.example` resolves (for this mailer only) to the receiver on this machine */
  const partnerName = smtpDestinations({
    allow: parseSmtpAllowList('mail.partner.example'),
    lookup: async (name) => {
      lookups.push(name);
      if (name === 'mail.partner.example') return ['127.0.0.1'];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    },
  });

  beforeAll(async () => {
    plain = await startSmtpReceiver({ username: 'portal', password: 'right-password' }, { offerStartTls: false });
    plainOpen = await startSmtpReceiver(undefined, { offerStartTls: false });
  });
  afterAll(async () => {
    await plain.stop();
    await plainOpen.stop();
  });

  it('When settings name a loopback server that SMTP_ALLOWED_HOSTS does not list, Then nothing is sent and the rule is named', async () => {
    const before = plain.received.length;

    const sending = createMailer({ logger }).send(invitation, settingsFor(plain.port));

    await expect(sending).rejects.toThrow(SmtpDestinationRefused);
    await expect(sending).rejects.toThrow(/127\.0\.0\.1 is a loopback address: .*SMTP_ALLOWED_HOSTS/);
    expect(plain.received).toHaveLength(before);
  });

  it("When SMTP_ALLOWED_HOSTS lists the server, Then mailerFromEnv sends to it; the environment's own server needs no entry", async () => {
    const receiver = await startSmtpReceiver();
    try {
      const allowed = mailerFromEnv({ SMTP_ALLOWED_HOSTS: '127.0.0.1', MAIL_OUTBOX_DIR: os.tmpdir() }, logger);
      const refused = mailerFromEnv({ MAIL_OUTBOX_DIR: os.tmpdir() }, logger);

      await expect(allowed.send(invitation, settingsFor(receiver.port))).resolves.toMatchObject({
        messageId: expect.any(String),
      });
      await expect(refused.send(invitation, settingsFor(receiver.port))).rejects.toThrow(SmtpDestinationRefused);
      await expect(refused.checkSmtpServer('169.254.169.254')).rejects.toThrow(/never allowed/);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.stop();
    }
  });

  it('When a name is checked, Then the connection goes to the checked address without resolving the name again', async () => {
    lookups.length = 0;
    const mailer = createMailer({ logger, destinations: partnerName });

    // no system resolver knows mail.partner.example: the mail arrives only through the checked address
    const { messageId } = await mailer.send(invitation, settingsFor(plainOpen.port, { host: 'mail.partner.example' }));

    expect(lookups).toEqual(['mail.partner.example']);
    expect(plainOpen.received.some((mail) => mail.raw.includes(messageId))).toBe(true);
  });

  it('When credentials go to a server that is not named as this machine and it offers no STARTTLS, Then the send fails and no login is sent in clear', async () => {
    const mailer = createMailer({ logger, destinations: partnerName });
    const before = plain.received.length;
    const settings = settingsFor(plain.port, {
      host: 'mail.partner.example',
      username: 'portal',
      password: 'right-password',
    });

    await expect(mailer.send(invitation, settings)).rejects.toThrow(MailError);
    expect(plain.authAttempts).toEqual([]);
    expect(plain.received).toHaveLength(before);
  });

  it('When an invalid SMTP_ALLOWED_HOSTS entry is given, Then the mailer refuses to start naming it', () => {
    expect(() => mailerFromEnv({ SMTP_ALLOWED_HOSTS: 'mailpit,http://mailpit' }, logger)).toThrow(
      /SMTP_ALLOWED_HOSTS.*http:\/\/mailpit/s,
    );
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

  it("When a message is written, Then only the portal's user can read it: the file 0600 in a 0700 folder, an existing folder made so", async () => {
    const existing = path.join(dir, 'existing');
    await mkdir(existing, { mode: 0o755 });
    await chmod(existing, 0o755);
    const fresh = path.join(dir, 'fresh');

    for (const folder of [existing, fresh]) {
      await createMailer({ logger, outboxDir: folder }).send(invitation);

      const [name] = await readdir(folder);
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(folder, name ?? ''))).mode & 0o777).toBe(0o600);
    }
  });

  it('When a subject, sender name or file name holds line breaks, Then each header stays one line with no added header', async () => {
    const hostile = 'Acme\r\nBcc: x@y\u2028Co\u0085Ltd';
    const mailer = createMailer({
      logger,
      outboxDir: dir,
      outboxSender: { name: hostile, email: 'portal@blinds.example' },
    });

    await mailer.send({
      ...withInvoice(invitation),
      subject: `New dealer application: ${hostile}`,
      attachments: [{ filename: 'invoice\r\nBcc: x@y.pdf', contentType: 'application/pdf', content: BINARY }],
    });

    const [name] = await readdir(dir);
    const raw = await readFile(path.join(dir, name ?? ''), 'utf8');
    const headers = parseMail(raw).headers;
    expect(headers.get('subject')).toBe('New dealer application: Acme Bcc: x@y Co Ltd');
    expect(headers.get('from')).toBe('"Acme Bcc: x@y Co Ltd" <portal@blinds.example>');
    expect(headers.has('bcc')).toBe(false);
    expect(raw).not.toMatch(/=0D|=0A|=E2=80=A8|=C2=85/i);
    expect(mailAttachments(raw)[0]?.filename).toBe('invoice Bcc: x@y.pdf');
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
