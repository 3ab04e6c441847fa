/**
 * Where Email Settings may send (issue 23, finding 5): the SMTP server an admin names is resolved and every
 * address checked when the settings are saved, tested and used; link-local and metadata addresses never,
 * loopback and private ones only when SMTP_ALLOWED_HOSTS lists them. A Test Email never tells a closed port
 * from an open one that is not SMTP, and credentials are never sent in clear to a server elsewhere.
 */
import net from 'node:net';
import { SEND_MAIL_PATH } from '@portal/contracts';
import {
  createLogger,
  createMailer,
  type HostLookup,
  parseSmtpAllowList,
  smtpDestinations,
  systemHostLookup,
} from '@portal/platform';
import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';
import {
  listenOnStandardPort,
  type StandardPortSmtp,
  startSmtpOnStandardPort,
  unusedLoopbackHost,
} from './support/smtp-on-standard-port';

const SMTP_LOGIN = { username: 'portal-mailer', password: 'smtp secret 42' };
const CONNECTION_TIMEOUT_MS = 1500;
/** Names only this test's resolver knows, pointed wherever a test needs them (a DNS answer that changes). */
const testNames = new Map<string, string[]>();
const lookup: HostLookup = async (name) => testNames.get(name) ?? systemHostLookup(name);

/** identity as an operator runs it with no SMTP_ALLOWED_HOSTS: only public mail servers */
let strict: TestIdentity;
let strictToken: string;
/** identity with loopback and mail.partner.example allowed, and this test's resolver */
let allowing: TestIdentity;
let allowingToken: string;
/** a plain SMTP server (no STARTTLS) that takes anyone; one that wants a login */
let open: StandardPortSmtp;
let withLogin: StandardPortSmtp;

beforeAll(async () => {
  open = await startSmtpOnStandardPort(undefined, { offerStartTls: false });
  withLogin = await startSmtpOnStandardPort(SMTP_LOGIN, { offerStartTls: false });
  strict = await startIdentity('identity_smtp_strict');
  strictToken = await strict.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
  allowing = await startIdentity(
    'identity_smtp_allowing',
    {},
    {
      mailer: createMailer({
        logger: createLogger('test', 'silent'),
        outboxDir: '/tmp/identity_smtp_allowing_mail',
        connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
        destinations: smtpDestinations({
          allow: parseSmtpAllowList('127.0.0.0/8, ::1, localhost, mail.partner.example'),
          lookup,
        }),
      }),
    },
  );
  allowingToken = await allowing.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await strict?.stop();
  await allowing?.stop();
  await open?.stop();
  await withLogin?.stop();
});

const form = (smtp_server: string, overrides: object = {}) => ({
  smtp_server,
  smtp_port: 587,
  sender_name: 'Ridge Line Blinds',
  sender_email: 'orders@ridgeline.example',
  use_ssl: false,
  notifications_enabled: true,
  ...overrides,
});
const post = (identity: TestIdentity, token: string, path: string, body: object) =>
  identity.http().post(path).set(bearer(token)).send(body);
const saveOn = (identity: TestIdentity, token: string, server: string, overrides: object = {}) =>
  post(identity, token, '/api/admin/email-settings', form(server, overrides));

const INTERNAL =
  /^Error: The SMTP server .+: internal addresses are refused unless the operator lists the host in SMTP_ALLOWED_HOSTS\.$/;
const NEVER = /^Error: The SMTP server .+ never allowed\.$/;

describe('Saving Email Settings without SMTP_ALLOWED_HOSTS', () => {
  test.each([
    ['127.0.0.1', 'The SMTP server 127.0.0.1 is a loopback address'],
    ['10.0.0.5', 'The SMTP server 10.0.0.5 is a private network address'],
    ['192.168.1.20', 'The SMTP server 192.168.1.20 is a private network address'],
    ['100.64.0.7', 'The SMTP server 100.64.0.7 is a shared (carrier-grade NAT) address'],
    ['[::1]', 'The SMTP server ::1 is a loopback address'],
    ['localhost', 'The SMTP server localhost resolves to a loopback address'],
  ])('When the server is %s, Then 400 names the rule and nothing is saved', async (server, start) => {
    const res = await saveOn(strict, strictToken, server);

    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(INTERNAL);
    expect(res.body.detail).toContain(start);
    const read = await strict.http().get('/api/admin/email-settings').set(bearer(strictToken));
    expect(read.body.settings.smtp_server).toBe('');
  });

  test('When a Test Email names a private server, Then it is refused by the rule without connecting', async () => {
    const started = Date.now();
    const res = await post(strict, strictToken, '/api/admin/test-email', form('10.0.0.5'));

    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'Email test failed: the SMTP server 10.0.0.5 is a private network address: internal addresses are refused unless the operator lists the host in SMTP_ALLOWED_HOSTS.',
    );
  });
});

