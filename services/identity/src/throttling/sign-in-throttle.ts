import { type FailureBackOff, failureBackOff, type RateLimits, tooManyRequests } from '@portal/platform';
import { toSeconds, waitPhrase } from './waiting-message';

const MINUTE = 60_000;
const ADDRESS_WINDOW_SECONDS = 15 * 60;
/** failures of one account from an address already over its ceiling, per window, before that pair waits too */
const PAIR_FAILURES_OVER_CEILING = 2;

/**
 * Failed sign-ins, counted in PostgreSQL (identity's rate_limits table) so every replica counts the same ones,
 * three ways, each for its own threat:
 * - per account+address pair: a growing back-off after a few free failures. This is what stops one client
 *   guessing one account, and it touches no one else.
 * - per address: a ceiling (SIGN_IN_ADDRESS_MAX_FAILURES per 15 minutes) that slows guessing across many
 *   (often made-up) accounts. It never refuses a correct password of an account that is not itself under
 *   attack: behind an office NAT or a proxy every user shares one address, so an address-wide lock-out would
 *   let anyone lock everyone out. Over the ceiling the password is still checked: a correct one signs in
 *   unless the pair's own back-off is active; a wrong one answers the same 429 as a refusal (so it tells the
 *   guesser nothing) and counts against the pair, which over the ceiling may fail only
 *   PAIR_FAILURES_OVER_CEILING times per window. A guesser over the ceiling thus gets one or two guesses per
 *   account per 15 minutes, a slow password spray, and learns only from a correct guess.
 * - per account: a bounded slow-down of every attempt (at most SIGN_IN_ACCOUNT_MAX_DELAY_MS), never a
 *   refusal, so guesses spread over many addresses are slowed but the real user, from a clean address,
 *   always gets in.
 * Every count is taken before the password is checked, in one atomic statement, and given back when the
 * password was right: only failures count in the end, and concurrent attempts on any replica can never get
 * more guesses judged than the ceilings allow (in-flight attempts count as failures until they succeed).
 */
export interface SignInThrottle {
  /**
   * Runs one sign-in attempt of `account` from `address`: refuses with 429 while the pair must wait, else
   * runs `attempt`, which answers whether the credentials were wrong.
   */
  attempt<T>(account: string, address: string, attempt: () => Promise<{ failed: boolean; result: T }>): Promise<T>;
}

export function createSignInThrottle(
  limits: RateLimits,
  opts: {
    freeFailures: number;
    addressMaxFailures: number;
    accountMaxDelayMs: number;
    sleep?: (ms: number) => Promise<void>;
  },
): SignInThrottle {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const pairs: FailureBackOff = failureBackOff(limits, {
    name: 'sign-in-pair',
    freeFailures: opts.freeFailures,
    baseDelayMs: 1000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterSeconds: 60 * 60,
  });
  const detail = 'Too many failed sign-in attempts.';
  const addresses = limits.limit({
    name: 'sign-in-address',
    points: opts.addressMaxFailures,
    windowSeconds: ADDRESS_WINDOW_SECONDS,
    detail,
  });
  const pairsOverCeiling = limits.limit({
    name: 'sign-in-pair-over-ceiling',
    points: PAIR_FAILURES_OVER_CEILING,
    windowSeconds: ADDRESS_WINDOW_SECONDS,
    detail,
  });
  const accounts = limits.limit({
    name: 'sign-in-account',
    points: Number.MAX_SAFE_INTEGER,
    windowSeconds: 15 * 60,
    detail,
  });
  const accountSlowDown = (failures: number) => {
    const paid = failures - 10;
    return paid > 0 ? Math.min(250 * 2 ** (paid - 1), opts.accountMaxDelayMs) : 0;
  };
  const refusal = (waitMs: number) => {
    const seconds = toSeconds(waitMs);
    return tooManyRequests(`${detail} Please wait ${waitPhrase(seconds)} and try again.`, seconds);
  };

  return {
    async attempt<T>(
      account: string,
      address: string,
      attempt: () => Promise<{ failed: boolean; result: T }>,
    ): Promise<T> {
      const pair = `${account}\u0000${address}`;
      const byAddress = await addresses.take(address);
      const admission = await pairs.begin(pair);
      if (!admission.admitted) {
        await addresses.reward(address);
        throw refusal(admission.retryAfterMs);
      }
      const overCeiling = !byAddress.allowed;
      const judged = admission.attempt;
      if (overCeiling) {
        const pairOverCeiling = await pairsOverCeiling.take(pair);
        if (!pairOverCeiling.allowed) {
          await Promise.all([addresses.reward(address), pairsOverCeiling.reward(pair), judged.succeeded()]);
          throw refusal(Math.max(byAddress.msBeforeReset, pairOverCeiling.msBeforeReset));
        }
      }
      const slowDown = accountSlowDown((await accounts.get(account))?.consumed ?? 0);
      if (slowDown > 0) await sleep(slowDown);
      // a correct password (or an attempt that broke before judging) does not count
      const giveBack = () =>
        Promise.all([
          addresses.reward(address),
          overCeiling ? pairsOverCeiling.reward(pair) : undefined,
          judged.succeeded(),
        ]);
      let outcome: { failed: boolean; result: T };
      try {
        outcome = await attempt();
      } catch (err) {
        await giveBack();
        throw err;
      }
      if (!outcome.failed) {
        await giveBack();
        return outcome.result;
      }
      await Promise.all([judged.failed(), accounts.penalty(account)]);
      // over the ceiling a wrong password gets the address's refusal: the same answer as before it was checked
      if (overCeiling) throw refusal(byAddress.msBeforeReset);
      return outcome.result;
    },
  };
}
