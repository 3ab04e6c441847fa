import { z } from 'zod';
import { SERVICES } from '../endpoint';

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
}

export function defineEvent<T extends string, P extends z.ZodType>(def: EventDef<T, P>): EventDef<T, P> {
  return def;
}

export type PayloadOf<E> = E extends EventDef<string, infer P> ? z.infer<P> : never;
