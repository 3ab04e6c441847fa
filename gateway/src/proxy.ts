import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { SERVICES, type ServiceName } from '@portal/contracts';
import { HttpError, matchesIfNoneMatch, sendError } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { countStreamedBody } from './body-limit';
import { matchedEndpoint } from './edge-auth';
import { DEFAULT_EDGE_CACHE, EdgeCache, type EdgeCacheLimits, type KeptAnswer } from './edge-cache';

export interface ProxyOptions {
  services: Record<ServiceName, string>;
  /** how long a service may stay silent before the caller gets 504 */
  timeoutMs: number;
  /** connections kept open to each service */
  maxSockets?: number;
  /** the memory of immutable public answers (see edge-cache.ts) */
  edgeCache?: EdgeCacheLimits;
  logger: Logger;
}

/** The service is not there at all: nothing listens, or its name does not resolve. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** The service took the request but did not answer in time (proxyTimeout surfaces as ECONNRESET). */
const NO_ANSWER = new Set(['ECONNRESET', 'ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED']);

export function proxyErrorFor(service: ServiceName, code: string | undefined): HttpError {
  if (code && UNREACHABLE.has(code)) {
    return new HttpError(503, `The ${service} service is unavailable. Please try again shortly.`);
  }
  if (code && NO_ANSWER.has(code)) return new HttpError(504, `The ${service} service did not answer in time.`);
  return new HttpError(502, `The ${service} service gave an invalid answer.`);
}

function isResponse(res: ServerResponse | Socket): res is ServerResponse {
  return 'writeHead' in res;
}

/** Request headers that belong to the caller's connection, not passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** `X-Cache` tells whether the bytes came from the gateway's memory (after the owner's 304) or from the owner. */
const X_CACHE = 'X-Cache';

/** Whether a request may be answered from, or fill, the edge cache. */
const edgeCacheable = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && matchedEndpoint(req)?.edgeCache === 'revalidate';

/**
 * X-Forwarded-For/Proto/Host as the service should see them. X-Forwarded-For is exactly one address: the
 * client as the gateway itself determined it (`req.ip`, read through TRUST_PROXY). A client's own
 * X-Forwarded-For is never passed on, so nobody can pick the address a service's throttle counts.
 */
function setForwardedHeaders(proxyReq: ClientRequest, req: IncomingMessage) {
  const express = req as Request;
  proxyReq.setHeader('X-Forwarded-For', express.ip ?? req.socket.remoteAddress ?? '');
  proxyReq.setHeader('X-Forwarded-Proto', express.protocol);
  if (req.headers.host) proxyReq.setHeader('X-Forwarded-Host', express.host ?? req.headers.host);
}

/**
 * One streaming proxy per service (bodies are never parsed here: JSON and multipart pass byte for byte),
 * each with its own keep-alive agent. The request goes to the owner of the contract endpoint `edgeAuth`
 * matched, with its path unchanged. Errors answer JSON: 503 when the service is down, 504 when it is silent.
 */
export function createServiceProxies(opts: ProxyOptions) {
  const agents = new Map<ServiceName, http.Agent>();
  const proxies = new Map<ServiceName, ReturnType<typeof createProxyMiddleware<Request, Response>>>();
  const edgeCache = new EdgeCache(opts.edgeCache ?? DEFAULT_EDGE_CACHE);
  for (const service of SERVICES) {
    const target = opts.services[service];
    const agentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 256 };
    const agent = target.startsWith('https:') ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
    agents.set(service, agent);
    proxies.set(
      service,
      createProxyMiddleware<Request, Response>({
        target,
        agent,
        proxyTimeout: opts.timeoutMs,
        // the caller's socket may idle a little longer, so the 504 above reaches it first
        timeout: opts.timeoutMs + 1000,
        on: {
          proxyReq: (proxyReq, req, res) => {
            setForwardedHeaders(proxyReq, req);
            countStreamedBody(req, res, proxyReq);
          },
          proxyRes: (proxyRes, req, res) => {
            delete proxyRes.headers['x-powered-by'];
            if (edgeCache.enabled && edgeCacheable(req as Request)) {
              res.setHeader(X_CACHE, 'MISS');
              edgeCache.capture(req.url ?? '', proxyRes);
            }
          },
          error: (err, req, res) => {
            // the caller has its whole answer already (a body cut off for its size answered 413)
            if (isResponse(res) && res.writableEnded) return;
            const code = (err as NodeJS.ErrnoException).code;
            opts.logger.warn({ upstream: service, code, method: req.method, path: req.path }, 'proxy error');
            if (isResponse(res)) sendError(res, proxyErrorFor(service, code));
            else res.destroy();
          },
        },
      }),
    );
  }

  /**
   * Asks `service` whether the kept answer still stands (If-None-Match with its ETag; the caller's own
   * conditions are not passed on) and answers from memory on its 304. Any other answer is passed on as it came
   * (and kept instead when it may be); the kept one is forgotten.
   */
  function revalidate(service: ServiceName, kept: KeptAnswer, req: Request, res: Response) {
    const url = req.url;
    const target = new URL(opts.services[service]);
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'if-none-match': kept.etag };
    for (const name of [...HOP_BY_HOP, 'if-modified-since']) delete headers[name];
    const upstream = (target.protocol === 'https:' ? https : http).request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: url,
      headers,
      agent: agents.get(service),
    });
    setForwardedHeaders(upstream, req);
    upstream.setTimeout(opts.timeoutMs, () =>
      upstream.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })),
    );
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.once('error', (err) => {
      if (res.headersSent) return void res.destroy();
      const code = (err as NodeJS.ErrnoException).code;
      opts.logger.warn({ upstream: service, code, method: req.method, path: req.path }, 'proxy error');
      sendError(res, proxyErrorFor(service, code));
    });
    upstream.once('response', (answer) => {
      if (answer.statusCode === 304) {
        answer.resume();
        res.setHeader(X_CACHE, 'HIT');
        if (matchesIfNoneMatch(req.get('if-none-match'), kept.etag)) {
          const { 'content-length': _length, 'content-type': _type, ...validators } = kept.headers;
          res.writeHead(304, validators).end();
        } else {
          res.writeHead(200, kept.headers).end(req.method === 'HEAD' ? undefined : kept.body);
        }
        return;
      }
      edgeCache.forget(url);
      // the framing of the caller's connection is Node's to choose (the body arrives decoded)
      for (const name of [...HOP_BY_HOP, 'x-powered-by']) delete answer.headers[name];
      res.setHeader(X_CACHE, 'MISS');
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      edgeCache.capture(url, answer);
      answer.pipe(res);
    });
    upstream.end();
  }

  return {
    /** forwards a matched /api request to its owner service */
    middleware(req: Request, res: Response, next: NextFunction) {
      const endpoint = matchedEndpoint(req);
      const proxy = endpoint && proxies.get(endpoint.owner);
      if (!proxy) return next(new HttpError(404, 'Not found'));
      const kept = edgeCache.enabled && edgeCacheable(req) ? edgeCache.get(req.url) : undefined;
      if (kept) return revalidate(endpoint.owner, kept, req, res);
      proxy(req, res, next).catch(next);
    },
    /** what the edge cache holds (tests, diagnostics) */
    edgeCache,
    /** closes the kept-alive connections to the services */
    close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
