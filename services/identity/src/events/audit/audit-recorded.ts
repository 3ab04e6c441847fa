import type { BatchConsumer } from '@portal/platform';
import type { IdentityConfig } from '../../config';
import type { IdentityDeps } from '../../dependencies';
import { appendRecordedChanges } from '../../use-cases/audit/audit-log';

/**
 * Every service's `audit.recorded` (identity's own included: the bus delivers a service its own events), appended
 * to the log a batch per statement: a bulk import records thousands of changes.
 */
export const auditRecorded: BatchConsumer<'audit.recorded', IdentityConfig, IdentityDeps> = async (events, ctx) => {
  await appendRecordedChanges(ctx.manager, events);
};
