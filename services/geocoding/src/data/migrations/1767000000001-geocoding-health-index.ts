import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the index on dealers' health: nothing reads through it (the console counts every active dealer and
 * looks for the ones that are not healthy, an inequality), while every placement that changes a dealer's health
 * paid for it (a bulk repair rewrites tens of thousands of rows).
 */
export class GeocodingHealthIndex1767000000001 implements MigrationInterface {
  name = 'GeocodingHealthIndex1767000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS dealers_health_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX dealers_health_idx ON dealers (health) WHERE NOT archived AND NOT deleted');
  }
}
