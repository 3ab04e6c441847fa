import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints, internalEndpoints } from '@portal/contracts';
import { ServiceCallError, serviceClient } from '@portal/platform';

/** What the fake identity received, and what it answers next. */
const received: { method?: string; url?: string; authorization?: string; body?: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        body: raw ? JSON.parse(raw) : undefined,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mail = { to: ['ann@example.com'], subject: 'Invoice', text: 'Hello', purpose: 'invoice' };

test('When the other service answers as its contract says, Then the call answers the parsed response and sent the body, path and token', async () => {
  answer = { status: 200, body: { sent: true, message_id: '<m1@portal>' } };
  const sent = await serviceClient(baseUrl).call(internalEndpoints['internal.sendMail'], {
    body: mail,
    authorization: 'Bearer admin-token',
    timeoutMs: 2000,
  });
  expect(sent).toEqual({ sent: true, message_id: '<m1@portal>' });
  expect(received.at(-1)).toEqual({
    method: 'POST',
    url: '/internal/send-mail',
    authorization: 'Bearer admin-token',
    body: mail,
  });
});

test('When the endpoint has path parameters, Then they are filled in and encoded', async () => {
  answer = { status: 200, body: { success: true } };
  await serviceClient(baseUrl).call(endpoints['admin.deleteDealerLogin'], {
    params: { dealer_id: 'D 1/2' },
    timeoutMs: 2000,
  });
  expect(received.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/admin/delete-dealer-login/D%201%2F2' });
});

async function failureOf(promise: Promise<unknown>): Promise<ServiceCallError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceCallError);
  return err as ServiceCallError;
}

test('When the other service refuses the request, Then the error keeps its status and detail', async () => {
  answer = { status: 409, body: { detail: 'Email already used' } };
  const err = await failureOf(
    serviceClient(baseUrl).call(internalEndpoints['internal.sendMail'], { body: mail, timeoutMs: 2000 }),
  );
  expect(err).toMatchObject({ status: 409, detail: 'Email already used', remoteStatus: 409, refused: true });
});

test('When the other service fails or answers unlike its contract, Then the error is a 502', async () => {
  answer = { status: 500, body: { detail: 'boom' } };
  const failed = await failureOf(
    serviceClient(baseUrl).call(internalEndpoints['internal.sendMail'], { body: mail, timeoutMs: 2000 }),
  );
  expect(failed).toMatchObject({ status: 502, remoteStatus: 500, remoteDetail: 'boom', refused: false });
  answer = { status: 200, body: { sent: 'yes' } };
  const odd = await failureOf(
    serviceClient(baseUrl).call(internalEndpoints['internal.sendMail'], { body: mail, timeoutMs: 2000 }),
  );
  expect(odd).toMatchObject({ status: 502, remoteStatus: 200, refused: false });
});

test('When the other service does not answer, Then the error is a 502 without a remote status', async () => {
  const err = await failureOf(
    serviceClient('http://127.0.0.1:9').call(internalEndpoints['internal.sendMail'], { body: mail, timeoutMs: 2000 }),
  );
  expect(err).toMatchObject({ status: 502, remoteStatus: undefined, refused: false });
});
