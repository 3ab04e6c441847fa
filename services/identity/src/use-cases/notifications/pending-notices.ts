import type { IdentityContext } from '../../context';

/**
 * Runs a sender of pending notices (claimed in a consumer's transaction, mailed after it commits) in the
 * background: woken after each such commit, at start (notices left pending by a restart) and, after a failure
 * (the mail server away), again after `retryMs`. One run at a time per process; replicas share the work through
 * the sender's SKIP LOCKED.
 */
export interface PendingNoticeRunner {
  /** runs the sender soon (again after the current run when one is under way) */
  kick(ctx: IdentityContext): void;
  /** resolves once no run is under way (tests; shutdown) */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function pendingNoticeRunner(
  send: (ctx: IdentityContext) => Promise<boolean>,
  retryMs = 30_000,
): PendingNoticeRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  async function run(ctx: IdentityContext): Promise<void> {
    do {
      again = false;
      try {
        if (await send(ctx)) again = true;
      } catch (err) {
        if (!ctx.db.isInitialized) return;
        ctx.logger.warn({ err: (err as Error).message }, 'pending notices not sent; will retry');
        if (!stopped && !retry) {
          retry = setTimeout(() => {
            retry = null;
            runner.kick(ctx);
          }, retryMs);
          retry.unref();
        }
        return;
      }
    } while (again && !stopped);
  }

  const runner: PendingNoticeRunner = {
    kick(ctx) {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = run(ctx).finally(() => {
        running = null;
        // woken after its last look: look once more
        if (again && !stopped) runner.kick(ctx);
      });
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      await running;
    },
  };
  return runner;
}
