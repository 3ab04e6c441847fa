import { access, allEndpoints, type EndpointDef } from '@portal/contracts';
import { z } from 'zod';
import { createRoutingTable } from '../src/routing-table';

const def = (method: EndpointDef['method'], path: string, id = `${method} ${path}`): EndpointDef => ({
  id,
  method,
  path,
  owner: 'dealer',
  access: access.public,
  summary: '',
  response: z.object({}),
});

describe('The routing table compiled from the contract', () => {
  test('Every contract endpoint matches its own filled path', () => {
    const table = createRoutingTable(allEndpoints);
    for (const e of allEndpoints) {
      const path = e.path.replace(/\{(\w+)\}/g, 'v1');
      const match = table.match(e.method, path);
      expect({ id: e.id, matched: match.kind === 'endpoint' ? match.endpoint.id : match.kind }).toEqual({
        id: e.id,
        matched: e.id,
      });
    }
  });

  test('When a path has parameters, Then they are decoded; a literal segment wins over a parameter', () => {
    const table = createRoutingTable([def('GET', '/api/things/{id}'), def('GET', '/api/things/archived')]);
    expect(table.match('GET', '/api/things/archived')).toMatchObject({
      kind: 'endpoint',
      endpoint: { id: 'GET /api/things/archived' },
    });
    expect(table.match('GET', '/api/things/a%40b.com')).toMatchObject({ kind: 'endpoint', params: { id: 'a@b.com' } });
  });

  test('When HEAD is asked, Then the GET endpoint answers', () => {
    const table = createRoutingTable([def('GET', '/api/x')]);
    expect(table.match('HEAD', '/api/x').kind).toBe('endpoint');
  });

  test('When the path is known but not the method, Then the allowed methods are listed', () => {
    const table = createRoutingTable([def('PUT', '/api/x/{id}'), def('DELETE', '/api/x/{id}')]);
    expect(table.match('POST', '/api/x/1')).toEqual({ kind: 'method-not-allowed', allowed: ['PUT', 'DELETE'] });
  });

  test('When a parameter is empty, a dot segment or badly encoded, Then nothing matches', () => {
    const table = createRoutingTable([def('GET', '/api/x/{id}')]);
    for (const path of ['/api/x/', '/api/x/..', '/api/x/%2e', '/api/x/%E0%A4%A', '/api/X/1', '/api/x/1/']) {
      expect({ path, kind: table.match('GET', path).kind }).toEqual({ path, kind: 'not-found' });
    }
  });
});