describe('Saving Email Settings with SMTP_ALLOWED_HOSTS', () => {
  test.each(['127.0.0.1', '[::1]', 'localhost'])('When the listed server is %s, Then it is saved', async (server) => {
    const res = await saveOn(allowing, allowingToken, server);

    expect(res.status).toBe(200);
    expect(res.body.settings.smtp_server).toBe(server);
  });

  test('When a private server is not listed, Then it is still refused', async () => {
    const res = await saveOn(allowing, allowingToken, '10.0.0.5');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(INTERNAL);
  });

  test.each(['169.254.169.254', 'fe80::1', 'fd00:ec2::254', 'metadata.google.internal'])(
    'When the server is link-local or metadata (%s), Then it is refused with or without SMTP_ALLOWED_HOSTS',
    async (server) => {
      for (const [identity, token] of [
        [strict, strictToken],
        [allowing, allowingToken],
      ] as const) {
        const res = await saveOn(identity, token, server);
        expect(res.status).toBe(400);
        expect(res.body.detail).toMatch(NEVER);
      }
    },
  );

  test('When a name resolves to a metadata address, Then it is refused even though all loopback is allowed', async () => {
    testNames.set('cloud-metadata.partner.example', ['8.8.8.8', '169.254.169.254']);

    const res = await saveOn(allowing, allowingToken, 'cloud-metadata.partner.example');

    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'Error: The SMTP server cloud-metadata.partner.example resolves to a cloud metadata address: link-local and cloud metadata addresses are never allowed.',
    );
  });
});

describe('Test Email answers', () => {
  /** open ports on 587 that do not speak SMTP: one greets like SSH, one says nothing */
  const servers: net.Server[] = [];
  const sockets = new Set<net.Socket>();
  async function notSmtp(banner: string | null): Promise<string> {
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      if (banner) socket.write(banner);
    });
    servers.push(server);
    return listenOnStandardPort(server);
  }
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  test('When the port is closed, answers SSH, or says nothing, Then the detail is the same and comes after the same wait', async () => {
    const hosts = [unusedLoopbackHost(), await notSmtp('SSH-2.0-OpenSSH_9.6\r\n'), await notSmtp(null)];
    const answers = await Promise.all(
      hosts.map(async (host) => {
        const started = Date.now();
        const res = await post(allowing, allowingToken, '/api/admin/test-email', form(host));
        return { host, status: res.status, detail: res.body.detail as string, ms: Date.now() - started };
      }),
    );

    for (const { host, status, detail, ms } of answers) {
      expect(status).toBe(400);
      expect(detail).toBe(
        `Email test failed: could not reach the mail server ${host}:587. Check the server name and port.`,
      );
      expect(ms).toBeGreaterThanOrEqual(CONNECTION_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(CONNECTION_TIMEOUT_MS + 1500);
    }
  });

  test('When a username goes to a server not named as this machine that offers no STARTTLS, Then the test fails and no login is sent', async () => {
    testNames.set('mail.partner.example', [withLogin.host]);

    const res = await post(allowing, allowingToken, '/api/admin/test-email', {
      ...form('mail.partner.example'),
      smtp_username: SMTP_LOGIN.username,
      smtp_password: SMTP_LOGIN.password,
    });

    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Email test failed: a secure connection could not be set up/);
    expect(withLogin.receiver.authAttempts).toEqual([]);
    expect(withLogin.receiver.received).toHaveLength(0);
  });
});

describe('Sending with saved settings', () => {
  const invoice = {
    to: ['dealer@example.com'],
    subject: 'Invoice 1A2B3C4D',
    text: 'Your invoice.',
    purpose: 'invoice',
    attachments: [],
  };

  test('When the saved name later resolves to a private address, Then the send is refused then and nothing is sent', async () => {
    // not listed by name: allowed while it resolves into 127.0.0.0/8 only
    testNames.set('relay.partner.example', [open.host]);
    expect((await saveOn(allowing, allowingToken, 'relay.partner.example')).status).toBe(200);
    const sent = await post(allowing, allowingToken, SEND_MAIL_PATH, invoice);
    expect(sent.status).toBe(200);
    expect(open.receiver.received).toHaveLength(1);

    testNames.set('relay.partner.example', ['10.20.30.40']);
    const refused = await post(allowing, allowingToken, SEND_MAIL_PATH, invoice);

    expect(refused.status).toBe(502);
    expect(refused.body.detail).toBe(
      'the SMTP server relay.partner.example resolves to a private network address: internal addresses are refused unless the operator lists the host in SMTP_ALLOWED_HOSTS.',
    );
    expect(open.receiver.received).toHaveLength(1);
  });
});
