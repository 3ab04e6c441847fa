import { type Context, context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';

/** The tracer of the event bus (a no-op until an OpenTelemetry SDK is registered). */
export const eventTracer = trace.getTracer('@portal/platform/events');

/** W3C trace context (traceparent/tracestate) of `ctx` (default: the active one), as string headers. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(ctx, headers);
  return headers;
}

/** The remote context carried by an event's headers (the root context when there is none). */
export function contextFromHeaders(headers: Record<string, string>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}
