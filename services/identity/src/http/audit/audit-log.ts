import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { readAuditLog } from '../../use-cases/audit/audit-log';

/** GET /api/admin/audit-log — one page of the audit log (filters entity, entity_id, actor, from, to). */
export const auditLog: IdentityHandler<'admin.auditLog'> = async ({ query }, ctx) => {
  const { rows, page } = await readAuditLog(ctx, query);
  return succeeded({ entries: rows, next_cursor: page?.next_cursor ?? null, total: page?.total ?? rows.length });
};
