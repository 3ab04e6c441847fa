import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Access, allEndpoints, type EndpointDef, endpoints, type Role } from '@portal/contracts';

interface SpecRow {
  method: string;
  path: string;
  roles: string;
  owner: string;
}

/** The spec's endpoint table, kept in the repository (a copy of shared/spec/endpoints.tsv) so a clean clone tests alone. */
const TSV = path.resolve(__dirname, '../spec/endpoints.tsv');

function readSpecRows(): SpecRow[] {
  const [header, ...lines] = readFileSync(TSV, 'utf8').trim().split('\n');
  expect(header?.split('\t').slice(0, 4)).toEqual(['method', 'path', 'roles', 'owner']);
  return lines.map((line) => {
    const [method = '', rowPath = '', roles = '', owner = ''] = line.split('\t');
    return { method, path: rowPath, roles, owner };
  });
}

/** The Access a tsv roles cell means: public, any, or roles where dealer(own) is a dealer limited to its own id. */
function expectedAccess(roles: string, rowPath: string): Access {
  if (roles === 'public') return { kind: 'public' };
  if (roles === 'any') return { kind: 'any' };
  const names = roles.split(',');
  const own = names.find((name) => name === 'dealer(own)');
  const list = names.map((name) => (name === 'dealer(own)' ? 'dealer' : name)) as Role[];
  if (!own) return { kind: 'roles', roles: list };
  const param = /\{(\w+)\}/.exec(rowPath)?.[1];
  return { kind: 'roles', roles: list, dealerOwnParam: param };
}

function sortedAccess(access: Access): Access {
  return access.kind === 'roles' ? { ...access, roles: [...access.roles].sort() } : access;
}

const rows = readSpecRows();
const byRoute = new Map<string, EndpointDef>(allEndpoints.map((def) => [`${def.method} ${def.path}`, def]));

describe('The contract against the spec endpoint table (contracts/spec/endpoints.tsv)', () => {
  const beyondSpec = allEndpoints.filter((def) => def.beyondSpec);
  const specRoutes = new Set(rows.map((row) => `${row.method} ${row.path}`));

  it('When the spec lists 93 endpoints, Then the contract declares exactly those 93 plus the ones marked beyondSpec', () => {
    expect(rows).toHaveLength(93);
    expect(allEndpoints.filter((def) => !def.beyondSpec)).toHaveLength(93);
    for (const def of allEndpoints.filter((d) => !d.beyondSpec))
      expect(specRoutes).toContain(`${def.method} ${def.path}`);
  });

  it('When an endpoint is marked beyondSpec, Then the spec table really does not list it (the mark cannot hide a spec row)', () => {
    expect(beyondSpec.map((def) => def.id)).toContain('auth.logout');
    for (const def of beyondSpec) expect(specRoutes).not.toContain(`${def.method} ${def.path}`);
  });

  it.each(rows.map((row) => [`${row.method} ${row.path}`, row] as const))(
    'When the spec lists %s, Then the contract has it with the same roles and owner',
    (_route, row) => {
      const def = byRoute.get(`${row.method} ${row.path}`);
      expect(def).toBeDefined();
      expect(def?.owner).toBe(row.owner);
      expect(sortedAccess(def!.access)).toEqual(sortedAccess(expectedAccess(row.roles, row.path)));
    },
  );

  it('When every endpoint is listed, Then no method and path pair appears twice', () => {
    expect(byRoute.size).toBe(allEndpoints.length);
  });

  it('When endpoints are keyed by id, Then each key is its own id and ids are unique', () => {
    for (const [key, def] of Object.entries(endpoints)) expect(def.id).toBe(key);
    expect(new Set(allEndpoints.map((def) => def.id)).size).toBe(allEndpoints.length);
  });
});
