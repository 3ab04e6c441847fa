import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { EventTransport } from '../events';
import { registerEventMetrics } from './event-metrics';
import { httpMetricsMiddleware } from './http-metrics';
import { createMetricsRegistry } from './registry';

export { type EventMetricsOptions, registerEventMetrics } from './event-metrics';
export {
  DURATION_BUCKETS,
  type HttpMetricsOptions,
  httpMetricsMiddleware,
  metricsRoute,
  routeLabelOf,
  setRouteLabel,
  UNMATCHED_ROUTE,
} from './http-metrics';
export {
  createMetricsRegistry,
  METRICS_CONTENT_TYPE,
  type MetricsRegistry,
  metricsText,
  processMetrics,
} from './registry';

/** What a service exposes at GET /metrics (docs/runbook.md lists the series). */
export interface ServiceMetrics {
  registry: Registry;
  /** counts and times every request by its route label */
  http: ReturnType<typeof httpMetricsMiddleware>;
}

/** The metrics of one service: HTTP per route, its outbox and, when it consumes, its queues. */
export function createServiceMetrics(opts: {
  service: string;
  db: DataSource;
  transport: EventTransport;
  consumes: boolean;
  logger: Logger;
}): ServiceMetrics {
  const registry = createMetricsRegistry(opts.service);
  registerEventMetrics(registry, opts);
  return { registry, http: httpMetricsMiddleware(registry) };
}
