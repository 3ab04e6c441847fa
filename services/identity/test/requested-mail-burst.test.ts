/**
 * A burst of mail requests (an incentive program that many dealers reach at once, each tier notifying its
 * dealer): more requests in flight than the database pool has connections. Each consumer's transaction holds a
 * connection while the mail is sent; reading the Email Settings through a second connection made every
 * transaction wait for one that never freed, and identity (sign-in included) hung.
 */
import { EmailRequested } from '@portal/contracts';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import { deliverEvent } from '@portal/platform/testing';
import { type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { startIdentity, type TestIdentity } from './support/identity';

const BURST = 30;

let smtp: SmtpReceiver;
let transport: InProcessTransport;
let identity: TestIdentity;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const logger = createLogger('test', 'silent');
  transport = createInProcessTransport({ logger });
  identity = await startIdentity(
    'identity_mail_burst',
    { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' },
    { transport, logger },
  );
});
afterAll(async () => {
  await identity?.stop();
  await transport?.close();
  await smtp?.stop();
});

test(`When ${BURST} mail requests arrive at once, Then every mail is sent and identity still answers`, async () => {
  await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      deliverEvent(
        transport,
        identity.service,
        EmailRequested,
        `burst-${i}`,
        { to: [`dealer${i}@example.com`], subject: `Achievement ${i}`, text: 'Well done', purpose: 'achievement' },
        { producer: 'incentive', timeoutMs: 15_000 },
      ),
    ),
  );

  expect(smtp.received).toHaveLength(BURST);
  const [{ ok }] = await identity.service.ctx.db.query('SELECT 1 AS ok');
  expect(ok).toBe(1);
});
