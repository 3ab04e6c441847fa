/**
 * Runs the client's real store and API in a unit test against a small HTTP server: the route tables Vite
 * generates at build time are generated here from the contract the same way, the client's same-origin paths
 * (/api/...) resolve against the server, and a browser-like `window` holds the stored session.
 * Import it before the client's modules are loaded (tests require them inside the test, once this has run).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryStorage } from './memoryStorage';

jest.mock(
  'virtual:contract-routes',
  () => {
    const { endpoints } = jest.requireActual('@portal/contracts');
    const { contractRoutes } = jest.requireActual('../../src/api/contractRoutes');
    return { routes: contractRoutes(endpoints) };
  },
  { virtual: true },
);
jest.mock(
  'virtual:contract-routes/public',
  () => {
    const { endpoints } = jest.requireActual('@portal/contracts');
    const { publicContractRoutes } = jest.requireActual('../../src/api/contractRoutes');
    return { routes: publicContractRoutes(endpoints) };
  },
  { virtual: true },
);

/** What the client has stored once an admin (Alex, token-of-alex) signed in. */
export function signedInAdminStorage(): Storage {
  return memoryStorage({
    authToken: 'token-of-alex',
    userData: JSON.stringify({ email: 'alex@x.test', full_name: 'Alex', role: 'admin', dealer_id: null }),
  });
}

/**
 * Starts `handler` on a free local port and points the client at it, with `storage` as the window's
 * localStorage; resolves to the server (close it after the tests).
 */
export async function serveClient(handler: RequestListener, storage: Storage): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const NodeRequest = globalThis.Request;
  globalThis.Request = class extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init);
    }
  } as typeof Request;
  const fetchOf = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    fetchOf(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init)) as typeof fetch;
  // the address moves with the history API (sign-out opens landing): a history that keeps the location in step
  const location = { pathname: '/admin/dashboard', search: '' };
  const moveTo = (_state: unknown, _title: string, url: string) => {
    const next = new URL(url, 'http://portal.test');
    Object.assign(location, { pathname: next.pathname, search: next.search });
  };
  Object.assign(globalThis, {
    window: {
      location,
      history: { state: null, pushState: moveTo, replaceState: moveTo },
      localStorage: storage,
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => true,
    },
  });
  return server;
}
