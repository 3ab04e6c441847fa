import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dealers placed offline at once (from their dealer.created/updated) that Google should place again when it is
 * configured: `refine_after` is when a replica may take the dealer (null: nothing to do). Taking one moves it a
 * few minutes on, a lease: a replica that dies mid-call leaves the dealer to another one later.
 */
export class GoogleRefinement1767000000002 implements MigrationInterface {
  name = 'GoogleRefinement1767000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dealers ADD COLUMN refine_after timestamptz');
    await q.query('CREATE INDEX dealers_refine_idx ON dealers (refine_after) WHERE refine_after IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX dealers_refine_idx');
    await q.query('ALTER TABLE dealers DROP COLUMN refine_after');
  }
}
