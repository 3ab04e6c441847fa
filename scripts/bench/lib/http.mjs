/**
 * The benchmarks' HTTP client: node:http over kept-alive connections rather than fetch, whose own cost in this
 * process (a few tenths of a millisecond a request) would be measured as the portal's.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { mb } from './measure.mjs';

/**
 * A client over at most `maxSockets` kept-alive connections. `send(base, method, route, { headers, body })`
 * sends `body` as JSON and resolves with `status`, `headers`, `raw` (the bytes as they came over the wire), `sent`
 * (request bytes) and `ms` (to the last byte); `text`, `body` (parsed JSON, undefined when it is none) and
 * `bytes` decode a compressed answer (gzip, br, deflate) on first use, outside the time measured. `headers` (default: accepting JSON)
 * go with every request. `destroy()` closes the connections.
 */
export function httpClient({ maxSockets = 1, headers: defaults = { accept: 'application/json' } } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const send = (base, method, route, { headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const started = process.hrtime.bigint();
      const req = http.request(
        `${base}${route}`,
        {
          method,
          agent,
          headers: {
            ...defaults,
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const ms = Number(process.hrtime.bigint() - started) / 1e6;
            resolve(response(res, Buffer.concat(chunks), ms, payload?.length ?? 0));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, destroy: () => agent.destroy() };
}

/** The encodings a browser accepts (and the portal may answer): decoded outside the time measured. */
const DECODE = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

function response(res, raw, ms, sent) {
  let decoded;
  let parsed;
  const text = () => {
    decoded ??= (DECODE[res.headers['content-encoding']]?.(raw) ?? raw).toString('utf8');
    return decoded;
  };
  return {
    status: res.statusCode,
    headers: res.headers,
    raw,
    sent,
    ms,
    get text() {
      return text();
    },
    get bytes() {
      return Buffer.byteLength(text());
    },
    get body() {
      if (parsed === undefined) {
        try {
          parsed = { value: JSON.parse(text()) };
        } catch {
          parsed = { value: undefined };
        }
      }
      return parsed.value;
    },
  };
}

/** Throws unless `res` answered 200, with the start of what it said. */
export function expectOk(res, what) {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 500)}`);
}

/** Bytes as people read them: "812 B", "7.9 KB", "1.2 MB". */
const size = (bytes) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : mb(bytes);

/** The size of an answer as it travelled and, when compressed, as JSON: "1.2 MB gzip (9.8 MB JSON)". */
export function answerSize(res) {
  const encoding = res.headers['content-encoding'];
  return encoding ? `${size(res.raw.length)} ${encoding} (${size(res.bytes)} JSON)` : size(res.raw.length);
}
