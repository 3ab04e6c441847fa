import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every notification mail the portal decided to send, one row per (kind, key): the row is inserted in the
 * transaction that sends the mail, so a redelivered event, a second replica or a restart finds it claimed and
 * never mails twice; a mail that fails rolls its row back and is tried again.
 */
export class SentNotifications1769000000000 implements MigrationInterface {
  name = 'SentNotifications1769000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sent_notifications (
        -- what was announced: 'new_order', 'daily_report', 'revenue_milestone', ...
        kind text NOT NULL,
        -- which one: an order id, a day (2026-11-27), a month and multiple (2026-11:3), an hour ...
        key text NOT NULL,
        sent_to text[] NOT NULL,
        -- the mail's Message-ID; null when notification mail was turned off in the Email Settings
        message_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sent_notifications');
  }
}
