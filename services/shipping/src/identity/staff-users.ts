import { internalEndpoints, type StaffUserAnswer } from '@portal/contracts';
import {
  type BaseConfig,
  ServiceCallError,
  type ServiceClient,
  type ServiceContext,
  serviceClient,
} from '@portal/platform';

/** Bounds the lookup of a driver: identity answers it from one indexed row. */
const STAFF_USER_TIMEOUT_MS = 5_000;

export type StaffUser = StaffUserAnswer['user'];

/** What shipping asks of identity: who a staff user is (a route's driver). */
export interface IdentityForShipping {
  client: ServiceClient;
  /**
   * The admin or delivery user with `email`, asked with the caller's own Authorization header; null when identity
   * knows no staff user by it. Identity being unreachable stays an error (a 502): a driver is never assumed.
   */
  staffUser(email: string, authorization: string): Promise<StaffUser | null>;
}

export function identityForShipping(ctx: ServiceContext<BaseConfig>): IdentityForShipping {
  const client = serviceClient(ctx.config.IDENTITY_URL as string);
  return {
    client,
    async staffUser(email, authorization) {
      try {
        const answer = await client.call(internalEndpoints['internal.staffUser'], {
          params: { email },
          authorization,
          timeoutMs: STAFF_USER_TIMEOUT_MS,
        });
        return answer.user;
      } catch (err) {
        if (err instanceof ServiceCallError && err.remoteStatus === 404) return null;
        throw err;
      }
    },
  };
}
