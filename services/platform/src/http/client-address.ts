import type { Request } from 'express';

/**
 * The caller's address as the trusted proxies tell it, the key of per-address limits: `req.ip` follows the
 * app's `trust proxy` setting (TRUST_PROXY), so a client's own X-Forwarded-For is believed only from a trusted
 * proxy (the gateway).
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
