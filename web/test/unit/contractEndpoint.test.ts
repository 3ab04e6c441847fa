/**
 * The endpoints built from contract declarations (src/api/contractEndpoint.ts) call the server as declared:
 * method and path with parameters filled in, query string and JSON body; the bearer token on signed-in
 * endpoints and never on public ones; and a 401 to a signed-in call ends the session with the server's detail.
 * Runs the client's real store and API against a small HTTP server.
 */
import type { IncomingMessage, Server } from 'node:http';
import { serveClient, signedInAdminStorage } from './clientServer';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

let server: Server;
const seen: Seen[] = [];
/** what the server answers next: status and JSON body */
let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };

async function read(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

const storage = signedInAdminStorage();

beforeAll(async () => {
  server = await serveClient(async (req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body: await read(req),
    });
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
  }, storage);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  answer = { status: 200, body: { success: true } };
});

/** The client's modules, loaded once the browser globals above exist (the store reads the stored session). */
function client() {
  const { store } = require('../../src/app/store') as typeof import('../../src/app/store');
  const { dealersApi } =
    require('../../src/features/dealers/dealersApi') as typeof import('../../src/features/dealers/dealersApi');
  const { signupApi } =
    require('../../src/features/signup/signupApi') as typeof import('../../src/features/signup/signupApi');
  const { sessionApi } =
    require('../../src/features/session/sessionApi') as typeof import('../../src/features/session/sessionApi');
  const { publicCall } = require('../../src/api/publicCall') as typeof import('../../src/api/publicCall');
  return { store, dealersApi, signupApi, sessionApi, publicCall };
}

describe('Endpoints built from the contract', () => {
  test('When a signed-in endpoint with path parameters and a body is called, Then method, path, body and token are as declared', async () => {
    const { store, dealersApi } = client();
    answer = { status: 200, body: { success: true, message: 'Note added' } };
    await store.dispatch(
      dealersApi.endpoints.addDealerNote.initiate({
        params: { dealer_id: 'D 1/2' },
        body: { note_text: 'Called back' },
      }),
    );
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/admin/add-dealer-note/D%201%2F2',
        authorization: 'Bearer token-of-alex',
        body: JSON.stringify({ note_text: 'Called back' }),
      },
    ]);
  });

  test('When a public endpoint is called while signed in, Then no token is sent and the query string is filled', async () => {
    const { store, signupApi } = client();
    answer = { status: 200, body: { success: true, dealer_info: {} } };
    await store.dispatch(signupApi.endpoints.verifyInvitation.initiate({ query: { token: 'inv-1' } }));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/dealer/verify-invitation?token=inv-1',
      authorization: undefined,
    });
  });

  test('When the landing page reads a public endpoint without RTK Query, Then it goes without a token too', async () => {
    const { publicCall } = client();
    answer = { status: 401, body: { detail: 'Invalid email or password' } };
    const result = await publicCall('auth.login', { body: { email: 'a@x.test', password: 'wrong' } });
    expect(result.error).toEqual({ status: 401, data: { detail: 'Invalid email or password' } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/login', authorization: undefined });
  });

  test('When a signed-in call is answered 401, Then the session ends, the login page opens with the detail, and the stored token is gone', async () => {
    const { store, dealersApi } = client();
    answer = { status: 401, body: { detail: 'Your session has ended. Please sign in again.' } };
    await store.dispatch(dealersApi.endpoints.getDealerLogin.initiate({ params: { dealer_id: 'd1' } }));
    // the address stays: the app shows login for it, with it as `next` (app/navigation/routes.ts)
    expect(store.getState().session).toMatchObject({
      token: null,
      endedNotice: 'Your session has ended. Please sign in again.',
    });
    expect(storage.getItem('authToken')).toBeNull();
  });

  test('When the user signs out, Then POST /api/auth/logout goes with the token before the browser forgets it', async () => {
    const { store, sessionApi } = client();
    const { signedIn } =
      require('../../src/features/session/sessionSlice') as typeof import('../../src/features/session/sessionSlice');
    const { signOut } =
      require('../../src/features/session/sessionApi') as typeof import('../../src/features/session/sessionApi');
    store.dispatch(
      signedIn({ token: 'token-2', user: { email: 'a@x.test', full_name: 'A', role: 'admin', dealer_id: null } }),
    );
    expect(sessionApi.endpoints.logout).toBeDefined();
    answer = { status: 200, body: { success: true, message: 'Signed out' } };
    await store.dispatch(signOut());
    expect(seen).toEqual([{ method: 'POST', url: '/api/auth/logout', authorization: 'Bearer token-2', body: '' }]);
    expect(store.getState().session).toMatchObject({ token: null, user: null });
    expect(window.location.pathname).toBe('/');
    expect(storage.getItem('authToken')).toBeNull();
  });
});
