import { z } from 'zod';
import { SERVICES, type ServiceName } from '../endpoint';

/** Every event travels in this envelope, whatever the transport. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  producer: z.enum(SERVICES),
  aggregateId: z.string(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelope>, 'payload'> & { payload: P };

export interface EventDef<T extends string = string, P extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  payload: P;
  description: string;
  /**
   * The services that emit it (an envelope's `producer` is one of them). Declared here so the catalogue in
   * docs/events.md can be checked against it, and it against the services' code (deploy/test/events-catalogue.test.ts).
   */
  producers: readonly ServiceName[];
}

export function defineEvent<T extends string, P extends z.ZodType>(def: EventDef<T, P>): EventDef<T, P> {
  return def;
}
