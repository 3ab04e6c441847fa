import { endpoints } from '@portal/contracts';
import { tooManyRequests } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import { matchedEndpoint } from './edge-auth';
import { sendError } from './error-response';

export interface LoginThrottleOptions {
  maxFailures: number;
  windowSeconds: number;
  /** how many client addresses are remembered; the least recently seen are forgotten first */
  maxClients?: number;
  now?: () => number;
}

interface ClientAttempts {
  /** failed sign-ins in a row, the last one less than a window ago */
  failures: number;
  /** sign-ins sent to identity and not answered yet: counted against the limit so bursts cannot bypass it */
  pending: number;
  lastFailureAt: number;
  /** 0 when not locked */
  lockedUntil: number;
}

export type LoginOutcome = 'failed' | 'succeeded' | 'other';
export type LoginVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Failed sign-ins per client address. After `maxFailures` failures in a row (each less than a window after
 * the previous one) the client is locked out for one window; a successful sign-in clears its count.
 * The memory is bounded (least recently seen clients are forgotten) and local to this process: each gateway
 * replica counts separately, so N replicas allow up to N × maxFailures attempts per window.
 */
export class LoginAttempts {
  private readonly clients = new Map<string, ClientAttempts>();
  private readonly windowMs: number;
  private readonly maxClients: number;
  private readonly now: () => number;

  constructor(private readonly opts: LoginThrottleOptions) {
    this.windowMs = opts.windowSeconds * 1000;
    this.maxClients = opts.maxClients ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  /** Called before a sign-in is forwarded; an allowed attempt must be settled once identity answers. */
  begin(client: string): LoginVerdict {
    const now = this.now();
    const entry = this.fresh(client, now);
    if (entry.lockedUntil > now)
      return { allowed: false, retryAfterSeconds: Math.ceil((entry.lockedUntil - now) / 1000) };
    if (entry.failures + entry.pending >= this.opts.maxFailures) {
      return { allowed: false, retryAfterSeconds: this.opts.windowSeconds };
    }
    entry.pending += 1;
    return { allowed: true };
  }

  settle(client: string, outcome: LoginOutcome): void {
    const now = this.now();
    const entry = this.fresh(client, now);
    entry.pending = Math.max(0, entry.pending - 1);
    if (outcome === 'succeeded') {
      this.clients.delete(client);
    } else if (outcome === 'failed') {
      entry.failures += 1;
      entry.lastFailureAt = now;
      if (entry.failures >= this.opts.maxFailures && entry.lockedUntil <= now) entry.lockedUntil = now + this.windowMs;
    }
  }

  /** The client's entry, reset when its lock or its run of failures has expired, and marked recently seen. */
  private fresh(client: string, now: number): ClientAttempts {
    let entry = this.clients.get(client);
    this.clients.delete(client);
    const expired =
      entry && ((entry.lockedUntil > 0 && entry.lockedUntil <= now) || now - entry.lastFailureAt > this.windowMs);
    if (!entry || expired) entry = { failures: 0, pending: entry?.pending ?? 0, lastFailureAt: now, lockedUntil: 0 };
    this.clients.set(client, entry);
    while (this.clients.size > this.maxClients) {
      const oldest = this.clients.keys().next().value;
      if (oldest === undefined) break;
      this.clients.delete(oldest);
    }
    return entry;
  }
}

function outcomeOf(res: Response): LoginOutcome {
  if (!res.writableFinished) return 'other';
  if (res.statusCode === 401) return 'failed';
  if (res.statusCode >= 200 && res.statusCode < 300) return 'succeeded';
  return 'other';
}

export function lockedOutMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

const LOGIN_ENDPOINT_ID = endpoints['auth.login'].id;

/**
 * Throttles POST /api/auth/login by client address (req.ip, so TRUST_PROXY decides whether X-Forwarded-For
 * counts). A failure is identity answering 401; a locked-out client gets 429 without reaching identity.
 */
export function loginThrottle(opts: LoginThrottleOptions) {
  const attempts = new LoginAttempts(opts);
  return (req: Request, res: Response, next: NextFunction) => {
    if (matchedEndpoint(req)?.id !== LOGIN_ENDPOINT_ID) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const verdict = attempts.begin(client);
    if (!verdict.allowed) {
      return sendError(res, tooManyRequests(lockedOutMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds));
    }
    res.once('close', () => attempts.settle(client, outcomeOf(res)));
    next();
  };
}
