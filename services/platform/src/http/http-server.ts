import { createServer, type IncomingMessage, type RequestListener, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { sendError } from './error-handler';
import { badRequest, HttpError } from './errors';

export const HEADERS_TOO_LARGE = 'Request headers are too large.';
const NOT_HTTP = 'The request could not be read as HTTP.';
const TOO_SLOW = 'The request took too long to arrive.';
const NO_HOST = 'The request has no Host header.';

/** More header fields than any browser or proxy sends (a browser sends about 20): 431 past it. */
export const MAX_REQUEST_HEADER_FIELDS = 200;

/**
 * How long what a refused client is still sending is read and dropped before the connection is closed: closing
 * with unread bytes makes the kernel reset the connection, and a client that is still writing then sees a reset
 * instead of the answer.
 */
const DRAIN_MS = 5_000;

/** The answer to a request Node's parser refused, with the status Node itself would choose. */
function refusal(err: NodeJS.ErrnoException): { status: number; detail: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, detail: HEADERS_TOO_LARGE };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, detail: 'Chunk extensions are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, detail: TOO_SLOW };
    default:
      return { status: 400, detail: NOT_HTTP };
  }
}

function rawJsonResponse(status: number, detail: string): string {
  const body = JSON.stringify({ detail });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** A request whose headers parsed but that is not one to serve: too many fields, or HTTP/1.1 without Host. */
function refusedHeaders(req: IncomingMessage): HttpError | null {
  if (req.rawHeaders.length / 2 > MAX_REQUEST_HEADER_FIELDS) return new HttpError(431, HEADERS_TOO_LARGE);
  if (req.httpVersion === '1.1' && req.headers.host === undefined) return badRequest(NO_HOST);
  return null;
}

/**
 * The HTTP server of the gateway and of every service. Every request Node refuses before the app sees it gets
 * a JSON `{ detail }` like every other refusal, never an empty body or a reset: headers too large (431), too
 * many header fields (431), not HTTP (400), too slow (408). Node's own answers are bare, and it closes the
 * socket with the client's unread bytes in it, which resets the connection before the client reads them.
 */
export function createHttpServer(app: RequestListener): Server {
  // responses in progress: a parse error on such a socket (a pipelined request) cannot get an answer of its own
  const responding = new WeakSet<Duplex>();
  const answered = new WeakSet<Duplex>();
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    responding.add(req.socket);
    res.once('close', () => responding.delete(req.socket));
    const refused = refusedHeaders(req);
    if (!refused) return app(req, res);
    res.setHeader('Connection', 'close');
    sendError(res, refused);
  });
  // Node drops header fields past maxHeadersCount without a word (a Host header among them): none are dropped,
  // the fields are counted above instead, and their total size stays bounded by maxHeaderSize.
  server.maxHeadersCount = 0;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return; // the parser reports each further chunk of the same request again
    answered.add(socket);
    if (err.code === 'ECONNRESET' || !socket.writable || responding.has(socket)) {
      socket.destroy();
      return;
    }
    const { status, detail } = refusal(err);
    socket.end(rawJsonResponse(status, detail));
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
  return server;
}
