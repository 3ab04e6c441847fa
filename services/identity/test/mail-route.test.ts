import { readdir } from 'node:fs/promises';
import { EmailRequested } from '@portal/contracts';
import { parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { bearer, eventually, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';
import { type StandardPortSmtp, startSmtpOnStandardPort, unusedLoopbackHost } from './support/smtp-on-standard-port';

/**
 * Product mail goes where the admin said: through the saved Email Settings whenever they name an SMTP
 * server (whatever the environment has), else the environment's SMTP, else the file outbox.
 */
let saved: StandardPortSmtp;
/** the saved servers here are on loopback addresses, which Email Settings may name only when allowed */
const ALLOW_LOOPBACK = { SMTP_ALLOWED_HOSTS: '127.0.0.0/8' };

beforeAll(async () => {
  saved = await startSmtpOnStandardPort();
});

afterAll(async () => {
  await saved?.stop();
});

const savedSettings = () => ({
  smtp_server: saved.host,
  smtp_port: 587,
  sender_name: 'Ridge Line Blinds',
  sender_email: 'orders@ridgeline.example',
  use_ssl: false,
  notifications_enabled: true,
});

async function outboxFiles(identity: TestIdentity): Promise<string[]> {
  return readdir(`/tmp/${identity.db.name}/mail`).catch(() => []);
}

function invite(identity: TestIdentity, admin: string, dealerId: string, email: string) {
  return identity.http().post(`/api/admin/send-login-invitation/${dealerId}`).set(bearer(admin)).send({ email });
}

const mailRoute = async (identity: TestIdentity, admin: string) =>
  (await identity.http().get('/api/admin/email-settings').set(bearer(admin))).body.mail_route;

describe('The one-machine default (no SMTP in the environment)', () => {
  let identity: TestIdentity;
  let admin: string;

  beforeAll(async () => {
    identity = await startIdentity('identity_route_outbox', ALLOW_LOOPBACK);
    admin = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
  });

  afterAll(async () => {
    await identity?.stop();
  });

  test('When no SMTP is configured anywhere, Then Email Settings says the file outbox and an invitation lands there', async () => {
    expect(await mailRoute(identity, admin)).toEqual({
      kind: 'file_outbox',
      description: expect.stringMatching(/^No SMTP server: mail is written to the outbox folder.*not delivered/),
    });
    expect((await invite(identity, admin, 'DOUT1', 'out1@example.com')).status).toBe(200);
    expect(await outboxFiles(identity)).toHaveLength(1);
  });

  test('When the admin saves SMTP settings, Then the invitation goes to that real SMTP server, not the outbox', async () => {
    const save = await identity.http().post('/api/admin/email-settings').set(bearer(admin)).send(savedSettings());
    expect(save.status).toBe(200);
    expect(save.body.mail_route).toEqual({
      kind: 'saved_smtp',
      description: `Mail is sent through the SMTP server saved here (${saved.host}:587).`,
    });
    expect((await mailRoute(identity, admin)).kind).toBe('saved_smtp');
    const before = saved.receiver.received.length;
    const outboxBefore = (await outboxFiles(identity)).length;
    expect((await invite(identity, admin, 'DOUT2', 'out2@example.com')).status).toBe(200);
    expect(saved.receiver.received).toHaveLength(before + 1);
    const mail = saved.receiver.received[before];
    expect(mail?.envelopeTo).toEqual(['out2@example.com']);
    expect(mail?.envelopeFrom).toBe('orders@ridgeline.example');
    expect(parseMail(mail?.raw ?? '').headers.get('subject')).toBe('Your dealer portal invitation');
    expect(await outboxFiles(identity)).toHaveLength(outboxBefore);
  });

  test('When notifications are turned off, Then the route says so: requested mail is dropped while invitations are still sent', async () => {
    const off = await identity
      .http()
      .post('/api/admin/email-settings')
      .set(bearer(admin))
      .send({ ...savedSettings(), notifications_enabled: false });
    expect(off.body.mail_route.description).toMatch(/notifications are turned off.*invitations still are/i);
    const before = saved.receiver.received.length;
    expect((await invite(identity, admin, 'DOUT3', 'out3@example.com')).status).toBe(200);
    expect(saved.receiver.received).toHaveLength(before + 1);
    await identity.http().post('/api/admin/email-settings').set(bearer(admin)).send(savedSettings());
  });

  test('When the saved SMTP server fails, Then the invitation answers 502 with what to check (the server as saved, no resolved address) and the link is dropped', async () => {
    const down = unusedLoopbackHost();
    await identity
      .http()
      .post('/api/admin/email-settings')
      .set(bearer(admin))
      .send({ ...savedSettings(), smtp_server: down });
    const res = await invite(identity, admin, 'DOUT4', 'out4@example.com');
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe(
      `Error: The invitation email could not be sent: could not reach the mail server ${down}:587. Check the server name and port. Please check the email settings.`,
    );
    const open = await identity.service.ctx.db.query(`SELECT 1 FROM dealer_invitations WHERE dealer_id = 'DOUT4'`);
    expect(open).toHaveLength(0);
    await identity.http().post('/api/admin/email-settings').set(bearer(admin)).send(savedSettings());
  });
});

describe('A portal started with SMTP_HOST', () => {
  let environment: SmtpReceiver;
  let identity: TestIdentity;
  let admin: string;

  beforeAll(async () => {
    environment = await startSmtpReceiver();
    identity = await startIdentity('identity_route_env', {
      ...ALLOW_LOOPBACK,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(environment.port),
      SMTP_SECURE: 'false',
      MAIL_FROM: 'Portal <portal@example.com>',
    });
    admin = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
  });

  afterAll(async () => {
    await identity?.stop();
    await environment?.stop();
  });

  test('When nothing is saved, Then mail goes through the environment SMTP and the route says so without naming its host', async () => {
    const route = await mailRoute(identity, admin);
    expect(route.kind).toBe('environment_smtp');
    expect(route.description).not.toContain('127.0.0.1');
    expect((await invite(identity, admin, 'DENV1', 'env1@example.com')).status).toBe(200);
    expect(environment.received.map((m) => m.envelopeTo)).toEqual([['env1@example.com']]);
  });

  test('When settings are saved, Then invitations and requested mail go through them, not the environment SMTP', async () => {
    await identity.http().post('/api/admin/email-settings').set(bearer(admin)).send(savedSettings());
    const envBefore = environment.received.length;
    const savedBefore = saved.receiver.received.length;
    expect((await invite(identity, admin, 'DENV2', 'env2@example.com')).status).toBe(200);
    await identity.service.ctx.transaction((_manager, emit) =>
      emit(EmailRequested, 'invoice-1', {
        to: ['dealer@example.com'],
        subject: 'Your invoice',
        text: 'Invoice attached',
        purpose: 'invoice',
      }),
    );
    await eventually(() => expect(saved.receiver.received.length).toBe(savedBefore + 2));
    expect(environment.received).toHaveLength(envBefore);
  });
});
