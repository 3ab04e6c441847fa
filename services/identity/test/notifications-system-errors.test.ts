/**
 * notify_system_errors: a dead-lettered event, a stuck outbox or mail that keeps failing reaches the admins
 * through identity's POST /internal/system-errors (or, in identity itself, its use case), at most one mail per
 * kind per hour, through a real SMTP server.
 */
import { randomUUID } from 'node:crypto';
import { EmailRequested, OrderCreated, type SystemErrorReport } from '@portal/contracts';
import {
  httpSystemErrorSink,
  oldestUnsentAgeMs,
  type SystemErrorSink,
  systemErrorReporter,
  watchOutbox,
} from '@portal/platform';
import { eventually } from '@portal/platform/testing';
import { ownSystemErrorSink } from '../src/use-cases/notifications/system-errors';
import { NOTIFICATION_EMAIL, type NotificationsHarness, startNotifications, textOf } from './support/notifications';

const BOUNCING = 'bounce@example.com';

let t: NotificationsHarness;
beforeAll(async () => {
  t = await startNotifications('identity_notify_errors', { refuseRecipient: (address) => address === BOUNCING });
});
afterAll(() => t?.stop());
beforeEach(async () => {
  await t.notifications();
  await t.emailNotifications(true);
});

/** each test in its own hour of the test clock, so the hourly claims of one do not hide another's mail */
let hour = 0;
function nextHour(): Date {
  hour += 1;
  t.clock.now = new Date(Date.UTC(2026, 10, 27, hour, 10));
  return t.clock.now;
}

const report = (kind: SystemErrorReport['kind'], detail = `trouble ${randomUUID()}`): SystemErrorReport => ({
  kind,
  service: 'order',
  detail,
  occurred_at: new Date().toISOString(),
});
const post = (body: unknown) =>
  t.identity
    .http()
    .post('/internal/system-errors')
    .send(body as object);
const errorMails = () => t.mailsWith('System error:');

test('Two reports of one kind within an hour send one mail; the next hour, or another kind, sends again', async () => {
  nextHour();
  const before = errorMails().length;
  const first = await post(report('dead_letter', 'order parked order.created 1'));
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ notified: true });
  t.clock.now = new Date(t.clock.now.getTime() + 45 * 60_000); // same hour, 45 minutes later
  expect((await post(report('dead_letter', 'order parked order.created 2'))).body).toEqual({ notified: false });
  const mails = errorMails().slice(before);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
  expect(textOf(mails[0])).toContain('order parked order.created 1');
  expect(textOf(mails[0])).toContain('service order');

  expect((await post(report('stuck_outbox'))).body).toEqual({ notified: true });
  nextHour();
  expect((await post(report('dead_letter'))).body).toEqual({ notified: true });
  expect(errorMails().slice(before)).toHaveLength(3);
});

test('While notify_system_errors or email notifications are off, a report sends nothing', async () => {
  for (const turnOff of [
    () => t.notifications({ notify_system_errors: false }),
    () => t.notifications({ email_notifications_enabled: false }),
    () => t.emailNotifications(false),
  ]) {
    nextHour();
    await t.notifications();
    await t.emailNotifications(true);
    await turnOff();
    const before = errorMails().length;
    expect((await post(report('dead_letter'))).body).toEqual({ notified: false });
    expect(errorMails().length).toBe(before);
  }
});

test('A report unlike the contract is refused with 400', async () => {
  const res = await post({ ...report('dead_letter'), kind: 'bored' });
  expect(res.status).toBe(400);
  expect(res.body.detail).toEqual(expect.any(String));
});

test("Another service's platform reports over HTTP (httpSystemErrorSink)", async () => {
  nextHour();
  const before = errorMails().length;
  await httpSystemErrorSink(t.identity.service.url)(report('stuck_outbox', 'catalog outbox stuck 7 minutes'));
  const mails = errorMails().slice(before);
  expect(mails).toHaveLength(1);
  expect(textOf(mails[0])).toContain('catalog outbox stuck 7 minutes');
});

