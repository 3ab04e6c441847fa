import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The platform's event tables, created in each service's own schema (names are unqualified: the service's
 * connection pins search_path to its schema).
 * - `outbox`: events written in the business transaction, published later by the relay.
 * - `processed_events`: ids of events a consumer already applied, written with the effect.
 */
export class EventTables1700000000000 implements MigrationInterface {
  name = 'EventTables1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        aggregate_id text NOT NULL,
        envelope jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        sent_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX outbox_unsent ON outbox (next_attempt_at, seq) WHERE sent_at IS NULL');
    await queryRunner.query(`
      CREATE TABLE processed_events (
        event_id uuid PRIMARY KEY,
        type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE processed_events');
    await queryRunner.query('DROP TABLE outbox');
  }
}

export const EventTablesMigration: new () => MigrationInterface = EventTables1700000000000;
