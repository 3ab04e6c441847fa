import { internalEndpoints } from '@portal/contracts';
import { internalRoute } from '@portal/platform';
import type { IdentityConfig } from '../../config';
import type { IdentityDeps } from '../../dependencies';
import { noticeSystemError } from '../../use-cases/notifications/system-errors';

/**
 * POST /internal/system-errors — another service's platform reports a dead letter or a stuck outbox; the
 * admins are mailed at most once per kind per hour (notify_system_errors). Never routed by the gateway.
 */
export const systemErrorsRoute = internalRoute<
  (typeof internalEndpoints)['internal.systemErrors'],
  IdentityConfig,
  IdentityDeps
>(internalEndpoints['internal.systemErrors'], async ({ body }, ctx) => ({
  notified: await noticeSystemError(ctx, body),
}));
