import { embeddedLocatorPage } from '@portal/contracts';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com'],
  img: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com', 'https://*.ggpht.com'],
  connect: ['https://maps.googleapis.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

/** One year, the usual HSTS preload minimum. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** The embed code's script, loaded by dealers' own sites from the portal's origin. */
export const LOCATOR_WIDGET_PATH = '/google-dealer-map-widget.js';

/**
 * The page the widget frames: the public dealer locator alone (GET /?view=dealer-locator&embed=1), decided by
 * the same rule the web uses to show it, so a framable page never shows anything else (not signup).
 */
function isEmbeddedLocator(req: Request): boolean {
  const query = req.originalUrl.indexOf('?');
  return embeddedLocatorPage(req.path, query === -1 ? '' : req.originalUrl.slice(query + 1));
}

function pagePolicy(opts: { googleMaps: boolean }, framing: 'none' | 'anyone') {
  const maps = opts.googleMaps ? GOOGLE_MAPS : { script: [], img: [], connect: [], style: [], font: [] };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...maps.script],
        imgSrc: ["'self'", 'data:', 'blob:', ...maps.img],
        styleSrc: ["'self'", "'unsafe-inline'", ...maps.style],
        fontSrc: ["'self'", ...maps.font],
        connectSrc: ["'self'", ...maps.connect],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: framing === 'none' ? ["'none'"] : ['*'],
      },
    },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    xFrameOptions: framing === 'none' ? { action: 'deny' } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * Helmet for what the gateway serves itself (the web client, /docs): a Content-Security-Policy for the SPA,
 * HSTS, nosniff, a strict referrer policy, no framing. Two exceptions serve the locator's embed code on other
 * sites: the widget script may be loaded cross-origin (Cross-Origin-Resource-Policy), and the embedded locator
 * page may be framed by any site. That page shows public data only and acts for nobody (it never uses a
 * session), so being framed lets no one click on a signed-in user's behalf. `googleMaps` lets the browser load
 * Google Maps.
 */
export function pageSecurityHeaders(opts: { googleMaps: boolean }) {
  const strict = pagePolicy(opts, 'none');
  const frameable = pagePolicy(opts, 'anyone');
  return (req: Request, res: Response, next: NextFunction) => {
    if (isEmbeddedLocator(req)) return frameable(req, res, next);
    strict(req, res, (err?: unknown) => {
      if (!err && req.path === LOCATOR_WIDGET_PATH) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      next(err);
    });
  };
}

/**
 * The generic headers every /api answer gets, set before proxying: a service's own header of the same
 * name replaces them (the public dealer website sets its own policy), so nothing a service chose is overridden.
 */
export function apiSecurityHeaders() {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  };
}
