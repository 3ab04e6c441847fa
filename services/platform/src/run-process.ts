import { ConfigError } from './config';
import { createLogger } from './log/logger';

/** What a process main starts: anything that can be stopped gracefully. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The body of every process's main (services and the gateway): start, stop gracefully on SIGTERM/SIGINT
 * (exit 0, or 1 when stopping fails), exit 1 with one fatal log line when the start fails (a bad
 * configuration names every bad variable).
 */
export function runProcess(name: string, start: () => Promise<Stoppable>): void {
  const logger = createLogger(name);
  start().then(
    (running) => {
      const shutdown = (signal: NodeJS.Signals) => {
        logger.info({ signal }, 'signal received: finishing requests in flight');
        running.stop().then(
          () => process.exit(0),
          (err: unknown) => {
            logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    },
    (err: unknown) => {
      const reason = err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err;
      logger.fatal({ err: reason }, 'failed to start');
      process.exit(1);
    },
  );
}
