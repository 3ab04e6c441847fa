import { ConfigError, createLogger } from '@portal/platform';
import { startGateway } from './app';
import { loadGatewayConfig } from './config';

/** Starts the gateway from the environment; exits 1 on bad configuration, stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.logLevel);
  const gateway = await startGateway(config, { logger });
  logger.info({ port: gateway.port, webDist: config.webDist ?? null }, 'gateway listening');

  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'signal received: finishing requests in flight');
    gateway.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  const reason = err instanceof ConfigError ? err.message : err;
  createLogger('gateway').fatal({ err: reason }, 'failed to start');
  process.exit(1);
});
