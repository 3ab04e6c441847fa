import { rateLimitsTableDown, rateLimitsTableUp } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The limits of the public locator per client address (searches, place look-ups, location lists), in the
 * platform's shared layout: counted in one table every replica reads, so they hold however many replicas run.
 */
export class LocatorLimits1767500000001 implements MigrationInterface {
  name = 'LocatorLimits1767500000001';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of rateLimitsTableUp()) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const statement of rateLimitsTableDown()) await q.query(statement);
  }
}
