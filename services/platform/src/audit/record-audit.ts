import {
  AUDIT_REDACTED,
  AUDIT_SECRET_FIELDS,
  type AuditEntity,
  type AuditRecord,
  AuditRecorded,
  type Role,
} from '@portal/contracts';
import { requestContext } from '../log/logger';
import type { Emit } from '../service/definition';

/**
 * A record's fields as the audit log compares them: plain JSON values, keyed by field name. Any object (an
 * interface-typed row too, which TypeScript does not count as a Record).
 */
export type AuditFields = object;

export interface AuditEntry {
  /** `<entity>.<verb>`: 'dealer.updated', 'settings.updated', 'order.status_changed' */
  action: string;
  entity: AuditEntity;
  entity_id: string | number;
  /** the record before the change (null when it is created) */
  before?: AuditFields | null;
  /** the record after the change (null when it is deleted) */
  after?: AuditFields | null;
  /** who made it, when not the caller of the current request (a consumer acting for a user) */
  actor?: { email: string; role: Role } | null;
}

const SECRETS: ReadonlySet<string> = new Set(AUDIT_SECRET_FIELDS);

/** JSON-comparable form of a value: dates as ISO strings, undefined as null. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between `before` and `after`, as `field: [before, after]` (null for absent). A
 * created record lists its set fields, a deleted one its last values. A secret field (AUDIT_SECRET_FIELDS)
 * that changed is listed with AUDIT_REDACTED in place of both values, so the log says a password changed
 * without ever holding one.
 */
export function auditChanges(before: AuditFields | null | undefined, after: AuditFields | null | undefined) {
  const changes: Record<string, [unknown, unknown]> = {};
  const beforeFields = (before ?? {}) as Readonly<Record<string, unknown>>;
  const afterFields = (after ?? {}) as Readonly<Record<string, unknown>>;
  const fields = new Set([...Object.keys(beforeFields), ...Object.keys(afterFields)]);
  for (const field of fields) {
    const was = plain(beforeFields[field]);
    const is = plain(afterFields[field]);
    if (same(was, is)) continue;
    changes[field] = SECRETS.has(field) ? [AUDIT_REDACTED, AUDIT_REDACTED] : [was, is];
  }
  return changes;
}

/**
 * Records one privileged change in the audit log: the entry is written to the service's outbox by `emit`, so it
 * commits or rolls back with the change it describes, and identity appends it to the hash-chained log. The actor
 * and the request id are read from the request being served (the contract router puts the verified caller
 * there); outside a request (a consumer, a job) the actor is the system unless `entry.actor` names one.
 * An update that changed nothing records nothing.
 */
export async function recordAudit(emit: Emit, entry: AuditEntry): Promise<void> {
  const record = auditRecordOf(entry);
  if (record) await emit(AuditRecorded, record.entity_id, record);
}

/**
 * `recordAudit` for many changes of one transaction (a bulk import, a zone move of many dealers), written with
 * one outbox insert, so a batch of a thousand dealers costs one statement, not a thousand.
 */
export async function recordAudits(emit: Emit, entries: readonly AuditEntry[]): Promise<void> {
  const records = entries.map(auditRecordOf).filter((record): record is AuditRecord => record !== null);
  await emit.many(
    AuditRecorded,
    records.map((record) => ({ aggregateId: record.entity_id, payload: record })),
  );
}

/** The entry as the log keeps it, or null for an update that changed nothing. */
function auditRecordOf(entry: AuditEntry): AuditRecord | null {
  const changes = auditChanges(entry.before, entry.after);
  const isUpdate = entry.before != null && entry.after != null;
  if (isUpdate && Object.keys(changes).length === 0) return null;
  const request = requestContext.getStore();
  const actor = entry.actor === undefined ? request?.user : entry.actor;
  return {
    at: new Date().toISOString(),
    actor_email: actor?.email ?? null,
    actor_role: actor?.role ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entity_id),
    changes,
    request_id: request?.requestId ?? null,
  };
}
