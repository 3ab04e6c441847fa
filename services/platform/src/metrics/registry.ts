import { collectDefaultMetrics, Registry } from 'prom-client';

/** A registry of metrics (prom-client's), for packages that do not import prom-client themselves. */
export type MetricsRegistry = Registry;

/** The text format Prometheus scrapes (`text/plain; version=0.0.4`). */
export const METRICS_CONTENT_TYPE = new Registry().contentType;

let processRegistry: Registry | undefined;

/**
 * The process's own figures (CPU, memory, event-loop lag, GC, handles), collected once per process: the
 * one-machine portal runs several services in one process, and each of their /metrics shows these once.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A registry of one service (or the gateway): every series carries `service="<name>"`. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  return registry;
}

/** The exposition text of `registry` followed by the process's figures. */
export async function metricsText(registry: Registry): Promise<string> {
  const own = await registry.metrics();
  const process = await processMetrics().metrics();
  return `${own.trimEnd()}\n${process}`;
}
