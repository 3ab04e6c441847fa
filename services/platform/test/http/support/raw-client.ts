import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * GET with exactly these headers through Node's own HTTP client, on a connection of its own: a reset or an
 * unparsable answer rejects, so a test sees what a real client sees.
 */
export function getWithHeaders(url: string, headers: http.OutgoingHttpHeaders): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** One header of `bytes` bytes (70 KB: past Node's 16 KB header limit). */
export const hugeHeader = (bytes: number) => ({ 'x-padding': 'x'.repeat(bytes) });

/** `count` small header fields (2,000: far more than any browser sends). */
export const manyHeaders = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-field-${i}`, 'v']));

/** Writes raw bytes on a TCP connection and answers everything the server sent back before it closed. */
export function sendRaw(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/**
 * POSTs a body of `bytes` bytes with its Content-Length and answers once the whole body was sent and the whole
 * answer read, as Python's and most clients need it: a connection reset or EPIPE while the body is still going
 * out rejects, even when an answer arrived before it.
 */
export function postBody(url: string, bytes: number, headers: http.OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let sent = false;
    let answer: RawAnswer | undefined;
    const settle = () => {
      if (sent && answer) resolve(answer);
    };
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', ...headers, 'content-length': bytes },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answer = {
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          };
          settle();
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('finish', () => {
      sent = true;
      settle();
    });
    // written a piece at a time, each after the last has gone out, as a client on a real network does
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let left = bytes;
    const writeNext = () => {
      if (req.destroyed) return;
      if (left <= 0) return void req.end();
      const size = Math.min(left, piece.length);
      left -= size;
      req.write(piece.subarray(0, size), (err) => (err ? reject(err) : writeNext()));
    };
    writeNext();
  });
}
