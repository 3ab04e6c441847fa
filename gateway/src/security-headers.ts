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

/**
 * Helmet for what the gateway serves itself (the web client, /docs): a Content-Security-Policy for the SPA,
 * HSTS, nosniff, a strict referrer policy, no framing. `googleMaps` lets the browser load Google Maps.
 */
export function pageSecurityHeaders(opts: { googleMaps: boolean }) {
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
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
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
