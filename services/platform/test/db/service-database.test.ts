import { createLogger, openDatabase, provisionServiceDatabase } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import { Client } from 'pg';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

const logger = createLogger('db-test', 'silent');

/** A service migration with an unqualified table name, as services write them; fails if run twice. */
class Shelves1763000000000 implements MigrationInterface {
  name = 'Shelves1763000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query('CREATE TABLE shelves (id serial PRIMARY KEY, label text NOT NULL)');
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE shelves');
  }
}

let db: TestDatabase;
/** the database URL as the role of `service` (a role of this test's own, dropped with the database) */
const roleUrl = (service: string) => {
  const url = new URL(db.url);
  url.username = `${db.name}_${service}`;
  url.password = `pw-${service}`;
  return url.toString();
};
const opened: DataSource[] = [];
const open = async (service: string, migrations = [Shelves1763000000000]) => {
  const dataSource = await openDatabase({ url: roleUrl(service), schema: service, migrations, logger });
  opened.push(dataSource);
  return dataSource;
};
const provision = (service: string) =>
  provisionServiceDatabase(db.url, service, `${db.name}_${service}`, `pw-${service}`);

beforeAll(async () => {
  db = await createTestDatabase('platform_db');
  await provision('order');
  await provision('media');
  // a table in public, as a careless migration or an operator might leave there
  const admin = new Client({ connectionString: db.url });
  await admin.connect();
  await admin.query('CREATE TABLE public.shared_notes (note text)');
  await admin.end();
});

afterAll(async () => {
  for (const dataSource of opened) if (dataSource.isInitialized) await dataSource.destroy();
  await db?.drop();
});

describe('a service database (provisionServiceDatabase + openDatabase)', () => {
  test('When the "order" service (a reserved word) opens its schema, Then its role creates and reads its own tables', async () => {
    const order = await open('order');
    const [{ current_user, current_schema }] = await order.query('SELECT current_user, current_schema()');
    expect(current_user).toBe(`${db.name}_order`);
    expect(current_schema).toBe('order');
    await order.query("INSERT INTO shelves (label) VALUES ('A1')");
    expect(await order.query('SELECT label FROM shelves')).toEqual([{ label: 'A1' }]);
    await order.query('CREATE TABLE scratch (n int)');
    await order.query('DROP TABLE scratch');
  });

  test('When the migrations ran, Then they are recorded in "<schema>_migrations" inside the service schema', async () => {
    const order = await open('order');
    const tables = await order.query(
      "SELECT table_schema, table_name FROM information_schema.tables WHERE table_name LIKE '%migrations'",
    );
    expect(tables).toEqual([{ table_schema: 'order', table_name: 'order_migrations' }]);
    const names = (await order.query('SELECT name FROM order_migrations ORDER BY id')).map(
      (row: { name: string }) => row.name,
    );
    // in timestamp order, the platform's event-table migrations with the service's own
    expect(names).toEqual([
      'EventTables1700000000000',
      'Shelves1763000000000',
      'OutboxHousekeeping1764000000000',
      'OutboxClaimInOrder1766200000000',
    ]);
  });

  test('When the service opens its database a second time, Then no migration runs again', async () => {
    await open('order');
    const again = await open('order');
    expect(await again.showMigrations()).toBe(false);
    const [{ n }] = await again.query('SELECT count(*)::int AS n FROM order_migrations');
    expect(n).toBe(4);
  });

  test("When a service's role reaches into another service's schema, Then PostgreSQL refuses to read or create there", async () => {
    const media = await open('media');
    const order = await open('order');
    await media.query("INSERT INTO shelves (label) VALUES ('media only')");
    await expect(order.query('SELECT * FROM media.shelves')).rejects.toThrow(/permission denied/);
    await expect(order.query('CREATE TABLE media.intruder (n int)')).rejects.toThrow(/permission denied/);
    await expect(order.query('SELECT * FROM media.outbox')).rejects.toThrow(/permission denied/);
  });

  test('When a service role reaches into public, Then it can neither read its tables nor create one', async () => {
    const order = await open('order');
    await expect(order.query('SELECT * FROM public.shared_notes')).rejects.toThrow(/permission denied/);
    await expect(order.query('CREATE TABLE public.intruder (n int)')).rejects.toThrow(/permission denied/);
    await expect(order.query('CREATE SCHEMA elsewhere')).rejects.toThrow(/permission denied/);
  });

  test('When provisioning runs again (a restart, a second replica), Then it succeeds and changes nothing', async () => {
    await Promise.all([provision('order'), provision('order')]);
    const order = await open('order');
    expect(await order.query('SELECT label FROM shelves')).toEqual([{ label: 'A1' }]);
  });
});
