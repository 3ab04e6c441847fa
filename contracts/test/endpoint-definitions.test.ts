import { allEndpoints, type EndpointDef, fillPath } from '@portal/contracts';
import { z } from 'zod';

const named = (defs: readonly EndpointDef[]) => defs.map((def) => [def.id, def] as const);

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

function objectKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
}

describe('Every endpoint definition', () => {
  it.each(named(allEndpoints))('%s has a one-line summary and a response schema', (_id, def) => {
    expect(def.summary.trim().length).toBeGreaterThan(10);
    expect(def.summary).not.toContain('\n');
    expect(def.response).toBeInstanceOf(z.ZodType);
  });

  it.each(named(allEndpoints))('%s declares exactly the parameters its path names', (_id, def) => {
    expect(objectKeys(def.params)).toEqual(pathParamNames(def.path).sort());
  });

  it.each(named(allEndpoints.filter((def) => def.method === 'GET' || def.method === 'DELETE')))(
    '%s (GET or DELETE) takes no body and no files',
    (_id, def) => {
      expect(def.body).toBeUndefined();
      expect(def.files).toBeUndefined();
    },
  );

  it.each(named(allEndpoints.filter((def) => def.files)))('%s accepts files with limits and messages', (_id, def) => {
    for (const file of def.files ?? []) {
      expect(file.maxBytes).toBeGreaterThan(0);
      expect(file.kinds.length).toBeGreaterThan(0);
      expect(file.messages.tooLarge).toMatch(/Error/);
      expect(file.messages.wrongKind).toMatch(/Error/);
    }
  });

  it.each(named(allEndpoints.filter((def) => def.params)))(
    '%s accepts a filled path whose parameters are valid',
    (_id, def) => {
      const values = Object.fromEntries(
        pathParamNames(def.path).map((name) => [name, name === 'email' ? 'admin@example.com' : 'abc_123.png']),
      );
      expect(fillPath(def.path, values)).not.toContain('{');
      expect(def.params?.safeParse(values).success).toBe(true);
    },
  );
});
