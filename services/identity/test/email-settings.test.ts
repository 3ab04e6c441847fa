import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmailRequested } from '@portal/contracts';
import { createLogger, createMailer, parseSmtpAllowList, smtpDestinations } from '@portal/platform';
import { parseMail } from '@portal/platform/testing/smtp-receiver';
import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';
import { type StandardPortSmtp, startSmtpOnStandardPort, unusedLoopbackHost } from './support/smtp-on-standard-port';

const SMTP_LOGIN = { username: 'portal-mailer', password: 'smtp secret 42' };
let identity: TestIdentity;
let adminToken: string;
let smtp: StandardPortSmtp;
let outboxDir: string;
/** a failed connection is answered after this long (see sendTestEmail) */
const CONNECTION_TIMEOUT_MS = 1000;

beforeAll(async () => {
  smtp = await startSmtpOnStandardPort(SMTP_LOGIN);
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'identity-email-outbox-'));
  // the test receivers are on loopback addresses, which Email Settings may name only when allowed
  const mailer = createMailer({
    logger: createLogger('test', 'silent'),
    outboxDir,
    connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
    destinations: smtpDestinations({ allow: parseSmtpAllowList('127.0.0.0/8') }),
  });
  identity = await startIdentity('identity_email', {}, { mailer });
  adminToken = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
  await smtp?.stop();
  await rm(outboxDir, { recursive: true, force: true });
});

const post = (path: string, body: object) => identity.http().post(path).set(bearer(adminToken)).send(body);
const settingsForm = () => ({
  smtp_server: smtp.host,
  smtp_port: 587,
  smtp_username: SMTP_LOGIN.username,
  sender_name: 'Ridge Line Blinds',
  sender_email: 'orders@ridgeline.example',
  use_ssl: false,
  notifications_enabled: true,
});

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Asks for a mail the way other services do: a notification.email_requested event from an outbox. */
async function requestMail(subject: string): Promise<string> {
  return identity.service.ctx.transaction((_manager, emit) =>
    emit(EmailRequested, 'test', {
      to: ['dealer@example.com'],
      subject,
      text: `Body of ${subject}`,
      purpose: 'invoice',
    }),
  );
}

const processed = async (eventId: string) =>
  (await identity.service.ctx.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [eventId])).length > 0;

describe('Email Settings before any are saved', () => {
  test('When an admin reads them, Then no server, port 587, notifications on and no password', async () => {
    const res = await identity.http().get('/api/admin/email-settings').set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      smtp_server: '',
      smtp_port: 587,
      smtp_username: '',
      smtp_password_set: false,
      sender_name: '',
      sender_email: '',
      use_ssl: false,
      notifications_enabled: true,
    });
  });

  test('When another service requests a mail, Then the default mailer (the outbox folder here) sends it', async () => {
    const eventId = await requestMail('Invoice before settings');
    await eventually(() => processed(eventId));
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(smtp.receiver.received).toHaveLength(0);
  });
});

