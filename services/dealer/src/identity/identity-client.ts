import { endpoints, fillPath } from '@portal/contracts';
import { HttpError, serviceUnavailable } from '@portal/platform';
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
 * Calls identity's contract endpoint synchronously, with a timeout. Identity's 4xx answers (email already
 * used, ...) reach the admin as they are; no answer, a timeout or a 5xx is a 503 with a clear detail.
 */
async function callIdentity(ctx: DealerContext, method: string, path: string, authorization: string, body?: object) {
  let res: Response;
  try {
    res = await fetch(new URL(path, ctx.config.IDENTITY_URL), {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(ctx.config.IDENTITY_TIMEOUT_MS),
    });
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, path }, 'identity did not answer');
    throw serviceUnavailable(LOGIN_SERVICE_DOWN);
  }
  if (res.ok) return;
  const detail = await res
    .json()
    .then((b: unknown) => (b as { detail?: unknown }).detail)
    .catch(() => undefined);
  if (res.status >= 400 && res.status < 500 && typeof detail === 'string') throw new HttpError(res.status, detail);
  ctx.logger.warn({ status: res.status, path }, 'identity failed');
  throw serviceUnavailable(LOGIN_SERVICE_DOWN);
}

export function createDealerLogin(ctx: DealerContext, login: LoginRequest): Promise<void> {
  const path = fillPath(endpoints['admin.createDealerLogin'].path, { dealer_id: login.dealerId });
  return callIdentity(ctx, 'POST', path, login.authorization, {
    email: login.email,
    password: login.password,
    ...(login.fullName ? { full_name: login.fullName } : {}),
  });
}

/** Undoes a login created for a dealer whose record could not be saved; failures are logged, not thrown. */
export async function removeDealerLogin(ctx: DealerContext, dealerId: string, authorization: string): Promise<void> {
  const path = fillPath(endpoints['admin.deleteDealerLogin'].path, { dealer_id: dealerId });
  await callIdentity(ctx, 'DELETE', path, authorization).catch((err) =>
    ctx.logger.error(
      { err: (err as Error).message, dealerId },
      'could not remove the login of a dealer that was not created',
    ),
  );
}
