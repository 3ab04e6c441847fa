import { internalEndpoints } from '@portal/contracts';
import { internalRoute } from '@portal/platform';
import type { IdentityConfig } from '../../config';
import type { IdentityDeps } from '../../dependencies';
import { staffUserByEmail } from '../../use-cases/users/staff-user-lookup';

/**
 * GET /internal/staff-users/{email} — another service (shipping, naming a route's driver) looks up an admin or
 * delivery user with the caller's own bearer token forwarded; never routed by the gateway.
 */
export const staffUserRoute = internalRoute<
  (typeof internalEndpoints)['internal.staffUser'],
  IdentityConfig,
  IdentityDeps
>(internalEndpoints['internal.staffUser'], async ({ params }, ctx) => ({
  user: await staffUserByEmail(ctx, params.email),
}));