test("An event identity cannot process is dead-lettered and reported through identity's own platform", async () => {
  nextHour();
  const before = errorMails().length;
  const id = randomUUID();
  // a payload unlike the contract: never processable, parked at once
  await t.transport.publish(
    {
      id,
      type: OrderCreated.type,
      version: OrderCreated.version,
      occurredAt: new Date().toISOString(),
      producer: 'order',
      aggregateId: 'o-1',
      payload: { order_id: 'o-1' },
    },
    {},
  );
  const mails = await eventually(() => {
    const found = errorMails().slice(before);
    if (!found.length) throw new Error('no system error mail yet');
    return found;
  });
  expect(t.transport.deadLetters('identity').map((delivery) => delivery.envelope.id)).toContain(id);
  expect(textOf(mails[0])).toContain(`identity parked the event order.created ${id} in its dead letters`);
});

test('An outbox whose oldest unsent event waited more than 5 minutes is reported stuck', async () => {
  nextHour();
  const db = t.identity.service.ctx.db;
  const before = errorMails().length;
  const seq: { seq: string }[] = await db.query(
    `INSERT INTO outbox (id, type, aggregate_id, envelope, created_at, next_attempt_at)
     VALUES ($1, 'order.created', 'x', '{}'::jsonb, now() - interval '6 minutes', now() + interval '1 day')
     RETURNING seq`,
    [randomUUID()],
  );
  const reporter = systemErrorReporter({
    service: 'identity',
    sink: ownSystemErrorSink(t.identity.service.ctx),
    logger: t.identity.service.ctx.logger,
  });
  const watch = watchOutbox({ db, reporter, logger: t.identity.service.ctx.logger, intervalMs: 20 });
  try {
    const mails = await eventually(() => {
      const found = errorMails().slice(before);
      if (!found.length) throw new Error('no stuck-outbox mail yet');
      return found;
    });
    expect(textOf(mails[0])).toContain('The oldest unpublished event has waited 6 minutes in the outbox.');
  } finally {
    await watch.stop();
    await reporter.settled();
    await db.query('DELETE FROM outbox WHERE seq = $1', [seq[0]?.seq]);
  }
  expect(await oldestUnsentAgeMs(db)).toBeNull();
});

test('Mail that keeps failing (three sends in a row) is reported as a system error', async () => {
  nextHour();
  const before = errorMails().length;
  await t.transport.publish(
    {
      id: randomUUID(),
      type: EmailRequested.type,
      version: EmailRequested.version,
      occurredAt: new Date().toISOString(),
      producer: 'incentive',
      aggregateId: 'mail-1',
      payload: { to: [BOUNCING], subject: 'Tier reached', text: 'Well done', purpose: 'achievement' },
    },
    {},
  );
  const mails = await eventually(() => {
    const found = errorMails().slice(before);
    if (!found.length) throw new Error('no mail-failing notice yet');
    return found;
  });
  expect(mails[0]?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
  expect(textOf(mails[0])).toContain('3 mails in a row failed');
});

test('The reporter holds back repeats of a kind, so a storm costs identity one call', async () => {
  const calls: SystemErrorReport[] = [];
  const sink: SystemErrorSink = async (r) => {
    calls.push(r);
  };
  let now = new Date('2026-11-27T10:00:00Z');
  const reporter = systemErrorReporter({
    service: 'dealer',
    sink,
    logger: t.identity.service.ctx.logger,
    minIntervalMs: 60_000,
    now: () => now,
  });
  for (let i = 0; i < 50; i += 1) reporter.report('dead_letter', `parked ${i}`);
  reporter.report('stuck_outbox', 'stuck');
  await reporter.settled();
  expect(calls.map((c) => [c.kind, c.detail])).toEqual([
    ['dead_letter', 'parked 0'],
    ['stuck_outbox', 'stuck'],
  ]);
  now = new Date('2026-11-27T10:01:00Z');
  reporter.report('dead_letter', 'parked later');
  await reporter.settled();
  expect(calls).toHaveLength(3);
  // a sink that fails is logged, never thrown
  const failing = systemErrorReporter({
    service: 'dealer',
    sink: async () => {
      throw new Error('identity is down');
    },
    logger: t.identity.service.ctx.logger,
  });
  failing.report('dead_letter', 'x');
  await expect(failing.settled()).resolves.toBeUndefined();
});
