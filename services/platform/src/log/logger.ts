import { AsyncLocalStorage } from 'node:async_hooks';
import { trace } from '@opentelemetry/api';
import type { Role } from '@portal/contracts';
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

interface RequestContext {
  requestId: string;
  /**
   * The verified caller, once the contract router has checked the token: the audit log's actor comes from here,
   * as the log line's request id does.
   */
  user?: { email: string; role: Role };
}

/** Carries the request id through every await of a request, so each log line names it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/**
 * A pino logger whose every line carries the current request id and OpenTelemetry trace/span ids
 * (when there is an active span), so logs and traces can be joined.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: {
      paths: [
        'password',
        '*.password',
        'req.headers.authorization',
        'smtp_password',
        '*.smtp_password',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
    mixin() {
      const fields: Record<string, string> = {};
      const ctx = requestContext.getStore();
      if (ctx) fields.request_id = ctx.requestId;
      const span = trace.getActiveSpan();
      if (span) {
        const sc = span.spanContext();
        fields.trace_id = sc.traceId;
        fields.span_id = sc.spanId;
      }
      return fields;
    },
  });
}
