import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';

/**
 * The gateway's memory of immutable public answers (endpoints declared `edgeCache: 'revalidate'`, e.g. product
 * images): a 200 that names bytes which never change (`Cache-Control: ... immutable`, an ETag, a known length,
 * no Vary, no cookie) is kept by its URL, least recently used dropped first. A kept answer is never served on
 * trust: each request still asks the owner with If-None-Match, and only its 304 lets the gateway answer from
 * memory (see proxy.ts). What that saves is carrying the bytes from the service on every request; what it keeps
 * is the owner's word on every request, so a removed name answers 404 at once.
 */
export interface EdgeCacheLimits {
  /** the memory all kept answers may take together; 0 turns the cache off */
  maxBytes: number;
  /** larger answers always come from the service */
  maxObjectBytes: number;
}

export const DEFAULT_EDGE_CACHE: EdgeCacheLimits = { maxBytes: 64 * 1024 * 1024, maxObjectBytes: 2 * 1024 * 1024 };

export interface KeptAnswer {
  etag: string;
  /** the owner's headers of the 200, as they are answered again */
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Headers that belong to one connection or one answer, never kept. */
const NOT_KEPT = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-request-id', 'x-powered-by']);

/** The owner's answer, when it may be kept: its ETag and length; else null. */
export function keepableAnswer(res: IncomingMessage, limits: EdgeCacheLimits): { etag: string; length: number } | null {
  const { etag, vary } = res.headers;
  const length = Number(res.headers['content-length']);
  if (res.statusCode !== 200 || !etag || vary || res.headers['set-cookie']) return null;
  if (!/\bimmutable\b/.test(res.headers['cache-control'] ?? '')) return null;
  if (!Number.isInteger(length) || length <= 0 || length > limits.maxObjectBytes) return null;
  return { etag, length };
}

/** The owner's headers worth answering again. */
export function keptHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !NOT_KEPT.has(name)) kept[name] = value;
  return kept;
}

export class EdgeCache {
  // a Map keeps insertion order: re-inserting on each hit makes its first entry the least recently used
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(readonly limits: EdgeCacheLimits = DEFAULT_EDGE_CACHE) {}

  get enabled(): boolean {
    return this.limits.maxBytes > 0;
  }

  /** the kept answer for `url`, now the most recently used */
  get(url: string): KeptAnswer | undefined {
    const answer = this.answers.get(url);
    if (answer) {
      this.answers.delete(url);
      this.answers.set(url, answer);
    }
    return answer;
  }

  keep(url: string, answer: KeptAnswer): void {
    if (!this.enabled || answer.body.length > this.limits.maxObjectBytes) return;
    this.forget(url);
    this.answers.set(url, answer);
    this.bytes += answer.body.length;
    for (const [oldest] of this.answers) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.forget(oldest);
    }
  }

  forget(url: string): void {
    const answer = this.answers.get(url);
    if (!answer) return;
    this.answers.delete(url);
    this.bytes -= answer.body.length;
  }

  /** the memory the kept answers take */
  get size(): { answers: number; bytes: number } {
    return { answers: this.answers.size, bytes: this.bytes };
  }

  /**
   * Keeps the owner's answer to `url` as it streams past (the caller pipes it on; this only listens), once it
   * has arrived whole.
   */
  capture(url: string, res: IncomingMessage): void {
    const keepable = this.enabled ? keepableAnswer(res, this.limits) : null;
    if (!keepable) return;
    const chunks: Buffer[] = [];
    let received = 0;
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    res.once('end', () => {
      if (received !== keepable.length) return; // a HEAD, or cut short
      this.keep(url, { etag: keepable.etag, headers: keptHeaders(res.headers), body: Buffer.concat(chunks, received) });
    });
  }
}
