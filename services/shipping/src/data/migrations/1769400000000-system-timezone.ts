import { createSystemTimezoneTable, dropSystemTimezoneTable } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shipping service's copy of the system timezone (identity owns it), in which it shows and counts dates: the
 * platform's table, fed by settings.timezone_changed; until identity announces a timezone there is no row and
 * the contract's default (America/Chicago) applies.
 */
export class SystemTimezone1769400000000 implements MigrationInterface {
  name = 'SystemTimezone1769400000000';

  async up(q: QueryRunner): Promise<void> {
    await createSystemTimezoneTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropSystemTimezoneTable(q);
  }
}
