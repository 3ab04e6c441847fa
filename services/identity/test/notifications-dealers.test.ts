/**
 * notify_new_dealer_applications and notify_new_dealers: identity consumes dealer.application_received and
 * dealer.created and mails the admins through a real SMTP server, once per applicant or dealer, one notice per
 * applied batch of a bulk import.
 */
import { randomUUID } from 'node:crypto';
import { DealerApplicationReceived, DealerCreated, type PayloadOfType } from '@portal/contracts';
import { dealerSnapshot } from '@portal/platform/testing';
import { parseMail } from '@portal/platform/testing/smtp-receiver';
import { NEW_DEALERS_LISTED } from '../src/domain/notifications/dealer-notices';
import { FIRST_ADMIN } from './support/identity';
import {
  htmlOf,
  NOTIFICATION_EMAIL,
  type NotificationsHarness,
  startNotifications,
  subjectOf,
  textOf,
} from './support/notifications';

const BOUNCING = 'bounce@example.com';

let t: NotificationsHarness;
beforeAll(async () => {
  t = await startNotifications('identity_notify_dealers', { refuseRecipient: (address) => address === BOUNCING });
});
afterAll(() => t?.stop());
beforeEach(async () => {
  await t.notifications();
  await t.emailNotifications(true);
});

let serial = 0;
function application(changes: Partial<PayloadOfType<'dealer.application_received'>> = {}) {
  serial += 1;
  return {
    dealer_id: `DAPP${serial}${randomUUID().slice(0, 6)}`,
    email: `applicant${serial}@example.com`,
    business_name: `Ridge Blinds ${serial}`,
    full_name: 'Rita Ridge',
    phone: '555-0100',
    city: 'Wichita',
    state: 'KS',
    message: 'We sell <b>blinds</b> & stands',
    received_at: new Date().toISOString(),
    ...changes,
  };
}

const deliverApplication = (payload: PayloadOfType<'dealer.application_received'>, id?: string) =>
  t.deliver(DealerApplicationReceived, payload.dealer_id, payload, { producer: 'dealer', id });

describe('notify_new_dealer_applications', () => {
  test('When an application arrives, Then the notification email gets one notice with the contact fields, the message and the dashboard link, even when delivered again', async () => {
    const applied = application();
    const id = await deliverApplication(applied);
    await deliverApplication(applied, id); // the same message redelivered
    await deliverApplication(applied); // the same applicant announced again
    await t.settled();
    const mails = t.mailsWith(`New dealer application: ${applied.business_name}`);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
    expect(subjectOf(mail)).toBe(`New dealer application: ${applied.business_name}`);
    const text = textOf(mail);
    for (const part of ['Rita Ridge', applied.email, '555-0100', 'Wichita, KS', 'We sell <b>blinds</b> & stands'])
      expect(text).toContain(part);
    expect(text).toContain('https://portal.example.com/admin/dashboard');
    expect(htmlOf(mail)).toContain('We sell &lt;b&gt;blinds&lt;/b&gt; &amp; stands');
  });

  test('When the business name holds line breaks ("\\r\\nBcc: x@y"), Then the subject is one line with no added header or recipient', async () => {
    const tag = randomUUID().slice(0, 6);
    const applied = application({ business_name: `Acme ${tag}\r\nBcc: x@y\u2028Blinds` });
    await deliverApplication(applied);
    await t.settled();

    const [mail, ...others] = t.mailsWith(`Acme ${tag} Bcc: x@y Blinds`);
    expect(others).toHaveLength(0);
    expect(subjectOf(mail)).toBe(`New dealer application: Acme ${tag} Bcc: x@y Blinds`);
    expect(mail?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
    expect(parseMail(mail?.raw ?? '').headers.has('bcc')).toBe(false);
    const head = (mail?.raw ?? '').split('\r\n\r\n')[0];
    expect(head).not.toMatch(/=0D|=0A|=E2=80=A8/i);
  });

  test('When the setting, email notifications or the Email Settings notifications are off, Then no notice', async () => {
    const cases = [
      () => t.notifications({ notify_new_dealer_applications: false }),
      () => t.notifications({ email_notifications_enabled: false }),
      () => t.emailNotifications(false),
    ];
    for (const turnOff of cases) {
      await t.notifications();
      await t.emailNotifications(true);
      await turnOff();
      const applied = application();
      await deliverApplication(applied);
      await t.settled();
      expect(t.mailsWith(applied.business_name ?? '')).toHaveLength(0);
    }
  });

  test('When the notification email is blank, Then every active admin gets the notice (not inactive admins or other users)', async () => {
    await t.notifications({ notification_email: '' });
    await t.identity.addUser({ email: 'second-admin@example.com', password: 'long password 1', role: 'admin' });
    const gone = await t.identity.addUser({
      email: 'former-admin@example.com',
      password: 'long password 2',
      role: 'admin',
    });
    await t.identity.service.ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);
    await t.identity.addUser({ email: 'driver@example.com', password: 'long password 3', role: 'delivery' });
    const applied = application();
    await deliverApplication(applied);
    const mails = t.mailsWith(applied.business_name ?? '');
    expect(mails).toHaveLength(1);
    expect([...(mails[0]?.envelopeTo ?? [])].sort()).toEqual([FIRST_ADMIN.email, 'second-admin@example.com'].sort());
  });
});

