import { createSystemTimezoneTable, dropSystemTimezoneTable } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order service's copy of the system timezone (identity owns it), in which orders show and count their
 * dates: the platform's table (the same statement this migration always ran, so databases it already migrated
 * are unchanged), fed by settings.timezone_changed; until identity announces a timezone there is no row and the
 * contract's default (America/Chicago) applies.
 */
export class SystemSettings1767700000000 implements MigrationInterface {
  name = 'SystemSettings1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await createSystemTimezoneTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropSystemTimezoneTable(q);
  }
}
