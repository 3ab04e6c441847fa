import {
  createLogger,
  createMetricsRegistry,
  type EventTransport,
  httpMetricsMiddleware,
  processMetrics,
  registerEventMetrics,
} from '@portal/platform';
import type { DataSource } from 'typeorm';

/**
 * Every series name a service or the gateway exposes at /metrics, taken from the code that registers them
 * (a histogram also has its _bucket, _count and _sum), plus Prometheus' own `up`. The alert rules and the
 * dashboards may name no other: a renamed metric fails here instead of silently emptying a panel.
 */
export function exposedMetricNames(): Set<string> {
  const registry = createMetricsRegistry('any');
  httpMetricsMiddleware(registry);
  registerEventMetrics(registry, {
    service: 'any',
    db: {} as DataSource,
    transport: { queueStats: async () => null } as unknown as EventTransport,
    consumes: true,
    logger: createLogger('metric-names', 'silent'),
  });
  const names = new Set(['up']);
  for (const metric of [...registry.getMetricsAsArray(), ...processMetrics().getMetricsAsArray()]) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${name}${suffix}`);
  }
  return names;
}

/** Metric names a PromQL expression reads: its identifiers, less PromQL's words and the portal's label names. */
export function metricNamesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const names = new Set<string>();
  for (const [, name] of withoutStrings.matchAll(/\b([a-z_][a-z0-9_]*)\b/g)) {
    if (!name || PROMQL_WORDS.has(name)) continue;
    names.add(name);
  }
  return [...names];
}

const PROMQL_WORDS = new Set([
  // aggregations and functions (also when written `sum by (…) (…)`)
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'topk',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'label_values',
  'by',
  'without',
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  // label names used in matchers and groupings
  'service',
  'route',
  'status',
  'method',
  'le',
  'job',
  'instance',
  'queue',
]);