/** publishes dealer.created for every dealer at once (as a bulk import's relay round does) and waits for them */
async function createDealers(dealers: { dealer_id: string; business_name: string }[], ids?: string[]) {
  const eventIds = ids ?? dealers.map(() => randomUUID());
  await Promise.all(
    dealers.map((dealer, i) =>
      t.transport.publish(
        {
          id: eventIds[i] as string,
          type: DealerCreated.type,
          version: DealerCreated.version,
          occurredAt: new Date().toISOString(),
          producer: 'dealer',
          aggregateId: dealer.dealer_id,
          payload: dealerSnapshot({ ...dealer, email: `${dealer.dealer_id.toLowerCase()}@example.com` }),
        },
        {},
      ),
    ),
  );
  await t.settled();
  // the notice goes once the batch committed
  await t.identity.service.ctx.deps.newDealerNotices.idle();
  return eventIds;
}

describe('notify_new_dealers', () => {
  test('When an import creates many dealers, Then one notice lists the first ones and counts the rest, and a redelivery sends nothing more', async () => {
    const batch = randomUUID().slice(0, 6).toUpperCase();
    const count = NEW_DEALERS_LISTED + 5;
    const dealers = Array.from({ length: count }, (_, i) => ({
      dealer_id: `DIMP${batch}${i}`,
      business_name: `Import ${batch} dealer ${i}`,
    }));
    const ids = await createDealers(dealers);
    const mails = t.mailsWith(`${count} new dealers were added`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
    const text = textOf(mails[0]);
    expect(text).toContain(`Import ${batch} dealer 0`);
    expect(text).toContain('and 5 more');
    expect(text).toContain('https://portal.example.com/admin/dealers');
    const claims = await t.identity.service.ctx.db.query(
      `SELECT count(*)::int AS n FROM sent_notifications WHERE kind = 'new_dealer' AND key LIKE $1`,
      [`DIMP${batch}%`],
    );
    expect(claims).toEqual([{ n: count }]);

    const before = t.smtp.received.length;
    await createDealers(dealers.slice(0, 3), ids.slice(0, 3)); // the same messages redelivered
    await createDealers(dealers.slice(0, 3)); // the same dealers announced again
    expect(t.smtp.received.length).toBe(before);
  });

  test('When one dealer is created (by an admin or an approval), Then the notice names it', async () => {
    const dealerId = `DONE${randomUUID().slice(0, 6)}`;
    await createDealers([{ dealer_id: dealerId, business_name: `Lone Pine ${dealerId}` }]);
    expect(t.mailsWith(`New dealer: Lone Pine ${dealerId}`)).toHaveLength(1);
  });

  test('When notify_new_dealers is off, Then no notice and nothing is claimed', async () => {
    await t.notifications({ notify_new_dealers: false });
    const dealerId = `DOFF${randomUUID().slice(0, 6)}`;
    await createDealers([{ dealer_id: dealerId, business_name: `Quiet ${dealerId}` }]);
    expect(t.mailsWith(`Quiet ${dealerId}`)).toHaveLength(0);
    const claims = await t.identity.service.ctx.db.query('SELECT 1 FROM sent_notifications WHERE key = $1', [dealerId]);
    expect(claims).toHaveLength(0);
    // the dealer itself is still known (the directory applied the event)
    const known = await t.identity.service.ctx.db.query('SELECT 1 FROM known_dealers WHERE dealer_id = $1', [dealerId]);
    expect(known).toHaveLength(1);
  });

  test('When the notice cannot be mailed, Then the import is applied all the same and the dealers are announced together once mail works again', async () => {
    await t.notifications({ notification_email: BOUNCING });
    const batch = randomUUID().slice(0, 6).toUpperCase();
    const dealers = Array.from({ length: 4 }, (_, i) => ({
      dealer_id: `DRETRY${batch}${i}`,
      business_name: `Retry ${batch} dealer ${i}`,
    }));
    await createDealers(dealers.slice(0, 2));
    await createDealers(dealers.slice(2));
    expect(t.mailsWith(`Retry ${batch}`)).toHaveLength(0);
    const known = await t.identity.service.ctx.db.query(
      'SELECT count(*)::int AS n FROM known_dealers WHERE dealer_id LIKE $1',
      [`DRETRY${batch}%`],
    );
    expect(known).toEqual([{ n: 4 }]);

    await t.notifications();
    t.identity.service.ctx.deps.newDealerNotices.kick(t.identity.service.ctx); // what the retry timer does
    await t.identity.service.ctx.deps.newDealerNotices.idle();
    const mails = t.smtp.received.filter((mail) => textOf(mail).includes(`Retry ${batch} dealer 0`));
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0])).toBe('4 new dealers were added');
    for (let i = 0; i < 4; i += 1) expect(textOf(mails[0])).toContain(`Retry ${batch} dealer ${i}`);
  });
});
