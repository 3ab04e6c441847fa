import { isDatabaseUnavailable } from '../db/unavailable';
import type { SubscribeOptions } from './transport';

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_DELAY_MS = 5000;

/** Thrown by a handler for a message that can never succeed (malformed, fails its schema): no retry, straight to the DLQ. */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

/** A publish the broker could not route to any queue (no consumer bound for the event type). */
export class UnroutableEventError extends Error {
  override name = 'UnroutableEventError';
}

export interface RetryPolicy {
  maxAttempts: number;
  retryDelayMs: number;
}

export function retryPolicy(opts: SubscribeOptions = {}): RetryPolicy {
  return {
    maxAttempts: Math.max(1, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    retryDelayMs: Math.max(0, opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS),
  };
}

/** What happens to a delivery whose handler failed on its `attempt`-th try. */
export function afterFailure(err: unknown, attempt: number, policy: RetryPolicy): 'retry' | 'dead-letter' {
  if (err instanceof PoisonMessageError) return 'dead-letter';
  // the consumer's database being away (a restart, a failover) is not the message's fault: retried until it is back
  if (isDatabaseUnavailable(err)) return 'retry';
  return attempt >= policy.maxAttempts ? 'dead-letter' : 'retry';
}

/** The attempt number a retried delivery carries: a failure for want of the database does not use one up. */
export function nextAttempt(err: unknown, attempt: number): number {
  return isDatabaseUnavailable(err) ? attempt : attempt + 1;
}

/** A short, loggable reason for a failure (never the whole stack in a message header). */
export function failureReason(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 500);
}
