/**
 * The achievement mail end to end: identity (the portal's one mail sender) and the incentive service on one
 * event bus and one database, identity sending through a real SMTP server. A dealer's order takes it over a
 * tier that notifies it, and the mail reaches the dealer's address once.
 */
import { randomUUID } from 'node:crypto';
import { DealerCreated, OrderCreated } from '@portal/contracts';
import { identityService } from '@portal/identity';
import {
  bearer,
  dealerSnapshot,
  deliverEvent,
  eventsSettled,
  eventually,
  startTestServices,
  type TestServices,
} from '@portal/platform/testing';
import { parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { incentiveService } from '../src/app';

let smtp: SmtpReceiver;
let portal: TestServices;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  portal = await startTestServices([identityService, incentiveService], {
    prefix: 'incentive_mail',
    envOf: {
      identity: {
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'correct horse battery',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: 'false',
        MAIL_FROM: 'Ridge Line Blinds <portal@example.com>',
      },
    },
  });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.stop();
});

test('When a dealer order crosses a tier with notify_dealer, Then the achievement mail reaches the dealer once', async () => {
  const admin = bearer(await portal.signIn('owner@example.com', 'correct horse battery'));
  const dealerId = 'DMAIL001';
  await deliverEvent(
    portal.transport,
    portal.service('incentive'),
    DealerCreated,
    dealerId,
    dealerSnapshot({ dealer_id: dealerId, email: 'pat@cedar-blinds.example', business_name: 'Cedar Blinds' }),
  );
  const created = await portal
    .http('incentive')
    .post('/api/admin/incentive-programs')
    .set(admin)
    .send({
      program_name: 'Spring Push',
      start_date: '2020-01-01',
      end_date: '2099-12-31',
      tiers: [{ name: 'Gold', metric: 'revenue', value: 1000, reward: 'A free hub blind', notify_dealer: true }],
    });
  expect(created.status).toBe(200);

  const order = {
    order_id: randomUUID(),
    dealer_id: dealerId,
    status: 'pending' as const,
    total_cents: 125_000,
    items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 5, price_cents: 25_000, is_custom: false }],
    notes: null,
    created_at: new Date().toISOString(),
  };
  await deliverEvent(portal.transport, portal.service('incentive'), OrderCreated, order.order_id, order, {
    producer: 'order',
  });
  // the same order announced again: no second achievement, no second mail
  await deliverEvent(portal.transport, portal.service('incentive'), OrderCreated, order.order_id, order, {
    producer: 'order',
  });

  const mails = await eventually(() => {
    const found = smtp.received.filter((mail) => mail.envelopeTo.includes('pat@cedar-blinds.example'));
    expect(found.length).toBeGreaterThan(0);
    return found;
  }, 10_000);
  // every mail request is sent and handled: a stray second mail would be in by now
  await eventsSettled(portal.transport, [portal.service('incentive'), portal.service('identity')]);
  expect(smtp.received.filter((mail) => mail.envelopeTo.includes('pat@cedar-blinds.example'))).toHaveLength(1);
  const mail = parseMail(mails[0]?.raw ?? '');
  expect(mail.headers.get('subject')).toBe('You reached Gold of Spring Push');
  const body = mail.body.replace(/=\r?\n/g, ''); // quoted-printable soft line breaks
  expect(body).toContain('Hello Cedar Blinds,');
  expect(body).toContain('reached $1,250, which meets Gold ($1,000) of the Spring Push program');
  expect(body).toContain('Your reward: A free hub blind');

  const pending = await portal.http('incentive').get('/api/admin/pending-notifications').set(admin);
  expect(pending.body).toMatchObject({
    count: 1,
    data: [
      { dealer_id: dealerId, dealer_email: 'pat@cedar-blinds.example', threshold_name: 'Gold', value_achieved: 1250 },
    ],
  });
});
