import { rateLimitsTableDown, rateLimitsTableUp } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rate limits of identity (the platform's shared layout): failed sign-ins per account+address, address and
 * account, wrong invitation tokens, wrong current passwords, test mails and invitations, counted in one table
 * every replica reads, so the limits hold however many replicas run (issue 23).
 */
export class RateLimits1770400000000 implements MigrationInterface {
  name = 'RateLimits1770400000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of rateLimitsTableUp()) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const statement of rateLimitsTableDown()) await q.query(statement);
  }
}
