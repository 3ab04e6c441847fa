import type { Dealer } from '@portal/contracts';
import { SENT } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { DEALER_JSON } from '../../data/dealer-json';
import { renderDealerWebsite, renderWebsiteNotFound, WEBSITE_CSP } from '../../domain/render-website';
import { hashPreviewToken } from '../dealer/website-publishing';

/**
 * GET /api/dealer-website/{dealer_id} — public when published (enabled, dealer active); with its dealer's
 * valid preview token also before. Anything else is a 404 page that tells nothing more.
 */
export const dealerWebsite: DealerHandler<'public.dealerWebsite'> = async ({ params, query, res }, ctx) => {
  const rows: { dealer: Dealer; previewing: boolean }[] = await ctx.db.query(
    `SELECT ${DEALER_JSON} AS dealer,
       (d.preview_token_hash = $2 AND d.preview_expires_at > now()) IS TRUE AS previewing
     FROM dealers d WHERE d.dealer_id = $1 AND d.status = 'active'`,
    [params.dealer_id, query.preview ? hashPreviewToken(query.preview) : null],
  );
  const row = rows[0];
  const visible = row && (row.dealer.enable_website || row.previewing);
  res.set({
    'Content-Security-Policy': WEBSITE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': visible && !row.previewing ? 'public, max-age=300' : 'no-store',
  });
  if (row?.previewing) res.set('X-Robots-Tag', 'noindex');
  res
    .status(visible ? 200 : 404)
    .type('html')
    .send(visible ? renderDealerWebsite(row.dealer) : renderWebsiteNotFound());
  return SENT;
};
