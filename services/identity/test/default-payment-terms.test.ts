/**
 * Issue 24, the default payment terms as a company setting: `default_payment_terms_days` of the system
 * configuration (whole days 0–365, 30 until saved) is saved, refused with the contract's message when out of
 * range, audited like the other settings, and announced with settings.payment_terms_changed once per change (in
 * the saving transaction), and again when identity starts while it is not the default.
 */
import { type EventEnvelope, PaymentTermsChanged } from '@portal/contracts';
import { createInProcessTransport, createLogger } from '@portal/platform';
import { announceSystemSettings } from '../src/use-cases/settings/system-configuration';
import { bearer, eventually, startIdentity, type TestIdentity } from './support/identity';

let identity: TestIdentity;
let adminToken: string;
const transport = createInProcessTransport({ logger: createLogger('bus', 'silent') });
/** settings.payment_terms_changed as the order service receives it over the event bus */
type Payload = { default_payment_terms_days: number; changed_at: string };
const termsEvents: EventEnvelope<Payload>[] = [];

beforeAll(async () => {
  await transport.subscribe('order', [PaymentTermsChanged.type], async ({ envelope }) => {
    // parsed as the order service's consumer parses it: a payload off the contract fails here
    termsEvents.push({ ...envelope, payload: PaymentTermsChanged.payload.parse(envelope.payload) });
  });
  identity = await startIdentity('identity_default_terms', {}, { transport });
  adminToken = identity.tokenFor('admin');
});

afterAll(async () => {
  await identity?.stop();
  await transport.close();
});

const save = (body: object) =>
  identity.http().post('/api/admin/system-configuration').set(bearer(adminToken)).send(body);
const configuration = async () =>
  (await identity.http().get('/api/admin/system-configuration').set(bearer(adminToken))).body.configuration;

const termsOutboxCount = async () => {
  const rows: unknown[] = await identity.service.ctx.db.query('SELECT 1 FROM outbox WHERE type = $1', [
    PaymentTermsChanged.type,
  ]);
  return rows.length;
};

const PROBLEM = 'Error: Default payment terms must be a whole number of days from 0 to 365';

test('When nothing is saved yet, Then the default terms are 30 days and identity announced nothing at start', async () => {
  expect((await configuration()).default_payment_terms_days).toBe(30);
  expect(await termsOutboxCount()).toBe(0);
});

test('When an admin saves 45 days, Then it is kept, the other settings keep their value, and settings.payment_terms_changed is sent once', async () => {
  const before = await configuration();
  const res = await save({ default_payment_terms_days: 45 });
  expect(res.status).toBe(200);
  expect(res.body.configuration).toEqual({ ...before, default_payment_terms_days: 45 });
  expect((await configuration()).default_payment_terms_days).toBe(45);
  const received = await eventually(() => {
    expect(termsEvents).toHaveLength(1);
    return termsEvents;
  });
  expect(received[0]).toMatchObject({
    type: 'settings.payment_terms_changed',
    producer: 'identity',
    payload: { default_payment_terms_days: 45, changed_at: expect.any(String) },
  });
  const changedAt = Date.parse(received[0]?.payload.changed_at ?? '');
  expect(Math.abs(Date.now() - changedAt)).toBeLessThan(60_000);
});

test('When the same terms are saved again, or other settings alone, Then nothing more is announced', async () => {
  expect((await save({ default_payment_terms_days: 45 })).status).toBe(200);
  expect((await save({ maintenance_mode: false, system_timezone: 'America/Chicago' })).status).toBe(200);
  expect(await termsOutboxCount()).toBe(1);
  expect(termsEvents).toHaveLength(1);
});

test('When the terms change, Then the audit log records settings/system_configuration with the days before and after', async () => {
  expect((await save({ default_payment_terms_days: 60 })).status).toBe(200);
  // the audit entry reaches the log through identity's own consumer of audit.recorded
  const entry = await eventually(async () => {
    const res = await identity
      .http()
      .get('/api/admin/audit-log')
      .query({ entity: 'settings', entity_id: 'system_configuration' })
      .set(bearer(adminToken));
    expect(res.status).toBe(200);
    const [newest] = res.body.entries as { action: string; changes: Record<string, unknown> }[];
    expect(newest?.changes.default_payment_terms_days).toEqual([45, 60]);
    return newest;
  });
  expect(entry).toMatchObject({ action: 'settings.updated', changes: { default_payment_terms_days: [45, 60] } });
  expect(await termsOutboxCount()).toBe(2);
});

test.each([[366], [-1], [12.5], ['30'], [null]])(
  'When the terms are %p, Then 400 with the contract message and nothing changes',
  async (value) => {
    const res = await save({ default_payment_terms_days: value });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(PROBLEM);
    expect((await configuration()).default_payment_terms_days).toBe(60);
  },
);

test('When 0 days (due on confirmation) or 365 are saved, Then both edges are accepted', async () => {
  expect((await save({ default_payment_terms_days: 0 })).body.configuration.default_payment_terms_days).toBe(0);
  expect((await save({ default_payment_terms_days: 365 })).body.configuration.default_payment_terms_days).toBe(365);
  expect(await termsOutboxCount()).toBe(4);
});

test('When identity starts while the terms are not the default, Then it announces them again, newer than the last change', async () => {
  const changes = await eventually(() => {
    expect(termsEvents).toHaveLength(4); // 45, 60, 0, 365
    return termsEvents.map((event) => event.payload);
  });
  expect(changes.map((p) => p.default_payment_terms_days)).toEqual([45, 60, 0, 365]);
  await announceSystemSettings(identity.service.ctx); // what onStart runs
  const again = await eventually(() => {
    expect(termsEvents).toHaveLength(5);
    return termsEvents[4]?.payload;
  });
  expect(again?.default_payment_terms_days).toBe(365);
  expect(Date.parse(again?.changed_at ?? '')).toBeGreaterThan(Date.parse(changes[3]?.changed_at ?? ''));
});
