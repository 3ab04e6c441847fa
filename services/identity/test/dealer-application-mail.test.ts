/**
 * An admin's decision on a dealer application reaches the applicant (issue 21): identity consumes
 * dealer.application_approved (the login invitation of "Send Login Invitation") and dealer.application_rejected
 * (a polite refusal), through a real SMTP server, once per dealer however often the event arrives, and even
 * while notification mail is turned off (an admin's decision is not a notification).
 */
import {
  DealerApplicationApproved,
  DealerApplicationRejected,
  DealerCreated,
  type PayloadOfType,
} from '@portal/contracts';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import { dealerSnapshot, deliverEvent, eventsSettled } from '@portal/platform/testing';
import { mailParts, parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { writeSettings } from '../src/data/settings-store';
import { startIdentity, type TestIdentity, testMailEnv } from './support/identity';

let smtp: SmtpReceiver;
let transport: InProcessTransport;
let identity: TestIdentity;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const logger = createLogger('test', 'silent');
  transport = createInProcessTransport({ logger });
  identity = await startIdentity(
    'identity_application_mail',
    {
      ...testMailEnv(smtp),
    },
    { transport, logger },
  );
  const manager = identity.service.ctx.db.manager;
  // an admin's decision is mailed even with notification mail turned off
  await writeSettings(manager, 'email', { notifications_enabled: false }, 'test');
  await writeSettings(manager, 'company', { company_name: 'Blinds <&> "Co"', email: 'hello@blinds.example' }, 'test');
});
afterAll(async () => {
  await identity?.stop();
  await transport?.close();
  await smtp?.stop();
});

let count = 0;
function applicant(name = 'Pat <b>Prairie</b>') {
  const dealerId = `DAPPL${String(++count).padStart(4, '0')}`;
  return {
    dealer_id: dealerId,
    email: `${dealerId.toLowerCase()}@example.com`,
    business_name: 'Prairie Shades',
    full_name: name,
  };
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));
const textOf = (raw: string) =>
  mailParts(raw)
    .find((part) => part.contentType === 'text/plain')
    ?.content.toString();
const htmlOf = (raw: string) =>
  mailParts(raw)
    .find((part) => part.contentType === 'text/html')
    ?.content.toString();
const claims = (dealerId: string) =>
  identity.service.ctx.db.query('SELECT kind, sent_to, message_id FROM sent_notifications WHERE key = $1', [dealerId]);

test('When an approval arrives twice (and again under a new id), Then the applicant gets one invitation whose link opens signup', async () => {
  const approved: PayloadOfType<'dealer.application_approved'> = { ...applicant(), approved_by: 'Owner' };
  const eventId = await deliverEvent(
    transport,
    identity.service,
    DealerApplicationApproved,
    approved.dealer_id,
    approved,
  );
  await deliverEvent(transport, identity.service, DealerApplicationApproved, approved.dealer_id, approved, {
    id: eventId,
  });
  await deliverEvent(transport, identity.service, DealerApplicationApproved, approved.dealer_id, approved);
  await eventsSettled(transport, [identity.service]);

  const mails = mailsTo(approved.email);
  expect(mails).toHaveLength(1);
  const raw = mails[0]?.raw ?? '';
  expect(parseMail(raw).headers.get('subject')).toBe('Your dealer portal invitation');
  const link = /https:\/\/portal\.example\.com\/\?action=dealer-signup&token=([\w-]+)/.exec(textOf(raw) ?? '');
  expect(link).not.toBeNull();
  const verified = await identity.http().get('/api/dealer/verify-invitation').query({ token: link?.[1] });
  expect(verified.body).toMatchObject({
    success: true,
    email: approved.email,
    dealer_info: { business_name: 'Prairie Shades', full_name: 'Pat <b>Prairie</b>' },
  });
  expect(htmlOf(raw)).toContain('Hello Pat &lt;b&gt;Prairie&lt;/b&gt;,');
  expect(await claims(approved.dealer_id)).toEqual([
    { kind: 'application_invitation', sent_to: [approved.email], message_id: expect.any(String) },
  ]);
});

test('When the approval arrives before dealer.created, Then the invitation still goes, and dealer.created after it changes nothing', async () => {
  const approved = { ...applicant('Sam Early'), approved_by: 'Owner' };
  await deliverEvent(transport, identity.service, DealerApplicationApproved, approved.dealer_id, approved);
  await deliverEvent(
    transport,
    identity.service,
    DealerCreated,
    approved.dealer_id,
    dealerSnapshot({ ...approved, phone: '555-0142' }),
  );
  await eventsSettled(transport, [identity.service]);
  expect(mailsTo(approved.email)).toHaveLength(1);
});

test('When the approved applicant already has a login, Then no invitation is mailed (and none is stored)', async () => {
  const approved = { ...applicant(), approved_by: 'Owner' };
  await identity.addUser({
    email: approved.email,
    password: 'already here 123',
    role: 'dealer',
    dealerId: approved.dealer_id,
  });
  await deliverEvent(transport, identity.service, DealerApplicationApproved, approved.dealer_id, approved);
  expect(mailsTo(approved.email)).toHaveLength(0);
  const invitations = await identity.service.ctx.db.query('SELECT 1 FROM dealer_invitations WHERE dealer_id = $1', [
    approved.dealer_id,
  ]);
  expect(invitations).toEqual([]);
});

test('When a rejection arrives twice, Then the applicant gets one polite refusal naming the company, its HTML escaped', async () => {
  const rejected: PayloadOfType<'dealer.application_rejected'> = { ...applicant(), rejected_by: 'Owner' };
  const eventId = await deliverEvent(
    transport,
    identity.service,
    DealerApplicationRejected,
    rejected.dealer_id,
    rejected,
  );
  await deliverEvent(transport, identity.service, DealerApplicationRejected, rejected.dealer_id, rejected, {
    id: eventId,
  });
  await deliverEvent(transport, identity.service, DealerApplicationRejected, rejected.dealer_id, rejected);
  await eventsSettled(transport, [identity.service]);

  const mails = mailsTo(rejected.email);
  expect(mails).toHaveLength(1);
  const raw = mails[0]?.raw ?? '';
  // the subject is encoded (RFC 2047): its words are joined by '_'
  expect(parseMail(raw).headers.get('subject')).toMatch(/Your.dealer.application.with.Blinds/);
  const text = textOf(raw) ?? '';
  expect(text).toContain('Hello Pat <b>Prairie</b>,');
  expect(text).toContain('becoming a dealer with Blinds <&> "Co"');
  expect(text).toContain('unable to accept it at this time');
  expect(text).toContain('hello@blinds.example');
  const html = htmlOf(raw) ?? '';
  expect(html).toContain('Hello Pat &lt;b&gt;Prairie&lt;/b&gt;,');
  expect(html).toContain('Blinds &lt;&amp;&gt; &quot;Co&quot;');
  expect(html).not.toContain('<b>');
  expect(await claims(rejected.dealer_id)).toEqual([
    { kind: 'application_refusal', sent_to: [rejected.email], message_id: expect.any(String) },
  ]);
});
