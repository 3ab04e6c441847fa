import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a dealer became active and when its application came (identity's daily report counts both per day).
 * A dealer created active (by an admin, by an import) became active when created; an applicant when approved,
 * which only an UPDATE of its status shows. Kept by a trigger rather than by each writer, so every way a
 * dealer is created or approved (create, import, application, dealer-action) keeps them without knowing of the
 * report; a restore of an archived dealer is not "new". Each has a partial index: a day is a short range scan.
 */
export class DealerReportDates1769500000000 implements MigrationInterface {
  name = 'DealerReportDates1769500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE dealers ADD COLUMN activated_at timestamptz, ADD COLUMN applied_at timestamptz');
    await q.query(`UPDATE dealers SET activated_at = created_at WHERE status <> 'pending' AND announced`);
    await q.query(`UPDATE dealers SET applied_at = created_at WHERE status = 'pending' OR NOT announced`);
    await q.query(`
      CREATE FUNCTION dealers_report_dates() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.status = 'pending' THEN
            NEW.applied_at := coalesce(NEW.applied_at, NEW.created_at);
          ELSIF NEW.status = 'active' THEN
            NEW.activated_at := coalesce(NEW.activated_at, NEW.created_at);
          END IF;
        ELSIF OLD.status = 'pending' AND NEW.status = 'active' AND NEW.activated_at IS NULL THEN
          NEW.activated_at := now();
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER dealers_report_dates BEFORE INSERT OR UPDATE OF status ON dealers
      FOR EACH ROW EXECUTE FUNCTION dealers_report_dates()`);
    await q.query('CREATE INDEX dealers_activated_idx ON dealers (activated_at) WHERE activated_at IS NOT NULL');
    await q.query('CREATE INDEX dealers_applied_idx ON dealers (applied_at) WHERE applied_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER dealers_report_dates ON dealers');
    await q.query('DROP FUNCTION dealers_report_dates()');
    await q.query('ALTER TABLE dealers DROP COLUMN activated_at, DROP COLUMN applied_at');
  }
}
