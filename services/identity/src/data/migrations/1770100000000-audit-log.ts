import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (issue 23): one row per privileged change of any service, appended by identity's consumer of
 * `audit.recorded`, hash-chained in id order (domain/audit/audit-chain).
 *
 * Append-only, in two layers:
 * - Ownership (the real guard). A role that owns a table can always grant itself rights back or drop its
 *   triggers, so where the service is provisioned with an admin URL (compose, Kubernetes' migration job, the
 *   one-machine launcher) the platform hands this table to a separate NOLOGIN role after the migrations ran and
 *   leaves the service's role only SELECT and INSERT (`appendOnlyTables` of identity's definition,
 *   platform/db/provision.ts `sealAppendOnlyTables`).
 * - A trigger that refuses UPDATE, DELETE and TRUNCATE for every role, and the owner's own rights revoked, so a
 *   database that was never provisioned (a service that connects as the owner) still refuses an accidental change.
 *   Only a superuser can get past both (session_replication_role = replica), which is what the chain check is for.
 */
export class AuditLog1770100000000 implements MigrationInterface {
  name = 'AuditLog1770100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        -- the chain order
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_email text,
        actor_role text,
        action text NOT NULL,
        entity text NOT NULL,
        entity_id text NOT NULL,
        changes jsonb NOT NULL,
        request_id text,
        -- the audit.recorded event: a redelivered event appends nothing
        event_id uuid NOT NULL UNIQUE,
        prev_hash text NOT NULL,
        hash text NOT NULL
      )`);
    // newest first (at, id) overall and within each filter: an index on exactly each order
    await q.query('CREATE INDEX audit_log_at ON audit_log (at, id)');
    await q.query('CREATE INDEX audit_log_entity ON audit_log (entity, at, id)');
    await q.query('CREATE INDEX audit_log_entity_id ON audit_log (entity, entity_id, at, id)');
    await q.query('CREATE INDEX audit_log_actor ON audit_log (actor_email, at, id)');
    await q.query(`
      CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`);
    await q.query('REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM CURRENT_USER');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE audit_log');
    await q.query('DROP FUNCTION audit_log_refuse_change()');
  }
}
