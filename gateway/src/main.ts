import { createLogger, runProcess } from '@portal/platform';
import { startGateway } from './app';
import { loadGatewayConfig } from './config';

/** Starts the gateway from the environment; exits 1 on bad configuration, stops gracefully on SIGTERM/SIGINT. */
runProcess('gateway', async () => {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.logLevel);
  const gateway = await startGateway(config, { logger });
  logger.info({ port: gateway.port, webDist: config.webDist ?? null }, 'gateway listening');
  return gateway;
});
