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

/**
 * Outbox housekeeping (see docs/events.md):
 * - `unroutable_returns` counts the broker's consecutive "no queue is bound" returns of a row; once it reaches
 *   the limit the relay sets `unroutable_at` and stops publishing the row (it stays for the operator).
 * - indexes for the retention cleanup: sent and unroutable rows by age, processed events by age.
 */
export class OutboxHousekeeping1764000000000 implements MigrationInterface {
  name = 'OutboxHousekeeping1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE outbox
        ADD COLUMN unroutable_returns integer NOT NULL DEFAULT 0,
        ADD COLUMN unroutable_at timestamptz`);
    await queryRunner.query('DROP INDEX outbox_unsent');
    await queryRunner.query(
      'CREATE INDEX outbox_unsent ON outbox (next_attempt_at, seq) WHERE sent_at IS NULL AND unroutable_at IS NULL',
    );
    await queryRunner.query('CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL');
    await queryRunner.query('CREATE INDEX outbox_unroutable ON outbox (unroutable_at) WHERE unroutable_at IS NOT NULL');
    await queryRunner.query('CREATE INDEX processed_events_processed_at ON processed_events (processed_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX processed_events_processed_at');
    await queryRunner.query('DROP INDEX outbox_unroutable');
    await queryRunner.query('DROP INDEX outbox_sent');
    await queryRunner.query('DROP INDEX outbox_unsent');
    await queryRunner.query('CREATE INDEX outbox_unsent ON outbox (next_attempt_at, seq) WHERE sent_at IS NULL');
    await queryRunner.query('ALTER TABLE outbox DROP COLUMN unroutable_at, DROP COLUMN unroutable_returns');
  }
}

/** Every migration of the event tables, in order; each service's data source runs them before its own. */
export const EventTablesMigrations: (new () => MigrationInterface)[] = [
  EventTables1700000000000,
  OutboxHousekeeping1764000000000,
];
