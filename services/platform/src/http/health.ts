import { Router } from 'express';

export type ReadinessCheck = () => Promise<void>;

/** /healthz: the process is alive. /readyz: every dependency answered (503 lists the failing ones). */
export function healthRouter(checks: Record<string, ReadinessCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          return [name, 'ok'] as const;
        } catch (err) {
          return [name, err instanceof Error ? err.message : 'failed'] as const;
        }
      }),
    );
    const failing = results.filter(([, r]) => r !== 'ok');
    res.status(failing.length ? 503 : 200).json({
      status: failing.length ? 'unavailable' : 'ok',
      checks: Object.fromEntries(results),
      ...(failing.length ? { detail: `Not ready: ${failing.map(([n]) => n).join(', ')}` } : {}),
    });
  });
  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
