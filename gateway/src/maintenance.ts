import { MAINTENANCE_DETAIL } from '@portal/contracts';
import { HttpError, sendError } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { verifiedCaller } from './edge-auth';

export interface MaintenanceOptions {
  /** identity's base URL: it owns the flag and answers it in the public company settings */
  identityUrl: string;
  logger: Logger;
  /** how long a read flag is trusted (default 5 s): a switch takes effect within this time */
  cacheMs?: number;
  /** how long identity may take to answer (default 2 s) */
  timeoutMs?: number;
  /** the clock of the cache, in milliseconds (tests inject one) */
  now?: () => number;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXEMPT_ROLES = new Set(['admin']);

/**
 * Maintenance mode at the edge: while it is on, dealers and delivery users may still read but every call
 * that changes something answers 503 (identity itself refuses their sign-in). Admins keep working. The flag
 * is read from identity at most once per `cacheMs`; when identity cannot answer, the last known value holds
 * (off until first read), so an identity outage never locks the whole portal.
 */
export function maintenanceMode(opts: MaintenanceOptions) {
  const cacheMs = opts.cacheMs ?? 5000;
  const timeoutMs = opts.timeoutMs ?? 2000;
  const now = opts.now ?? Date.now;
  const url = `${opts.identityUrl.replace(/\/$/, '')}/api/public/company-settings`;
  let known = false;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<boolean> | undefined;

  async function readFlag(): Promise<boolean> {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      const body: unknown = await res.json();
      const flag =
        typeof body === 'object' && body !== null && 'maintenance_mode' in body ? body.maintenance_mode : undefined;
      if (!res.ok || typeof flag !== 'boolean') throw new Error(`unexpected answer (status ${res.status})`);
      known = flag;
    } catch (err) {
      opts.logger.warn(
        { err: (err as Error).message, maintenance_mode: known },
        'maintenance flag unreadable; keeping the last known value',
      );
    }
    readAt = now();
    return known;
  }

  function underMaintenance(): Promise<boolean> {
    if (now() - readAt < cacheMs) return Promise.resolve(known);
    reading ??= readFlag().finally(() => {
      reading = undefined;
    });
    return reading;
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_METHODS.has(req.method)) return next();
    // the caller edgeAuth verified: the token is not verified twice
    const role = verifiedCaller(req)?.role;
    if (!role || EXEMPT_ROLES.has(role)) return next();
    underMaintenance().then((on) => (on ? sendError(res, new HttpError(503, MAINTENANCE_DETAIL)) : next()), next);
  };
}
