import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order service's copy of the default payment terms (issue 24; identity owns the setting in its system
 * configuration), fed by settings.payment_terms_changed. One row at most; until identity announces a value there
 * is none and 30 days apply. A table of its own rather than a column of `system_settings`: that table is the
 * platform's timezone copy, the same in every service, and each announcement needs its own changed_at.
 */
export class DefaultPaymentTerms1770900000000 implements MigrationInterface {
  name = 'DefaultPaymentTerms1770900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE default_payment_terms (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        payment_terms_days integer NOT NULL CHECK (payment_terms_days BETWEEN 0 AND 365),
        -- when identity changed it: an older announcement arriving late never overwrites a newer value
        changed_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE default_payment_terms');
  }
}
