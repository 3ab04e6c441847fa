import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stand-in service received it: raw bytes, nothing parsed. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type UpstreamHandler = (req: ReceivedRequest, res: ServerResponse) => void;

export interface Upstream {
  url: string;
  received: ReceivedRequest[];
  /** what the stand-in answers from now on */
  answer(handler: UpstreamHandler): void;
  close(): Promise<void>;
}

export const answerJson =
  (status: number, body: unknown, headers: Record<string, string> = {}): UpstreamHandler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

/**
 * A real HTTP server on a free port standing in for one service: it records every request (body as raw
 * bytes) and answers with the current handler (by default 200 `{ service, path }`).
 */
export async function startUpstream(name = 'upstream'): Promise<Upstream> {
  const received: ReceivedRequest[] = [];
  let handler: UpstreamHandler = (req, res) => answerJson(200, { service: name, path: req.url })(req, res);
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(got);
      res.setHeader('x-served-by', name);
      res.setHeader('x-powered-by', 'Express');
      handler(got, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The URL of a port on which nothing listens (a stopped service). */
export async function deadServiceUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A request whose path is sent exactly as written (fetch would resolve `..` and `%2e%2e` first). */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/`, { method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
