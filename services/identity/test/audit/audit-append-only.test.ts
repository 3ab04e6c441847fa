import { randomUUID } from 'node:crypto';
import { type AuditRecord, AuditRecorded } from '@portal/contracts';
import { createAmqpTransport, createLogger, type EventTransport } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import { Client } from 'pg';
import { createRabbitVhost, type RabbitVhost } from '../../../platform/test/telemetry/support/rabbit-vhost';
import { checkAuditChain } from '../../src/use-cases/audit/check-chain';
import { bearer, eventually, startIdentity, type TestIdentity } from '../support/identity';

/**
 * Identity as compose, Kubernetes and the launcher run it: connected as its own provisioned role (DATABASE_URL)
 * with the admin URL for provisioning, two replicas on one database and one RabbitMQ.
 */
let db: TestDatabase;
let vhost: RabbitVhost;
let replicas: TestIdentity[] = [];
let serviceRoleUrl: string;
/** another service's publisher on the same broker */
let producer: EventTransport;

beforeAll(async () => {
  db = await createTestDatabase('identity_audit_ro');
  vhost = await createRabbitVhost('identity-audit');
  const url = new URL(db.url);
  // `<database>_identity`: the harness drops the database's roles with it
  url.username = `${db.name}_identity`;
  url.password = 'service-role-password';
  serviceRoleUrl = url.toString();
  const env = { DATABASE_URL: serviceRoleUrl, DATABASE_ADMIN_URL: db.url, AMQP_URL: vhost.url };
  replicas.push(await startIdentity('identity_audit_a', env));
  replicas.push(await startIdentity('identity_audit_b', env));
  producer = createAmqpTransport({ url: vhost.url, logger: createLogger('test', 'silent') });
}, 60_000);

afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  replicas = [];
  await producer?.close();
  await vhost?.drop();
  await db?.drop();
});

async function asRole(connectionString: string, sql: string) {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query('SET search_path = identity');
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const record = (n: number): AuditRecord => ({
  at: new Date().toISOString(),
  actor_email: 'admin@example.com',
  actor_role: 'admin',
  action: 'order.updated',
  entity: 'order',
  entity_id: `O-${n}`,
  changes: { status: ['pending', 'confirmed'] },
  request_id: `req-${n}`,
});

test('When both replicas append at once (their own changes and events on RabbitMQ), Then the log is one unbroken chain', async () => {
  const [a, b] = replicas as [TestIdentity, TestIdentity];
  const published = Array.from({ length: 40 }, (_, n) =>
    producer.publish(
      {
        id: randomUUID(),
        type: AuditRecorded.type,
        version: AuditRecorded.version,
        occurredAt: new Date().toISOString(),
        producer: 'order',
        aggregateId: `O-${n}`,
        payload: record(n),
      },
      {},
    ),
  );
  // identity's own changes, made on both replicas: each emits audit.recorded, heard back over RabbitMQ
  const created = Array.from({ length: 10 }, (_, n) =>
    (n % 2 ? a : b)
      .http()
      .post('/api/admin/create-admin-user')
      .set(bearer((n % 2 ? a : b).tokenFor('admin')))
      .send({ email: `replica.user.${n}@example.com`, full_name: `Replica User ${n}`, role: 'delivery' }),
  );
  const answers = await Promise.all(created);
  await Promise.all(published);
  expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));

  await eventually(async () => {
    const rows = await a.service.ctx.db.query('SELECT count(*)::int AS n FROM audit_log');
    expect(rows[0].n).toBe(50);
  }, 20_000);
  expect(await checkAuditChain(a.service.ctx.db.manager, 7)).toEqual({ intact: true, entries: 50 });
}, 60_000);

test("When the service's role updates, deletes or truncates entries, Then PostgreSQL refuses: it neither owns the table nor has the rights", async () => {
  await expect(asRole(serviceRoleUrl, "UPDATE audit_log SET action = 'forged.entry'")).rejects.toThrow(
    /permission denied/,
  );
  await expect(asRole(serviceRoleUrl, 'DELETE FROM audit_log')).rejects.toThrow(/permission denied/);
  await expect(asRole(serviceRoleUrl, 'TRUNCATE audit_log')).rejects.toThrow(/permission denied/);
  // granting itself the rights back grants nothing: it is not the owner
  await asRole(serviceRoleUrl, 'GRANT UPDATE, DELETE ON audit_log TO CURRENT_USER').catch(() => undefined);
  await expect(asRole(serviceRoleUrl, "UPDATE audit_log SET action = 'forged.entry'")).rejects.toThrow(
    /permission denied/,
  );
  await expect(asRole(serviceRoleUrl, 'DROP TRIGGER audit_log_append_only ON audit_log')).rejects.toThrow(
    /must be owner/,
  );
  // it still reads and appends (the consumer's work)
  const read = await asRole(serviceRoleUrl, 'SELECT count(*)::int AS n FROM audit_log');
  expect(read.rows[0].n).toBeGreaterThan(0);
  const owner = await asRole(db.url, "SELECT tableowner FROM pg_tables WHERE tablename = 'audit_log'");
  expect(owner.rows[0].tableowner).toBe(`${db.name}_identity_ledger`);
});
