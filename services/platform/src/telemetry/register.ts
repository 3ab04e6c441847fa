// Loaded through `node --require @portal/platform/register` before the application, so the
// instrumentations patch http, express, pg and amqplib when those are first required.
import { startTelemetry } from './sdk';

const sdk = startTelemetry();
if (sdk) {
  process.once('SIGTERM', () => {
    // flush spans; the service's own SIGTERM handler does the graceful shutdown
    sdk.shutdown().catch(() => undefined);
  });
}
