import { randomUUID } from 'node:crypto';
import type { AuditRecord } from '@portal/contracts';

interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** A fresh x-request-id for one request of a test, so its audit entries can be told from every other's. */
export const auditRequestId = () => `audit-${randomUUID()}`;

/**
 * The audit entries (audit.recorded events) a service wrote to its outbox for one request, oldest first: what
 * the request's changes told the audit log. `db` is the service's own database (its schema's outbox).
 */
export async function auditEntriesOf(db: Queryable, requestId: string): Promise<AuditRecord[]> {
  const rows = (await db.query(
    `SELECT envelope->'payload' AS entry FROM outbox
     WHERE type = 'audit.recorded' AND envelope->'payload'->>'request_id' = $1 ORDER BY seq`,
    [requestId],
  )) as { entry: AuditRecord }[];
  return rows.map((row) => row.entry);
}

/** Every audit entry in the service's outbox as raw text: to show that a secret's value appears in none. */
export async function allAuditText(db: Queryable): Promise<string> {
  const rows = (await db.query(
    `SELECT coalesce(string_agg(envelope::text, '\n' ORDER BY seq), '') AS text FROM outbox WHERE type = 'audit.recorded'`,
  )) as { text: string }[];
  return rows[0]?.text ?? '';
}
