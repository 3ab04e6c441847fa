import { rowCountsDown, rowCountsUp } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEALER_COUNTS } from '../dealer-lists';

/**
 * The dealers counted per status, state and zone (the platform's row counts): the total of a dealer list, or of
 * one filtered by state and zone, is a sum over a few hundred rows rather than a count of 100,000 dealers.
 */
export class DealerCounts1767600000000 implements MigrationInterface {
  name = 'DealerCounts1767600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of rowCountsUp(DEALER_COUNTS)) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const statement of rowCountsDown(DEALER_COUNTS)) await q.query(statement);
  }
}
