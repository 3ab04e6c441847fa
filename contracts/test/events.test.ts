import { EventEnvelope, eventsByType } from '@portal/contracts';
import { z } from 'zod';

describe('The event catalogue', () => {
  const defs = Object.entries(eventsByType);

  it('When events are keyed by type, Then each key is its type and no type repeats', () => {
    for (const [key, def] of defs) expect(def.type).toBe(key);
    expect(new Set(defs.map(([, def]) => def.type)).size).toBe(defs.length);
  });

  it.each(defs)('%s has a payload schema, a version and a description', (_type, def) => {
    expect(def.payload).toBeInstanceOf(z.ZodType);
    expect(Number.isInteger(def.version) && def.version > 0).toBe(true);
    expect(def.description.length).toBeGreaterThan(10);
    expect(() => z.toJSONSchema(def.payload)).not.toThrow();
  });

  it.each(defs)('%s has a type the envelope accepts', (type) => {
    const envelope = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'dealer',
      aggregateId: 'd-1',
      payload: {},
    };
    expect(EventEnvelope.safeParse(envelope).success).toBe(true);
  });
});
