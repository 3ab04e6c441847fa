import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { AUDIT_REDACTED, type AuditRecord, AuditRecorded } from '@portal/contracts';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import { deliverEvent } from '@portal/platform/testing';
import { Client } from 'pg';
import { appendRecordedChanges } from '../../src/use-cases/audit/audit-log';
import { bearer, eventually, startIdentity, type TestIdentity } from '../support/identity';

/** the email of the harness's admin token (tokenFor) */
const ADMIN_EMAIL = 'admin@example.com';

const run = promisify(execFile);
const CHECK_COMMAND = path.resolve(__dirname, '../../dist/check-audit-chain.js');

let identity: TestIdentity;
let adminToken: string;
/** the bus of the one-machine launcher: identity hears its own audit.recorded on it */
let transport: InProcessTransport;

beforeAll(async () => {
  transport = createInProcessTransport({ logger: createLogger('test', 'silent') });
  // the one-machine launcher's rule: loopback mail servers allowed where named
  identity = await startIdentity('identity_audit', { SMTP_ALLOWED_HOSTS: '127.0.0.1' }, { transport });
  // a signed token of an admin (the actor the log must name); sign-in itself is not what is tested here
  adminToken = identity.tokenFor('admin');
});

afterAll(async () => {
  await identity?.stop();
  await transport?.close();
});

const auditLog = (query: Record<string, string | number> = {}, token = adminToken) =>
  identity.http().get('/api/admin/audit-log').query(query).set(bearer(token));

/** The entries of one entity (newest first), once `count` of them are there. */
const entriesOf = (entity: string, entityId: string, count = 1) =>
  eventually(async () => {
    const res = await auditLog({ entity, entity_id: entityId });
    expect(res.status).toBe(200);
    expect(res.body.entries.length).toBeGreaterThanOrEqual(count);
    return res.body.entries as (AuditRecord & { id: string })[];
  });

const record = (overrides: Partial<AuditRecord>): AuditRecord => ({
  at: new Date().toISOString(),
  actor_email: 'someone@example.com',
  actor_role: 'admin',
  action: 'dealer.updated',
  entity: 'dealer',
  entity_id: 'D-1',
  changes: { business_name: ['Old', 'New'] },
  request_id: 'req-1',
  ...overrides,
});

/** Entries appended as the consumer would (a transaction of their own), with the `at` each names. */
async function appendRecords(records: AuditRecord[]): Promise<void> {
  await identity.service.ctx.db.transaction((manager) =>
    appendRecordedChanges(
      manager,
      records.map((payload) => ({
        id: randomUUID(),
        type: 'audit.recorded' as const,
        version: 1,
        occurredAt: payload.at,
        producer: 'dealer' as const,
        aggregateId: payload.entity_id,
        payload,
      })),
    ),
  );
}

