import path from 'node:path';
import { HttpError, sendError } from '@portal/platform';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response, Router } from 'express';

/** Vite names files under /assets by content hash: they never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated, so a new release is picked up at once. */
const REVALIDATE = 'no-cache';

const notAvailable = () => new HttpError(404, 'The web client is not available');

/**
 * Serves the built single-page client: its files as they are, and index.html for GET / and any other
 * page path (one without a file extension), since the client routes in the browser.
 */
export function webClient(webDist: string | undefined): Router {
  const router = Router();
  if (!webDist) {
    router.get('/', (_req, res) => sendError(res, notAvailable()));
    return router;
  }
  const root = path.resolve(webDist);
  // source maps carry the client's whole source: never served, even if a build leaves one in the folder
  router.use((req: Request, res: Response, next: NextFunction) =>
    req.path.toLowerCase().endsWith('.map') ? sendError(res, new HttpError(404, 'Not found')) : next(),
  );
  // scripts, styles, SVG and index.html travel gzipped (a third of their size or less): a phone on a slow
  // network signs in on the bundle's bytes; images and fonts are compressed already and are left as they are
  router.use(compression({ threshold: 1024 }));
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      setHeaders: (res, file) => {
        const underAssets = path.relative(root, file).startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', underAssets ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  router.get('/{*page}', (req: Request, res: Response, next: NextFunction) => {
    if (path.extname(req.path)) return next();
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile('index.html', { root, cacheControl: false }, (err) => {
      if (err) sendError(res, notAvailable());
    });
  });
  return router;
}
