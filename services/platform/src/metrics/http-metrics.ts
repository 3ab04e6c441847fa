import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';
import { METRICS_CONTENT_TYPE, metricsText } from './registry';

/** Probes and the scrape itself are not traffic: they would drown the request rate of a quiet service. */
const UNCOUNTED = new Set(['/healthz', '/readyz', '/metrics']);

/** Request-duration buckets in seconds: from a cached image (a few ms) to the proxy timeout (15 s). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** The label of a request that matched no route (404): one series, whatever the path was. */
export const UNMATCHED_ROUTE = 'unmatched';

const ROUTE_LABEL = Symbol('metrics route label');

/**
 * Names the route a request matched, for the metrics: the contract endpoint id (`admin.createDealer`) or a
 * fixed name, never the raw path (ids in paths would make a series per dealer).
 */
export function setRouteLabel(res: Response, route: string): void {
  (res as Response & { [ROUTE_LABEL]?: string })[ROUTE_LABEL] = route;
}

export function routeLabelOf(res: Response): string | undefined {
  return (res as Response & { [ROUTE_LABEL]?: string })[ROUTE_LABEL];
}

export interface HttpMetricsOptions {
  /** the route label when the router set none (the gateway reads the endpoint its routing table matched) */
  routeOf?: (req: Request, res: Response) => string | undefined;
}

/**
 * Counts every request by method, route and status (`http_requests_total`) and times it by method and route
 * (`http_request_duration_seconds`), once the answer is finished or the caller went away (status 499).
 */
export function httpMetricsMiddleware(registry: Registry, opts: HttpMetricsOptions = {}): RequestHandler {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route (contract endpoint id) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route (contract endpoint id)',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (UNCOUNTED.has(req.path)) return next();
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const route = routeLabelOf(res) ?? opts.routeOf?.(req, res) ?? UNMATCHED_ROUTE;
      const status = res.writableFinished ? res.statusCode : 499;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requests.inc({ method: req.method, route, status: String(status) });
      duration.observe({ method: req.method, route }, seconds);
    });
    next();
  };
}

/** GET /metrics: the registry and the process's figures in Prometheus' text format. */
export function metricsRoute(registry: Registry): RequestHandler {
  return async (_req, res, next) => {
    try {
      const text = await metricsText(registry);
      res.setHeader('Cache-Control', 'no-store');
      res.type(METRICS_CONTENT_TYPE).send(text);
    } catch (err) {
      next(err);
    }
  };
}
