import {
  endpointsByService,
  SESSION_REVOCATIONS_PATH,
  type ServiceName,
  SessionRevocationsQuery,
} from '@portal/contracts';
import compression from 'compression';
import express from 'express';
import type { Logger } from 'pino';
import type { RevocationFeed } from '../auth';
import type { BaseConfig } from '../config';
import { DATABASE_UNAVAILABLE_DETAIL, isDatabaseUnavailable } from '../db';
import { contractRouter } from '../http/contract-router';
import { errorHandler, validationError } from '../http/error-handler';
import { HttpError } from '../http/errors';
import { healthRouter } from '../http/health';
import { requestContextMiddleware } from '../http/request-context';
import { metricsRoute, type ServiceMetrics, setRouteLabel } from '../metrics';
import type { ServiceContext, ServiceDefinition } from './definition';

/** Builds the express app of a service (tests can use it without listening). */
export function buildApp<C extends BaseConfig, D>(
  def: ServiceDefinition<ServiceName, C, D>,
  ctx: ServiceContext<C, D>,
  ready: Record<string, () => Promise<void>>,
  revocationFeed?: RevocationFeed,
  metrics?: ServiceMetrics,
) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.TRUST_PROXY);
  app.use(requestContextMiddleware(ctx.logger));
  // JSON and CSV answers over 1 KB gzipped for clients that accept it (a page of 50 orders: ~60 KB → ~8 KB);
  // images are not compressible and pass as they are, answers already encoded (sendBuiltJson) too
  app.use(compression({ threshold: 1024 }));
  if (metrics) {
    app.use(metrics.http);
    // for Prometheus inside the network: the gateway never routes /metrics (docs/runbook.md)
    app.get('/metrics', metricsRoute(metrics.registry));
  }
  app.use(healthRouter(ready));
  if (revocationFeed) app.get(SESSION_REVOCATIONS_PATH, revocationFeedRoute(revocationFeed));
  const internal = def.internalRoutes ?? [];
  const routerFor = (endpoints: object, handlers: object) =>
    contractRouter({
      endpoints: endpoints as never,
      handlers: handlers as never,
      context: ctx,
      verifier: ctx.verifier,
      logger: ctx.logger,
      checkResponses: ctx.config.NODE_ENV !== 'production',
    });
  if (internal.length)
    app.use(
      routerFor(
        Object.fromEntries(internal.map((route) => [route.endpoint.id, route.endpoint])),
        Object.fromEntries(internal.map((route) => [route.endpoint.id, route.handler])),
      ),
    );
  app.use(routerFor(endpointsByService[def.name], def.handlers));
  app.use((req, _res, next) => next(new HttpError(404, `No such endpoint: ${req.method} ${req.path}`)));
  app.use(databaseUnavailableAs503(ctx.logger));
  app.use(errorHandler(ctx.logger));
  return app;
}

/**
 * A request that failed because the database cannot be reached (restarting, failing over) answers 503 with a
 * `detail` and Retry-After, not 500: nothing was wrong with it, and it can be sent again shortly.
 */
function databaseUnavailableAs503(logger: Logger): express.ErrorRequestHandler {
  return (err, req, _res, next) => {
    if (!isDatabaseUnavailable(err)) return next(err);
    logger.warn({ method: req.method, path: req.path, err: (err as Error).message }, 'database unavailable');
    next(new HttpError(503, DATABASE_UNAVAILABLE_DETAIL, { retry_after: 2 }));
  };
}

/** GET /internal/session-revocations?after=N: the feed, for the other services and the gateway (never routed by the gateway). */
function revocationFeedRoute(feed: RevocationFeed): express.RequestHandler {
  return async (req, res, next) => {
    setRouteLabel(res, 'internal.sessionRevocations');
    try {
      const query = SessionRevocationsQuery.safeParse(req.query);
      if (!query.success) throw validationError(query.error);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await feed(query.data.after));
    } catch (err) {
      next(err);
    }
  };
}
