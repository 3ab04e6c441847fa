import { rateLimitsTableDown, rateLimitsTableUp } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rate limits of the dealer service (the platform's shared layout): dealer applications per client address
 * and per email, counted in one table every replica reads, so the limits hold however many replicas run.
 */
export class DealerApplicationLimits1769610000000 implements MigrationInterface {
  name = 'DealerApplicationLimits1769610000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of rateLimitsTableUp()) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const statement of rateLimitsTableDown()) await q.query(statement);
  }
}
