import { createHash } from 'node:crypto';
import { SENT } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { renderWebsiteNotFound, WEBSITE_CSP } from '../../domain/render-website';
import { dealerWebsitePage } from '../../use-cases/website-publishing';

/**
 * Shared caches (a CDN, a proxy) may keep a live page but must ask again before each use (a 304 when it has
 * not changed): a website that is disabled or whose dealer is archived stops being served at once, with a
 * 404 that no cache keeps.
 */
const LIVE_CACHE = 'public, no-cache';
const NOT_CACHED = 'no-store';

/**
 * GET /api/dealer-website/{dealer_id} — public when published (enabled, dealer active); with its dealer's
 * valid preview token also before. Anything else is a 404 page that tells nothing more.
 */
export const dealerWebsite: DealerHandler<'public.dealerWebsite'> = async ({ params, query, res }, ctx) => {
  const page = await dealerWebsitePage(ctx, params.dealer_id, query.preview);
  res.set({
    'Content-Security-Policy': WEBSITE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  if (!page) {
    res.status(404).set('Cache-Control', NOT_CACHED).type('html').send(renderWebsiteNotFound());
    return SENT;
  }
  if (page.preview) res.set({ 'Cache-Control': NOT_CACHED, 'X-Robots-Tag': 'noindex' });
  else
    res.set({ 'Cache-Control': LIVE_CACHE, ETag: `"${createHash('sha256').update(page.html).digest('base64url')}"` });
  // express answers 304 itself when the request's If-None-Match matches the ETag
  res.status(200).type('html').send(page.html);
  return SENT;
};
