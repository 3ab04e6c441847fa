import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * invitation_dealers becomes known_dealers, the platform's dealer directory as every service keeps it: each
 * aspect with the time of the event it came from (so a late dealer.archived no longer undoes a newer restore),
 * and a deleted dealer kept as a tombstone. Kept rows stay. Their times were never recorded: a row holds the
 * fields or archive of some earlier event, so those times start at -infinity (known, older than any event to
 * come); a row that only heard an archive (its email '') has no fields yet.
 */
export class KnownDealers1768000000000 implements MigrationInterface {
  name = 'KnownDealers1768000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invitation_dealers RENAME TO known_dealers');
    await q.query('ALTER TABLE known_dealers RENAME CONSTRAINT invitation_dealers_pkey TO known_dealers_pkey');
    await q.query(`
      ALTER TABLE known_dealers
        ALTER COLUMN email DROP NOT NULL,
        ADD COLUMN fields_changed_at timestamptz,
        ADD COLUMN archived_changed_at timestamptz,
        ADD COLUMN deleted boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE known_dealers SET email = NULL WHERE email = ''`);
    await q.query(`
      UPDATE known_dealers SET
        fields_changed_at = CASE WHEN email IS NOT NULL THEN '-infinity'::timestamptz END,
        archived_changed_at = CASE WHEN archived THEN '-infinity'::timestamptz END`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM known_dealers WHERE deleted');
    await q.query(`UPDATE known_dealers SET email = '' WHERE email IS NULL`);
    await q.query(`
      ALTER TABLE known_dealers
        DROP COLUMN deleted,
        DROP COLUMN archived_changed_at,
        DROP COLUMN fields_changed_at,
        ALTER COLUMN email SET NOT NULL`);
    await q.query('ALTER TABLE known_dealers RENAME CONSTRAINT known_dealers_pkey TO invitation_dealers_pkey');
    await q.query('ALTER TABLE known_dealers RENAME TO invitation_dealers');
  }
}
