import {
  type AuditLogEntry,
  type AuditLogQuery,
  type EventEnvelope,
  PAGE_LIMIT_DEFAULT,
  type PayloadOfType,
} from '@portal/contracts';
import type { Page } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { appendAuditEntries, auditLogPage } from '../../data/audit/audit-log';
import { readSystemConfiguration } from '../../data/settings';

/**
 * Appends recorded changes to the log, in delivery order, in the consumer's transaction (the platform's inbox
 * row and the entries commit together). `at` is kept as the instant PostgreSQL stores (milliseconds), so the
 * hash recomputed from the stored row is the hash written.
 */
export function appendRecordedChanges(
  manager: EntityManager,
  events: readonly EventEnvelope<PayloadOfType<'audit.recorded'>>[],
): Promise<number> {
  return appendAuditEntries(
    manager,
    events.map(({ id, payload }) => ({
      at: new Date(payload.at).toISOString(),
      actor_email: payload.actor_email,
      actor_role: payload.actor_role,
      action: payload.action,
      entity: payload.entity,
      entity_id: payload.entity_id,
      changes: payload.changes,
      request_id: payload.request_id,
      event_id: id,
    })),
  );
}

/** One page of the log (always paged: it only grows), newest first by default; days in the system timezone. */
export async function readAuditLog(ctx: IdentityContext, query: AuditLogQuery): Promise<Page<AuditLogEntry>> {
  const { limit, cursor, sort, entity, entity_id, actor, from, to } = query;
  const { system_timezone } = await readSystemConfiguration(ctx.db.manager);
  return auditLogPage(
    ctx.db.manager,
    { entity, entity_id, actor: actor?.toLowerCase(), from, to, timeZone: system_timezone },
    { limit: limit ?? PAGE_LIMIT_DEFAULT, cursor, sort },
  );
}
