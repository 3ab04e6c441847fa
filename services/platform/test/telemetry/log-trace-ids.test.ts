/**
 * Log lines carry the trace: a process started as every service is (`node --require @portal/platform/register`,
 * exporting to an OTLP receiver of this test's own) logs with the platform's logger (the built
 * `createLogger`) inside a span and a request, and outside both. The lines it writes to stdout must name the
 * span's trace and span ids (the same the receiver gets) and the request id, and only while they are active.
 * The order trace test shows the same across processes for identity and incentive; the order service itself
 * writes no line while it takes an order, so this is where its logger's trace ids are shown.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type OtlpReceiver, startOtlpReceiver } from './support/otlp-receiver';
import { REGISTER, REPO } from './support/processes';

const run = promisify(execFile);
const LOGGER = path.join(REPO, 'services/platform/dist/log/logger.js');

const SCRIPT = `
const { trace } = require('@opentelemetry/api');
const { createLogger, requestContext } = require(${JSON.stringify(LOGGER)});
const log = createLogger('order', 'info');
log.info('before the request');
requestContext.run({ requestId: 'req-7' }, () =>
  trace.getTracer('log-test').startActiveSpan('POST /api/dealer/submit-order', (span) => {
    log.info({ order_id: 'o-1' }, 'order submitted');
    process.stdout.write(JSON.stringify({ span: span.spanContext() }) + '\\n');
    span.end();
  }),
);
log.info('after the request');
`;

let receiver: OtlpReceiver;
beforeAll(async () => {
  if (!existsSync(LOGGER)) throw new Error(`${LOGGER} is missing: build first (npx turbo run build)`);
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver?.close());

test("The platform logger's lines carry the active span's trace and span ids and the request id, and only while active", async () => {
  const { stdout } = await run(process.execPath, ['--require', REGISTER, '-e', SCRIPT], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      OTEL_SERVICE_NAME: 'order',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '50',
    },
    timeout: 20_000,
  });
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const { span } = lines.find((line) => line.span) as { span: { traceId: string; spanId: string } };
  const byMsg = (msg: string) => lines.find((line) => line.msg === msg);

  expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
  expect(byMsg('order submitted')).toMatchObject({
    service: 'order',
    order_id: 'o-1',
    request_id: 'req-7',
    trace_id: span.traceId,
    span_id: span.spanId,
  });
  for (const outside of ['before the request', 'after the request']) {
    expect(byMsg(outside)).toBeDefined();
    expect(byMsg(outside)).not.toHaveProperty('trace_id');
    expect(byMsg(outside)).not.toHaveProperty('request_id');
  }
  // the same ids reach the trace backend (the SDK flushes its spans as the process exits)
  const deadline = Date.now() + 5000;
  while (!receiver.spans().some((s) => s.spanId === span.spanId) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(receiver.spans().find((s) => s.spanId === span.spanId)).toMatchObject({
    service: 'order',
    traceId: span.traceId,
  });
}, 30_000);
