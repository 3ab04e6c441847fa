import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allEndpoints } from '@portal/contracts';
import { createLogger, createTokenVerifier, HttpError, type TokenVerifier } from '@portal/platform';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config';
import { edgeAuth } from './edge-auth';
import { errorHandler, sendError } from './error-response';
import { healthRoutes } from './health';
import { loginThrottle } from './login-throttle';
import { maintenanceMode } from './maintenance';
import { apiDocsRoutes } from './openapi';
import { createServiceProxies } from './proxy';
import { requestId } from './request-id';
import { createRoutingTable } from './routing-table';
import { apiSecurityHeaders, pageSecurityHeaders } from './security-headers';
import { webClient } from './web-client';

export type { GatewayConfig } from './config';
export { loadGatewayConfig } from './config';

export interface GatewayDeps {
  logger?: Logger;
  verifier?: TokenVerifier;
}

/** The gateway's express app; `closeUpstreams()` drops its kept-alive connections to the services. */
export type Gateway = express.Express & { closeUpstreams(): void };

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

const notFound = (_req: Request, res: Response) => sendError(res, new HttpError(404, 'Not found'));

/**
 * The edge of the portal. /api requests are matched against the contract, checked (token, role, login
 * throttle) and streamed to the owning service; everything else is the gateway's own: health, OpenAPI,
 * docs and the web client. No body parser runs anywhere, so request bodies reach services untouched.
 */
export function createGateway(config: GatewayConfig, deps: GatewayDeps = {}): Gateway {
  const logger = deps.logger ?? createLogger('gateway', config.logLevel);
  const verifier = deps.verifier ?? createTokenVerifier(config.jwt);
  const proxies = createServiceProxies({
    services: config.services,
    timeoutMs: config.proxyTimeoutMs,
    trustProxy: config.trustProxy,
    logger,
  });

  const api = Router();
  api.use(apiSecurityHeaders());
  api.use(edgeAuth(createRoutingTable(allEndpoints), verifier));
  api.use(maintenanceMode({ identityUrl: config.services.identity, verifier, logger }));
  api.use(loginThrottle(config.login));
  api.use(proxies.middleware);
  api.use(notFound);

  const pages = Router();
  pages.use(pageSecurityHeaders({ googleMaps: config.googleMaps }));
  pages.use(healthRoutes(config.services));
  pages.use(apiDocsRoutes());
  pages.use(webClient(config.webDist));
  pages.use(notFound);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestId(logger));
  // Routers are called, not mounted under /api, so req.url (what is forwarded) keeps its full path.
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? api : pages)(req, res, next));
  app.use(errorHandler(logger));
  return Object.assign(app, { closeUpstreams: proxies.close });
}

export interface RunningGateway {
  app: Gateway;
  server: Server;
  url: string;
  port: number;
  /** stops accepting connections, lets requests in flight finish (up to `graceMs`), then closes */
  stop(graceMs?: number): Promise<void>;
}

/** Starts the gateway on config.port (0 picks a free port: tests) and config.host. */
export async function startGateway(config: GatewayConfig, deps: GatewayDeps = {}): Promise<RunningGateway> {
  const app = createGateway(config, deps);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  // Longer than a load balancer's usual 60 s idle timeout, so it is never the gateway that drops a reused socket.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 10_000) =>
    (stopping ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      // keep-alive sockets whose request just finished become idle: close them as they do
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        clearInterval(sweep);
        app.closeUpstreams();
        resolve();
      });
      server.closeIdleConnections();
    }));

  return { app, server, url: `http://${host}:${port}`, port, stop };
}
