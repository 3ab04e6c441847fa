import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The achievements reached in a period, across programs (identity's weekly performance summary): the other
 * achievement indexes lead with the program or keep only the pending ones.
 */
export class AchievementsReachedIndex1769500000000 implements MigrationInterface {
  name = 'AchievementsReachedIndex1769500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX achievements_reached_idx ON achievements (achieved_at DESC, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX achievements_reached_idx');
  }
}
