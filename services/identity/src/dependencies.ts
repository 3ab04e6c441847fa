import {
  createRateLimits,
  createTokenSigner,
  type RateLimits,
  type ServiceContext,
  type TokenSigner,
} from '@portal/platform';
import type { IdentityConfig } from './config';
import { type AttemptThrottles, createAttemptThrottles } from './throttling/attempt-throttles';
import { createSignInThrottle, type SignInThrottle } from './throttling/sign-in-throttle';
import { createMfaLimits, type MfaLimits } from './use-cases/mfa/mfa-limits';
import { mailPendingNewDealers } from './use-cases/notifications/dealer-notices';
import { type PendingNoticeRunner, pendingNoticeRunner } from './use-cases/notifications/pending-notices';
import { type MailFailureWatch, mailFailureWatch } from './use-cases/notifications/system-errors';
import { type ReportSources, reportSources } from './use-cases/reports/report-sources';
import { type ReportScheduler, reportScheduler } from './use-cases/reports/scheduled-reports';
import { type SessionSightings, sessionSightings } from './use-cases/sessions/session-sightings';

/** What one running identity service keeps for its whole life (the throttles count in PostgreSQL). */
export interface IdentityDeps {
  /** signs the access tokens (built once: parsing the private key is not free) */
  tokenSigner: TokenSigner;
  /** the rate_limits table every replica counts the throttles in (its sweep is stopped in onStop) */
  rateLimits: RateLimits;
  signInThrottle: SignInThrottle;
  attemptThrottles: AttemptThrottles;
  /** limits of two-factor codes and of passwords to turn it off, counted in rateLimits */
  mfaLimits: MfaLimits;
  /**
   * The time the report scheduler, TOTP codes and mfa_tokens go by (tests set their own, to move it to the
   * report minute or to a known TOTP step)
   */
  clock: () => Date;
  /** the order, dealer and incentive services' report figures; null when their URLs are not configured */
  reportSources: ReportSources | null;
  /** the daily report and weekly summary timer, started in onStart and stopped in onStop */
  reportScheduler: ReportScheduler;
  /** counts failed sends in a row: mail that keeps failing is a system error (notify_system_errors) */
  mailFailures: MailFailureWatch;
  /** mails the new dealers claimed by the dealer consumers once their batches commit (started in onStart) */
  newDealerNotices: PendingNoticeRunner;
  /** writes a session's last_seen_at when identity serves it, at most once a minute */
  sessionSightings: SessionSightings;
}

export function identityDependencies({ config, db }: ServiceContext<IdentityConfig>): IdentityDeps {
  const rateLimits = createRateLimits(db);
  return {
    tokenSigner: createTokenSigner({
      privateKey: config.JWT_PRIVATE_KEY,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      ttlSeconds: config.JWT_TTL_SECONDS,
    }),
    rateLimits,
    signInThrottle: createSignInThrottle(rateLimits, {
      freeFailures: config.SIGN_IN_FREE_FAILURES,
      addressMaxFailures: config.SIGN_IN_ADDRESS_MAX_FAILURES,
      accountMaxDelayMs: config.SIGN_IN_ACCOUNT_MAX_DELAY_MS,
    }),
    attemptThrottles: createAttemptThrottles(rateLimits),
    mfaLimits: createMfaLimits(rateLimits),
    clock: () => new Date(),
    reportSources: reportSources(config),
    reportScheduler: reportScheduler(),
    mailFailures: mailFailureWatch(),
    newDealerNotices: pendingNoticeRunner(mailPendingNewDealers),
    sessionSightings: sessionSightings(),
  };
}
