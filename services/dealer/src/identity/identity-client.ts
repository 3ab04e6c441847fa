import { endpoints } from '@portal/contracts';
import { ServiceCallError, serviceUnavailable } from '@portal/platform';
import type { DealerContext } from '../context';

const LOGIN_SERVICE_DOWN = 'Error: The login service is unavailable, so the dealer was not created. Please try again.';

interface LoginRequest {
  dealerId: string;
  email: string;
  password: string;
  fullName: string | undefined;
  /** the admin's own Authorization header: identity checks it is an admin like any other call */
  authorization: string;
}

/**
 * Identity's refusal (email already used, ...) reaches the admin as it is; no answer, a timeout or a 5xx is
 * a 503 with a clear detail.
 */
function asLoginFailure(ctx: DealerContext, err: unknown, endpointId: string): Error {
  if (err instanceof ServiceCallError && err.refused) return err;
  const remote = err instanceof ServiceCallError ? { status: err.remoteStatus } : {};
  ctx.logger.warn({ err: (err as Error).message, endpoint: endpointId, ...remote }, 'identity failed');
  return serviceUnavailable(LOGIN_SERVICE_DOWN);
}

export async function createDealerLogin(ctx: DealerContext, login: LoginRequest): Promise<void> {
  const endpoint = endpoints['admin.createDealerLogin'];
  await ctx.deps.identity
    .call(endpoint, {
      params: { dealer_id: login.dealerId },
      body: { email: login.email, password: login.password, ...(login.fullName ? { full_name: login.fullName } : {}) },
      authorization: login.authorization,
      timeoutMs: ctx.config.IDENTITY_TIMEOUT_MS,
    })
    .catch((err: unknown) => {
      throw asLoginFailure(ctx, err, endpoint.id);
    });
}

/** Undoes a login created for a dealer whose record could not be saved; failures are logged, not thrown. */
export async function removeDealerLogin(ctx: DealerContext, dealerId: string, authorization: string): Promise<void> {
  const endpoint = endpoints['admin.deleteDealerLogin'];
  await ctx.deps.identity
    .call(endpoint, { params: { dealer_id: dealerId }, authorization, timeoutMs: ctx.config.IDENTITY_TIMEOUT_MS })
    .catch((err: unknown) =>
      ctx.logger.error(
        { err: asLoginFailure(ctx, err, endpoint.id).message, dealerId },
        'could not remove the login of a dealer that was not created',
      ),
    );
}
