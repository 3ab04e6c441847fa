import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { SESSION_REVOCATIONS_PATH } from '@portal/contracts';

/** Health checks and the once-a-second session sync would drown the traces that matter. */
const UNTRACED = ['/healthz', '/readyz', SESSION_REVOCATIONS_PATH];
const untraced = (path: string | undefined) => UNTRACED.some((p) => path === p || path?.startsWith(`${p}?`));

/**
 * Starts OpenTelemetry tracing (HTTP, fetch, Express, pg, amqplib) exporting over OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT. Does nothing when that variable is not set. W3C trace context is
 * propagated on HTTP by the instrumentation and across events by the platform's event bus.
 */
export function startTelemetry(env: NodeJS.ProcessEnv = process.env): NodeSDK | null {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const serviceName = env.OTEL_SERVICE_NAME ?? guessServiceName();
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => untraced(req.url) }),
      // Node's fetch (undici): a service calling another synchronously (dealer → identity) stays in the trace
      new UndiciInstrumentation({ ignoreRequestHook: (request) => untraced(request.path) }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      // the event bus starts its own consumer spans from the headers of each message
      new AmqplibInstrumentation(),
    ],
  });
  sdk.start();
  const shutdown = () => {
    sdk.shutdown().catch(() => undefined);
  };
  process.once('beforeExit', shutdown);
  return sdk;
}

/** `.../services/order/dist/main.js` → order; the gateway and the one-machine portal likewise. */
function guessServiceName(): string {
  const main = process.argv[1] ?? '';
  const match = /(?:services\/)?([\w-]+)\/dist\//.exec(main);
  return match?.[1] ?? 'portal';
}
