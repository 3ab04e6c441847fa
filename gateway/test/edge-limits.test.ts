/**
 * What the gateway answers a request it will not forward because of its size: headers too large or too many
 * (431), a body past the endpoint's limit (413), bytes that are not HTTP (400). Each answer is JSON with a
 * detail, read by a real client without a reset (issue 23, finding 8).
 */
import http from 'node:http';
import { endpoints } from '@portal/contracts';
import {
  getWithHeaders,
  hugeHeader,
  manyHeaders,
  postBody,
  sendRaw,
} from '../../services/platform/test/http/support/raw-client';
import { bodyLimitOf } from '../src/body-limit';
import { startTestGateway, type TestGateway } from './support/gateway';

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t?.stop());

const HEADERS_TOO_LARGE = { detail: 'Request headers are too large.' };

describe('Headers the gateway will not read', () => {
  test.each([
    ['one 70 KB header', hugeHeader(70 * 1024)],
    ['2,000 header fields', manyHeaders(2000)],
  ])('When a request carries %s, Then 431 JSON and nothing is forwarded', async (_what, headers) => {
    const before = t.upstreams.geocoding?.received.length;

    const res = await getWithHeaders(`${t.url}/api/public/map-settings`, headers);

    expect(res.status).toBe(431);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual(HEADERS_TOO_LARGE);
    expect(t.upstreams.geocoding?.received.length).toBe(before);
  });

  test('When the headers are large but within the limits, Then the request is forwarded as usual', async () => {
    const res = await getWithHeaders(`${t.url}/healthz`, { ...hugeHeader(8 * 1024), ...manyHeaders(50) });
    expect(res.status).toBe(200);
  });

  test('When the bytes are not HTTP at all, Then 400 JSON with a detail', async () => {
    const answer = await sendRaw(t.url, 'HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: 'The request could not be read as HTTP.',
    });
  });
});

describe('A body past the endpoint limit', () => {
  test.each([
    ['sign-in (2 MB)', 'auth.login', () => ({})],
    ['a picture upload (10 MB)', 'admin.uploadPicture', () => ({ authorization: `Bearer ${t.token('admin')}` })],
  ] as const)(
    'When Node`s client sends %s a body just over its limit, Then it reads the 413 JSON (no reset, no EPIPE)',
    async (_what, id, headers) => {
      const endpoint = endpoints[id];
      const limit = bodyLimitOf(endpoint);
      const upstream = t.upstreams[endpoint.owner];
      const before = upstream?.received.length;

      const res = await postBody(`${t.url}${endpoint.path}`, limit + 1, headers());

      expect(res.status).toBe(413);
      expect(res.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({
        detail: `The request body is too large: at most ${limit} bytes are accepted here.`,
      });
      expect(upstream?.received.length).toBe(before);
    },
  );

  test('When a client declares a body over the limit, sends part of it and waits, Then it still gets the 413', async () => {
    const endpoint = endpoints['auth.login'];
    const limit = bodyLimitOf(endpoint);
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const req = http.request(`${t.url}${endpoint.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': limit + 1 },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024, 0x20));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      detail: `The request body is too large: at most ${limit} bytes are accepted here.`,
    });
  });

  test('When a body is within the limit, Then it is forwarded', async () => {
    const res = await postBody(`${t.url}${endpoints['auth.login'].path}`, 1024);
    expect(res.status).toBe(200);
  });
});