async function superuserQuery(sql: string, params: unknown[] = []) {
  const client = new Client({ connectionString: identity.db.url });
  await client.connect();
  try {
    await client.query('SET search_path = identity');
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

describe("identity's own changes enter the audit log, without secrets", () => {
  test('When an admin creates a staff user, Then user.created names the admin, the fields, and no password', async () => {
    const res = await identity
      .http()
      .post('/api/admin/create-admin-user')
      .set(bearer(adminToken))
      .send({ email: 'audited.driver@example.com', full_name: 'Audited Driver', role: 'delivery' });
    expect(res.status).toBe(200);
    const [entry] = await entriesOf('user', 'audited.driver@example.com');
    expect(entry).toMatchObject({
      action: 'user.created',
      actor_email: ADMIN_EMAIL,
      actor_role: 'admin',
      changes: {
        email: [null, 'audited.driver@example.com'],
        full_name: [null, 'Audited Driver'],
        role: [null, 'delivery'],
        password_hash: [AUDIT_REDACTED, AUDIT_REDACTED],
      },
    });
    expect(entry?.request_id).toEqual(expect.any(String));
    expect(JSON.stringify(entry)).not.toContain(res.body.temporary_password);
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });

  test('When a dealer login is created and its password changed, Then both are on the dealer id, the password redacted', async () => {
    const dealerId = `D-${randomUUID()}`;
    const created = await identity
      .http()
      .post(`/api/admin/create-dealer-login/${dealerId}`)
      .set(bearer(adminToken))
      .send({ email: 'audited.dealer@example.com', password: 'first login secret' });
    expect(created.status).toBe(200);
    const changed = await identity
      .http()
      .put(`/api/admin/update-dealer-login/${dealerId}`)
      .set(bearer(adminToken))
      .send({ email: 'audited.dealer@example.com', password: 'second login secret' });
    expect(changed.status).toBe(200);
    const entries = await entriesOf('dealer_login', dealerId, 2);
    expect(entries.map((e) => e.action)).toEqual(['dealer_login.updated', 'dealer_login.created']);
    expect(entries[0]?.changes).toEqual({ password_hash: [AUDIT_REDACTED, AUDIT_REDACTED] });
    expect(entries[1]?.changes).toMatchObject({
      email: [null, 'audited.dealer@example.com'],
      dealer_id: [null, dealerId],
    });
    const all = JSON.stringify(entries);
    expect(all).not.toContain('first login secret');
    expect(all).not.toContain('second login secret');
  });

  test('When the email settings are saved with an SMTP password, Then the entry says it changed and never holds it', async () => {
    const saved = await identity.http().post('/api/admin/email-settings').set(bearer(adminToken)).send({
      smtp_server: '127.0.0.1',
      smtp_port: 587,
      smtp_username: 'mailer',
      smtp_password: 'smtp-password-never-logged',
      sender_name: 'Ridge Line Blinds',
      sender_email: 'orders@ridgeline.example',
      use_ssl: false,
      notifications_enabled: true,
    });
    expect(saved.status).toBe(200);
    const [entry] = await entriesOf('settings', 'email');
    expect(entry).toMatchObject({
      action: 'settings.updated',
      changes: {
        smtp_server: ['', '127.0.0.1'],
        smtp_username: ['', 'mailer'],
        smtp_password: [AUDIT_REDACTED, AUDIT_REDACTED],
      },
    });
    const stored = await superuserQuery('SELECT changes::text AS changes FROM audit_log');
    const everything = stored.rows.map((row) => row.changes).join('\n');
    expect(everything).not.toContain('smtp-password-never-logged');
    expect(everything).not.toContain('smtp_password_sealed');
  });

  test('When the company settings are saved, Then settings/company records the fields before and after', async () => {
    const res = await identity
      .http()
      .put('/api/admin/company-settings')
      .set(bearer(adminToken))
      .send({ company_name: 'Audited Blinds Co', email: 'office@audited.example' });
    expect(res.status).toBe(200);
    const [entry] = await entriesOf('settings', 'company');
    expect(entry?.changes).toMatchObject({
      company_name: ['', 'Audited Blinds Co'],
      email: ['', 'office@audited.example'],
    });
  });
});

describe('the log itself', () => {
  test('When an audit.recorded event is delivered twice, Then it is appended once', async () => {
    const id = randomUUID();
    const payload = record({ entity: 'order', entity_id: `O-${id}` });
    for (let i = 0; i < 2; i++)
      await deliverEvent(transport, identity.service, AuditRecorded, payload.entity_id, payload, { id });
    const rows = await superuserQuery('SELECT count(*)::int AS n FROM audit_log WHERE event_id = $1', [id]);
    expect(rows.rows[0].n).toBe(1);
    // and again straight through the append, as a redelivery after a lost inbox row would be
    await identity.service.ctx.db.transaction((manager) =>
      appendRecordedChanges(manager, [
        {
          id,
          type: 'audit.recorded',
          version: 1,
          occurredAt: payload.at,
          producer: 'order',
          aggregateId: 'x',
          payload,
        },
      ]),
    );
    expect((await superuserQuery('SELECT count(*)::int AS n FROM audit_log WHERE event_id = $1', [id])).rows[0].n).toBe(
      1,
    );
  });

  test('When the log is filtered and paged, Then entity, entity_id, actor and days in the system timezone hold, newest first', async () => {
    const dealer = `D-${randomUUID()}`;
    // the system timezone is America/Chicago (UTC-6 in November): 05:30Z is Nov 26 local, 06:30Z is Nov 27
    await appendRecords([
      record({ entity_id: dealer, at: '2026-11-27T05:30:00.000Z', actor_email: 'night@example.com' }),
      record({ entity_id: dealer, at: '2026-11-27T06:30:00.000Z', actor_email: 'day@example.com' }),
      record({ entity_id: dealer, at: '2026-11-28T05:59:59.000Z', actor_email: 'day@example.com' }),
      record({ entity_id: dealer, at: '2026-11-28T06:00:00.000Z', actor_email: 'day@example.com' }),
      record({ entity: 'product', entity_id: dealer, at: '2026-11-27T12:00:00.000Z' }),
    ]);
    const ofDealer = await auditLog({ entity: 'dealer', entity_id: dealer });
    expect(ofDealer.body.total).toBe(4);
    expect(ofDealer.body.entries.map((e: AuditRecord) => e.at)).toEqual([
      '2026-11-28T06:00:00.000Z',
      '2026-11-28T05:59:59.000Z',
      '2026-11-27T06:30:00.000Z',
      '2026-11-27T05:30:00.000Z',
    ]);
    const day = await auditLog({ entity: 'dealer', entity_id: dealer, from: '2026-11-27', to: '2026-11-27' });
    expect(day.body.entries.map((e: AuditRecord) => e.at)).toEqual([
      '2026-11-28T05:59:59.000Z',
      '2026-11-27T06:30:00.000Z',
    ]);
    const night = await auditLog({ entity_id: dealer, actor: 'night@example.com' });
    expect(night.body.entries.map((e: AuditRecord) => e.actor_email)).toEqual(['night@example.com']);

    const first = await auditLog({ entity_id: dealer, limit: 3 });
    expect(first.body).toMatchObject({ total: 5, next_cursor: expect.any(String) });
    const second = await auditLog({ entity_id: dealer, limit: 3, cursor: first.body.next_cursor });
    expect(second.body.next_cursor).toBeNull();
    const paged = [...first.body.entries, ...second.body.entries].map((e: { id: string }) => e.id);
    const whole = (await auditLog({ entity_id: dealer, limit: 200 })).body.entries.map((e: { id: string }) => e.id);
    expect(paged).toEqual(whole);
    expect(whole).toHaveLength(5);
  });

  test('When no limit is given, Then one page of 50 is answered (the log only grows)', async () => {
    const res = await auditLog();
    expect(res.status).toBe(200);
    expect(res.body.entries.length).toBeLessThanOrEqual(50);
    expect(res.body.total).toEqual(expect.any(Number));
    expect(res.body).toHaveProperty('next_cursor');
  });

  test('When a dealer or an anonymous caller asks, Then 403 and 401; a bad filter is a 400 with a detail', async () => {
    expect((await auditLog({}, identity.tokenFor('dealer'))).status).toBe(403);
    expect((await identity.http().get('/api/admin/audit-log')).status).toBe(401);
    const bad = await auditLog({ entity: 'spaceship' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/entity/);
    const badDay = await auditLog({ from: '27/11/2026' });
    expect(badDay.status).toBe(400);
  });

  test('When a row is edited behind the log, Then the check command names it and exits non-zero', async () => {
    await appendRecords([record({ entity_id: 'D-check-1' }), record({ entity_id: 'D-check-2' })]);
    const env = { ...process.env, DATABASE_URL: identity.db.url };
    const intact = await run('node', [CHECK_COMMAND], { env });
    expect(intact.stdout).toMatch(/^audit log intact: \d+ entries/);

    const target = await superuserQuery("SELECT id FROM audit_log WHERE entity_id = 'D-check-1'");
    const id = String(target.rows[0].id);
    // only a superuser gets past the trigger: as a replica session, triggers do not fire
    const client = new Client({ connectionString: identity.db.url });
    await client.connect();
    try {
      await client.query('SET search_path = identity');
      await client.query('SET session_replication_role = replica');
      await client.query(`UPDATE audit_log SET changes = '{"business_name":["Old","Forged"]}' WHERE id = $1`, [id]);
    } finally {
      await client.end();
    }
    const broken = await run('node', [CHECK_COMMAND], { env }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(broken?.code).toBe(1);
    expect(broken?.stderr).toContain(`audit log broken at entry ${id}`);
  });

  test('When the owner of the table (no provisioning) updates or deletes, Then the trigger refuses', async () => {
    await expect(superuserQuery("UPDATE audit_log SET action = 'x.y'")).rejects.toThrow(/append-only/);
    await expect(superuserQuery('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(superuserQuery('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });
});
