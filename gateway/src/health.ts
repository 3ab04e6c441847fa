import { SERVICES, type ServiceName } from '@portal/contracts';
import { type Request, type Response, Router } from 'express';

const READY_TIMEOUT_MS = 1000;

async function answers(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * GET /healthz: the gateway process is alive. GET /readyz: every service's /healthz answered within a
 * second; otherwise 503 naming the services that did not.
 */
export function healthRoutes(services: Record<ServiceName, string>): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    const results = await Promise.all(SERVICES.map(async (name) => [name, await answers(services[name])] as const));
    const down = results.filter(([, up]) => !up).map(([name]) => name);
    res.setHeader('Cache-Control', 'no-store');
    res.status(down.length ? 503 : 200).json({
      status: down.length ? 'unavailable' : 'ok',
      services: Object.fromEntries(results.map(([name, up]) => [name, up ? 'ok' : 'down'])),
      ...(down.length ? { detail: `Not ready: ${down.join(', ')} unavailable`, down } : {}),
    });
  });
  return router;
}
