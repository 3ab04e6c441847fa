import { SESSION_REVOCATIONS_PATH, SessionRevocationsAnswer } from '@portal/contracts';
import type { Logger } from 'pino';

/**
 * Where revoked sessions come from: `after` is the cursor of the previous answer (0 at first); the answer
 * holds the sessions revoked since then that have not expired, and the new cursor. identity answers it from
 * its database; every other process asks identity over HTTP (`httpRevocationFeed`).
 */
export type RevocationFeed = (after: number) => Promise<SessionRevocationsAnswer>;

export interface SessionRevocationsOptions {
  feed: RevocationFeed;
  logger: Logger;
  /** how often the feed is asked (SESSION_SYNC_INTERVAL_MS); default 1000 */
  intervalMs?: number;
  now?: () => number;
}

/**
 * The revoked sessions every token check consults, kept in memory and refreshed from the feed every
 * `intervalMs`, so a revocation takes effect everywhere within about one interval without a database query
 * per request. Until the first sync succeeds the list is not `ready()` (the verifier then answers 503: a
 * revoked token must never pass just because the process has only started); after that a failed sync keeps
 * the last state, logs a warning and is retried at the next interval.
 */
export class SessionRevocations {
  private readonly revoked = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private cursor = 0;
  private synced = false;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private failing = false;
  private stopped = false;

  constructor(private readonly opts: SessionRevocationsOptions) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.now = opts.now ?? Date.now;
  }

  /** Syncs once now, then every interval; resolves after the first attempt whatever its outcome. */
  async start(): Promise<void> {
    this.stopped = false;
    if (this.timer) return;
    await this.sync();
    this.schedule();
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.sync().finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Whether one sync has succeeded: before that, no revocation can be known. */
  ready(): boolean {
    return this.synced;
  }

  isRevoked(sid: string): boolean {
    const expiresAt = this.revoked.get(sid);
    if (expiresAt === undefined) return false;
    if (expiresAt <= this.now()) {
      this.revoked.delete(sid);
      return false;
    }
    return true;
  }

  /** How many revoked sessions are remembered (expired ones are dropped at each sync). */
  get size(): number {
    return this.revoked.size;
  }

  /** Asks the feed for what changed since the last cursor; one at a time. */
  sync(): Promise<void> {
    this.syncing ??= this.pull().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async pull(): Promise<void> {
    try {
      const answer = SessionRevocationsAnswer.parse(await this.opts.feed(this.cursor));
      for (const session of answer.revoked) {
        const expiresAt = Date.parse(session.expires_at);
        if (Number.isFinite(expiresAt)) this.revoked.set(session.sid, expiresAt);
      }
      this.cursor = Math.max(this.cursor, answer.cursor);
      const now = this.now();
      for (const [sid, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(sid);
      if (this.failing) this.opts.logger.info({ cursor: this.cursor }, 'session revocations are in sync again');
      this.synced = true;
      this.failing = false;
    } catch (err) {
      // once per outage, not once per interval
      if (!this.failing) {
        this.opts.logger.warn(
          { err: err instanceof Error ? err.message : String(err), ready: this.synced },
          this.synced
            ? 'session revocations could not be refreshed; keeping the last known list and retrying'
            : 'session revocations could not be read yet; signed-in requests wait for them',
        );
      }
      this.failing = true;
    }
  }
}

/** The feed of a process that is not identity: identity's internal endpoint at `identityUrl`. */
export function httpRevocationFeed(identityUrl: string, timeoutMs = 2000): RevocationFeed {
  const base = `${identityUrl.replace(/\/$/, '')}${SESSION_REVOCATIONS_PATH}`;
  return async (after) => {
    const res = await fetch(`${base}?after=${after}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`identity answered ${res.status} to ${SESSION_REVOCATIONS_PATH}`);
    return SessionRevocationsAnswer.parse(await res.json());
  };
}

/**
 * A feed held in memory (tests, and a process with no identity to ask): `revoke(sid)` adds a session as a
 * real revocation would, so a SessionRevocations polling it sees it at its next sync.
 */
export function staticRevocationFeed(): RevocationFeed & {
  revoke(sid: string, expiresAt?: Date): void;
} {
  const log: { seq: number; sid: string; expires_at: string }[] = [];
  const feed: RevocationFeed = async (after) => ({
    cursor: log.length,
    revoked: log.filter((r) => r.seq > after).map(({ sid, expires_at }) => ({ sid, expires_at })),
  });
  return Object.assign(feed, {
    revoke(sid: string, expiresAt = new Date(Date.now() + 3600_000)) {
      log.push({ seq: log.length + 1, sid, expires_at: expiresAt.toISOString() });
    },
  });
}
