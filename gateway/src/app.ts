import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allEndpoints } from '@portal/contracts';
import {
  createHttpServer,
  createLogger,
  createMetricsRegistry,
  createTokenVerifier,
  errorHandler,
  HttpError,
  httpMetricsMiddleware,
  httpRevocationFeed,
  type MetricsRegistry,
  metricsRoute,
  requestContextMiddleware,
  SessionRevocations,
  sendError,
  type TokenVerifier,
} from '@portal/platform';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { declaredBodyLimit } from './body-limit';
import type { GatewayConfig } from './config';
import { edgeAuth, matchedEndpoint } from './edge-auth';
import { healthRoutes } from './health';
import { maintenanceMode } from './maintenance';
import { apiDocsRoutes } from './openapi';
import { createServiceProxies } from './proxy';
import { createRoutingTable } from './routing-table';
import { apiSecurityHeaders, pageSecurityHeaders } from './security-headers';
import { webClient } from './web-client';

export type { GatewayConfig } from './config';
export { loadGatewayConfig } from './config';

export interface GatewayDeps {
  logger?: Logger;
  verifier?: TokenVerifier;
  /**
   * The revoked sessions (the one-machine portal shares one list with its services; its owner starts and
   * stops it). When absent the gateway keeps its own, polling identity's /internal/session-revocations.
   */
  revocations?: SessionRevocations;
}

/**
 * The gateway's express app; `closeUpstreams()` drops its kept-alive connections to the services and stops
 * its own session sync.
 */
export type Gateway = express.Express & {
  closeUpstreams(): void;
  revocations: SessionRevocations;
  /** the gateway's metrics, served on METRICS_PORT only (see startGateway) */
  metrics: MetricsRegistry;
};

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

const notFound = (_req: Request, res: Response) => sendError(res, new HttpError(404, 'Not found'));

/**
 * The edge of the portal. /api requests are matched against the contract, checked (token, session, role,
 * maintenance) and streamed to the owning service; everything else is the gateway's own: health, OpenAPI,
 * docs and the web client. No body parser runs anywhere, so request bodies reach services untouched.
 */
export function createGateway(config: GatewayConfig, deps: GatewayDeps = {}): Gateway {
  const logger = deps.logger ?? createLogger('gateway', config.logLevel);
  const ownsRevocations = !deps.revocations;
  const revocations =
    deps.revocations ??
    new SessionRevocations({
      feed: httpRevocationFeed(config.services.identity),
      logger: logger.child({ component: 'sessions' }),
      intervalMs: config.sessionSyncIntervalMs,
    });
  // the first sync runs now; until it succeeds signed-in requests answer 503 (see SessionRevocations)
  if (ownsRevocations) void revocations.start();
  const verifier = deps.verifier ?? createTokenVerifier({ ...config.jwt, revocations });
  const proxies = createServiceProxies({
    services: config.services,
    timeoutMs: config.proxyTimeoutMs,
    logger,
  });

  const api = Router();
  api.use(apiSecurityHeaders());
  api.use(edgeAuth(createRoutingTable(allEndpoints), verifier));
  api.use(maintenanceMode({ identityUrl: config.services.identity, logger }));
  api.use(declaredBodyLimit());
  api.use(proxies.middleware);
  api.use(notFound);

  const pages = Router();
  pages.use(pageSecurityHeaders({ googleMaps: config.googleMaps }));
  pages.use(healthRoutes(config.services));
  pages.use(apiDocsRoutes());
  pages.use(webClient(config.webDist));
  pages.use(notFound);

  const metrics = createMetricsRegistry('gateway');
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestContextMiddleware(logger, { logFields: (req) => ({ upstream: matchedEndpoint(req)?.owner }) }));
  // route label: the contract endpoint the routing table matched; the gateway's own pages are one series
  app.use(
    httpMetricsMiddleware(metrics, {
      routeOf: (req) => matchedEndpoint(req)?.id ?? (isApiPath(req.path) ? undefined : 'web'),
    }),
  );
  // the public port never answers /metrics (neither the gateway's nor a service's): Prometheus scrapes METRICS_PORT
  app.get('/metrics', notFound);
  // Routers are called, not mounted under /api, so req.url (what is forwarded) keeps its full path.
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? api : pages)(req, res, next));
  app.use(errorHandler(logger));
  return Object.assign(app, {
    revocations,
    metrics,
    closeUpstreams() {
      proxies.close();
      if (ownsRevocations) revocations.stop();
    },
  });
}

export interface RunningGateway {
  app: Gateway;
  server: Server;
  url: string;
  port: number;
  /** the metrics listener's URL when config.metricsPort is set (GET /metrics there) */
  metricsUrl?: string;
  /** stops accepting connections, lets requests in flight finish (up to `graceMs`), then closes */
  stop(graceMs?: number): Promise<void>;
}

/** Starts the gateway on config.port (0 picks a free port: tests) and config.host. */
export async function startGateway(config: GatewayConfig, deps: GatewayDeps = {}): Promise<RunningGateway> {
  const app = createGateway(config, deps);
  // the first read of revoked sessions, before taking traffic (answers 503 to signed-in calls until it succeeds)
  if (!deps.revocations) await app.revocations.sync();
  // the platform's server: a request Node refuses (headers too large, not HTTP) still gets a JSON answer
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createHttpServer(app);
    s.once('error', reject);
    s.listen(config.port, config.host, () => {
      s.off('error', reject);
      resolve(s);
    });
  });
  // Longer than a load balancer's usual 60 s idle timeout, so it is never the gateway that drops a reused socket.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  // Prometheus scrapes the gateway here, on a port the Service and the ingress do not expose
  let metricsServer: Server | undefined;
  const metricsPort = config.metricsPort;
  if (metricsPort !== undefined) {
    const metricsApp = express();
    metricsApp.disable('x-powered-by');
    metricsApp.get('/metrics', metricsRoute(app.metrics));
    metricsApp.use(notFound);
    try {
      metricsServer = await new Promise<Server>((resolve, reject) => {
        const s = metricsApp.listen(metricsPort, config.host, () => resolve(s));
        s.once('error', reject);
      });
    } catch (err) {
      server.close();
      app.closeUpstreams();
      throw err;
    }
  }
  const metricsUrl = metricsServer ? `http://${host}:${(metricsServer.address() as AddressInfo).port}` : undefined;

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
        if (metricsServer) metricsServer.close(() => resolve());
        else resolve();
      });
      server.closeIdleConnections();
    }));

  return { app, server, url: `http://${host}:${port}`, port, metricsUrl, stop };
}