describe('Saving Email Settings', () => {
  test('When an admin saves them with a password, Then it is stored sealed and never answered', async () => {
    const res = await post('/api/admin/email-settings', { ...settingsForm(), smtp_password: SMTP_LOGIN.password });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Email settings saved successfully!');
    expect(res.body.settings).toMatchObject({ smtp_server: smtp.host, smtp_password_set: true });
    expect(JSON.stringify(res.body)).not.toContain(SMTP_LOGIN.password);
    const read = await identity.http().get('/api/admin/email-settings').set(bearer(adminToken));
    expect(JSON.stringify(read.body)).not.toContain(SMTP_LOGIN.password);
    const [row] = await identity.service.ctx.db.query(`SELECT value::text AS value FROM settings WHERE kind = 'email'`);
    expect(row.value).not.toContain(SMTP_LOGIN.password);
    expect(row.value).toMatch(/"smtp_password_sealed": "v1\./);
  });

  test('When saved again with a blank password, Then the stored one is kept; with another server it is dropped', async () => {
    const kept = await post('/api/admin/email-settings', { ...settingsForm(), smtp_password: '' });
    expect(kept.body.settings.smtp_password_set).toBe(true);
    const moved = await post('/api/admin/email-settings', { ...settingsForm(), smtp_server: unusedLoopbackHost() });
    expect(moved.body.settings.smtp_password_set).toBe(false);
    const restored = await post('/api/admin/email-settings', { ...settingsForm(), smtp_password: SMTP_LOGIN.password });
    expect(restored.body.settings.smtp_password_set).toBe(true);
  });

  test('When the port is not 587, 465 or 25, or the server or sender email is missing, Then the reason is answered', async () => {
    const port = await post('/api/admin/email-settings', { ...settingsForm(), smtp_port: 2525 });
    expect(port.status).toBe(400);
    expect(port.body.detail).toBe('Error: SMTP port must be 587, 465 or 25');
    const { smtp_server: _, ...withoutServer } = settingsForm();
    expect((await post('/api/admin/email-settings', withoutServer)).body.detail).toBe('Error: SMTP server is required');
    expect((await post('/api/admin/test-email', { ...settingsForm(), smtp_server: ' ' })).body.detail).toBe(
      'Error: SMTP server is required',
    );
    expect((await post('/api/admin/email-settings', { ...settingsForm(), sender_email: '' })).body.detail).toBe(
      'Error: Sender email is required',
    );
  });
});

describe('Going back to the outbox', () => {
  test('When an admin clears the server, Then mail goes to the outbox folder again, the password is dropped, and the route says so', async () => {
    const cleared = await post('/api/admin/email-settings', { ...settingsForm(), smtp_server: ' ' });

    expect(cleared.status).toBe(200);
    expect(cleared.body.settings).toMatchObject({ smtp_server: '', smtp_password_set: false });
    expect(cleared.body.mail_route.kind).toBe('file_outbox');
    expect(cleared.body.mail_route.description).toMatch(/^No SMTP server: mail is written to the outbox folder/);
    const before = (await readdir(outboxDir)).length;
    const eventId = await requestMail('Invoice without a server');
    await eventually(() => processed(eventId));
    expect(await readdir(outboxDir)).toHaveLength(before + 1);

    const restored = await post('/api/admin/email-settings', { ...settingsForm(), smtp_password: SMTP_LOGIN.password });
    expect(restored.body.mail_route.kind).toBe('saved_smtp');
  });
});

describe('Test Email', () => {
  test('When an admin tests the saved settings, Then a real SMTP server receives the mail from the configured sender', async () => {
    const before = smtp.receiver.received.length;
    const res = await post('/api/admin/test-email', { ...settingsForm(), test_recipient: 'Checker@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Test email sent successfully to checker@example.com' });
    expect(smtp.receiver.received).toHaveLength(before + 1);
    const mail = smtp.receiver.received[before];
    expect(mail?.envelopeFrom).toBe('orders@ridgeline.example');
    expect(mail?.envelopeTo).toEqual(['checker@example.com']);
    const headers = parseMail(mail?.raw ?? '').headers;
    expect(headers.get('from')).toBe('Ridge Line Blinds <orders@ridgeline.example>');
    expect(headers.get('subject')).toBe('Dealer Portal test email');
  });

  test('When no recipient is given, Then the test goes to the signed-in admin', async () => {
    const res = await post('/api/admin/test-email', settingsForm());
    expect(res.body.message).toBe(`Test email sent successfully to ${FIRST_ADMIN.email}`);
    expect(smtp.receiver.received.at(-1)?.envelopeTo).toEqual([FIRST_ADMIN.email]);
  });

  test('When nothing listens on the port, Then "Email test failed: ..." names the server as typed and what to check, after the connection timeout', async () => {
    const started = Date.now();
    const host = unusedLoopbackHost();
    const res = await post('/api/admin/test-email', { ...settingsForm(), smtp_server: host, smtp_port: 25 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECTION_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      `Email test failed: could not reach the mail server ${host}:25. Check the server name and port.`,
    );
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED/);
  });

  test('When the server name does not resolve, Then the answer is the one of any server that cannot be reached', async () => {
    const res = await post('/api/admin/test-email', { ...settingsForm(), smtp_server: 'mail.internal.invalid' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'Email test failed: could not reach the mail server mail.internal.invalid:587. Check the server name and port.',
    );
  });

  test('When the password is wrong, Then the server refusal is the reason (with its reply code, not its address)', async () => {
    const res = await post('/api/admin/test-email', { ...settingsForm(), smtp_password: 'wrong password' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'Email test failed: the SMTP server refused the username or password (SMTP reply 535)',
    );
    expect(res.body.detail).not.toContain(smtp.host);
  });

  test('When SSL is asked of a server that speaks plain SMTP, Then it fails with a reason, not a hang', async () => {
    const started = Date.now();
    const res = await post('/api/admin/test-email', { ...settingsForm(), use_ssl: true });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Email test failed: .+/);
  });
});

describe('Mail requested by other services', () => {
  test('When settings are saved and notifications on, Then the requested mail goes through them with the configured sender', async () => {
    const before = smtp.receiver.received.length;
    await requestMail('Your invoice');
    await eventually(() => smtp.receiver.received.length > before);
    const mail = smtp.receiver.received[before];
    expect(mail?.envelopeFrom).toBe('orders@ridgeline.example');
    expect(mail?.envelopeTo).toEqual(['dealer@example.com']);
    expect(parseMail(mail?.raw ?? '').headers.get('subject')).toBe('Your invoice');
  });

  test('When notifications are turned off, Then requested mail is skipped once (not retried, not sent)', async () => {
    await post('/api/admin/email-settings', { ...settingsForm(), notifications_enabled: false });
    const before = smtp.receiver.received.length;
    const eventId = await requestMail('Not to be sent');
    // a mail goes out inside the transaction that records the event: once it is processed, none is coming
    await eventually(() => processed(eventId));
    expect(smtp.receiver.received).toHaveLength(before);
    await post('/api/admin/email-settings', { ...settingsForm(), notifications_enabled: true });
  });
});

describe('Without SETTINGS_ENCRYPTION_KEY', () => {
  test('When an admin saves an SMTP password, Then 503 names the missing key; without a password saving works', async () => {
    const bare = await startIdentity('identity_nokey', {
      SETTINGS_ENCRYPTION_KEY: undefined,
      SMTP_ALLOWED_HOSTS: '127.0.0.0/8',
    });
    try {
      const token = await bare.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
      const withPassword = await bare
        .http()
        .post('/api/admin/email-settings')
        .set(bearer(token))
        .send({ ...settingsForm(), smtp_password: 'secret' });
      expect(withPassword.status).toBe(503);
      expect(withPassword.body.detail).toMatch(/SETTINGS_ENCRYPTION_KEY/);
      const without = await bare.http().post('/api/admin/email-settings').set(bearer(token)).send(settingsForm());
      expect(without.status).toBe(200);
      expect(without.body.settings.smtp_password_set).toBe(false);
    } finally {
      await bare.stop();
    }
  });

  test('When the key is malformed, Then the service refuses to start', async () => {
    await expect(startIdentity('identity_badkey', { SETTINGS_ENCRYPTION_KEY: 'too-short' })).rejects.toThrow(
      /SETTINGS_ENCRYPTION_KEY/,
    );
  });
});
