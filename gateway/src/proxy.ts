import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { SERVICES, type ServiceName } from '@portal/contracts';
import { HttpError, sendError } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { countStreamedBody } from './body-limit';
import { matchedEndpoint } from './edge-auth';

export interface ProxyOptions {
  services: Record<ServiceName, string>;
  /** how long a service may stay silent before the caller gets 504 */
  timeoutMs: number;
  /** connections kept open to each service */
  maxSockets?: number;
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
          proxyRes: (proxyRes) => {
            delete proxyRes.headers['x-powered-by'];
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

  return {
    /** forwards a matched /api request to its owner service */
    middleware(req: Request, res: Response, next: NextFunction) {
      const endpoint = matchedEndpoint(req);
      const proxy = endpoint && proxies.get(endpoint.owner);
      if (!proxy) return next(new HttpError(404, 'Not found'));
      proxy(req, res, next).catch(next);
    },
    /** closes the kept-alive connections to the services */
    close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
