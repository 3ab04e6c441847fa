import { createTestDatabase, lifecycleEvent, type TestDatabase } from '@portal/platform/testing';
import { DataSource } from 'typeorm';
import { identityService } from '../src/app';
import { KnownDealers1768000000000 } from '../src/data/migrations/1768000000000-known-dealers';
import { knownDealers } from '../src/use-cases/dealer-logins/dealer-lifecycle';

/** invitation_dealers becomes known_dealers: the rows identity kept before stay, with their times unknown. */

let db: TestDatabase;
afterAll(() => db?.drop());

test('When the migration runs on kept dealers, Then they stay, an archive-only row has no fields, and any later event applies', async () => {
  db = await createTestDatabase('identity_known_dealers');
  const migrations = identityService.migrations ?? [];
  const before = new DataSource({
    type: 'postgres',
    url: db.url,
    migrations: migrations.filter((m) => m !== KnownDealers1768000000000),
  });
  await before.initialize();
  await before.runMigrations();
  await before.query(
    `INSERT INTO invitation_dealers (dealer_id, business_name, full_name, email, phone, archived)
     VALUES ('d-1', 'Acme', 'Ann', 'ann@example.com', '555-0100', false),
            ('d-2', 'Bolt', NULL, 'bo@example.com', NULL, true),
            ('d-3', NULL, NULL, '', NULL, true)`,
  );
  await before.destroy();

  const after = new DataSource({ type: 'postgres', url: db.url, migrations });
  await after.initialize();
  try {
    await after.runMigrations();
    const rows = await after.query(
      `SELECT dealer_id, business_name, full_name, email, phone, archived, deleted,
              fields_changed_at = '-infinity' AS fields_time_unknown, fields_changed_at IS NULL AS no_fields,
              archived_changed_at = '-infinity' AS archive_time_unknown
         FROM known_dealers ORDER BY dealer_id`,
    );
    expect(rows).toEqual([
      {
        dealer_id: 'd-1',
        business_name: 'Acme',
        full_name: 'Ann',
        email: 'ann@example.com',
        phone: '555-0100',
        archived: false,
        deleted: false,
        fields_time_unknown: true,
        no_fields: false,
        archive_time_unknown: null,
      },
      {
        dealer_id: 'd-2',
        business_name: 'Bolt',
        full_name: null,
        email: 'bo@example.com',
        phone: null,
        archived: true,
        deleted: false,
        fields_time_unknown: true,
        no_fields: false,
        archive_time_unknown: true,
      },
      {
        dealer_id: 'd-3',
        business_name: null,
        full_name: null,
        email: null,
        phone: null,
        archived: true,
        deleted: false,
        fields_time_unknown: null,
        no_fields: true,
        archive_time_unknown: true,
      },
    ]);
    expect(await after.query(`SELECT to_regclass('invitation_dealers') AS old`)).toEqual([{ old: null }]);

    // the kept values are older than any event: a restore and an update, however old, apply
    const changes = await after.transaction((manager) =>
      knownDealers.apply(
        [
          lifecycleEvent('d-1', { type: 'dealer.updated', second: 2 }),
          lifecycleEvent('d-2', { type: 'dealer.restored', second: 1 }),
        ],
        { manager },
      ),
    );
    expect(changes.fields.map(({ dealer }) => dealer.dealer_id)).toEqual(['d-1']);
    expect(changes.archived).toEqual([{ dealer_id: 'd-2', archived: false }]);
  } finally {
    await after.destroy();
  }
});
