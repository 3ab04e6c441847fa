import { createTokenSigner, type ServiceContext, type TokenSigner } from '@portal/platform';
import type { IdentityConfig } from './config';
import { type AttemptThrottles, createAttemptThrottles } from './throttling/attempt-throttles';
import { createSignInThrottle, type SignInThrottle } from './throttling/sign-in-throttle';
import { mailPendingNewDealers } from './use-cases/notifications/dealer-notices';
import { type PendingNoticeRunner, pendingNoticeRunner } from './use-cases/notifications/pending-notices';
import { type MailFailureWatch, mailFailureWatch } from './use-cases/notifications/system-errors';
import { type ReportSources, reportSources } from './use-cases/reports/report-sources';
import { type ReportScheduler, reportScheduler } from './use-cases/reports/scheduled-reports';

/** What one running identity service keeps for its whole life (counts of the throttles live in memory). */
export interface IdentityDeps {
  /** signs the access tokens (built once: parsing the private key is not free) */
  tokenSigner: TokenSigner;
  signInThrottle: SignInThrottle;
  attemptThrottles: AttemptThrottles;
  /** the time the report scheduler goes by (tests set their own, to move it to the report minute) */
  clock: () => Date;
  /** the order, dealer and incentive services' report figures; null when their URLs are not configured */
  reportSources: ReportSources | null;
  /** the daily report and weekly summary timer, started in onStart and stopped in onStop */
  reportScheduler: ReportScheduler;
  /** counts failed sends in a row: mail that keeps failing is a system error (notify_system_errors) */
  mailFailures: MailFailureWatch;
  /** mails the new dealers claimed by the dealer consumers once their batches commit (started in onStart) */
  newDealerNotices: PendingNoticeRunner;
}

export function identityDependencies({ config }: ServiceContext<IdentityConfig>): IdentityDeps {
  return {
    tokenSigner: createTokenSigner({
      privateKey: config.JWT_PRIVATE_KEY,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      ttlSeconds: config.JWT_TTL_SECONDS,
    }),
    signInThrottle: createSignInThrottle({
      freeFailures: config.SIGN_IN_FREE_FAILURES,
      addressMaxFailures: config.SIGN_IN_ADDRESS_MAX_FAILURES,
      accountMaxDelayMs: config.SIGN_IN_ACCOUNT_MAX_DELAY_MS,
    }),
    attemptThrottles: createAttemptThrottles(),
    clock: () => new Date(),
    reportSources: reportSources(config),
    reportScheduler: reportScheduler(),
    mailFailures: mailFailureWatch(),
    newDealerNotices: pendingNoticeRunner(mailPendingNewDealers),
  };
}
