/**
 * The geocoding service as it runs in production — real PostgreSQL (a fresh database) and the event bus —
 * through the platform's test harness. Dealers reach it as the dealer service announces them (deliverEvent
 * waits until the consumer applied each); every dealer.geocoded it publishes is collected.
 */
import { DealerCreated, type DealerSnapshot, type EventDef, type EventEnvelope } from '@portal/contracts';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import {
  bearer,
  collectEvents,
  deliverEvent,
  newDealerSnapshot,
  startTestService,
  type TestService,
} from '@portal/platform/testing';
import type { z } from 'zod';
import { geocodingService } from '../../src/app';

export { eventually } from '@portal/platform/testing';

export interface TestGeocoding {
  geo: TestService;
  transport: InProcessTransport;
  api: TestService['http'];
  admin: Record<string, string>;
  delivery: Record<string, string>;
  dealer: Record<string, string>;
  deliver<D extends EventDef>(def: D, aggregateId: string, payload: z.input<D['payload']>): Promise<string>;
  /** a dealer announced with dealer.created (an address in Austin, TX unless given) */
  newDealer(fields?: Partial<DealerSnapshot>): Promise<DealerSnapshot>;
  /** dealer.geocoded events received so far */
  geocoded: EventEnvelope<{ dealer_id: string; lat: number | null; lng: number | null; status: string }>[];
  stop(): Promise<void>;
}

export async function startGeocoding(prefix: string, env: Record<string, string> = {}): Promise<TestGeocoding> {
  const logger = createLogger('test', (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent');
  const transport = createInProcessTransport({ logger });
  const geo = await startTestService(geocodingService, { prefix, env, deps: { transport, logger } });
  const geocoded = await collectEvents<TestGeocoding['geocoded'][number]['payload']>(transport, 'dealer', [
    'dealer.geocoded',
  ]);
  const deliver = <D extends EventDef>(def: D, aggregateId: string, payload: z.input<D['payload']>) =>
    deliverEvent(transport, geo.service, def, aggregateId, payload);
  return {
    geo,
    transport,
    api: () => geo.http(),
    admin: bearer(geo.tokenFor({ role: 'admin', email: 'admin@example.com' })),
    delivery: bearer(geo.tokenFor({ role: 'delivery' })),
    dealer: bearer(geo.tokenFor({ role: 'dealer' })),
    deliver,
    async newDealer(fields = {}) {
      const snapshot = newDealerSnapshot({
        phone: '555-0100',
        address: '1100 Congress Ave',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        ...fields,
      });
      await deliver(DealerCreated, snapshot.dealer_id, snapshot);
      return snapshot;
    },
    geocoded,
    async stop() {
      await geo.stop();
      await transport.close();
    },
  };
}
