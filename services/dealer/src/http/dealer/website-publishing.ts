import { createHash, randomBytes } from 'node:crypto';
import { endpoints, fillPath } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { getDealer } from '../../data/dealers';
import { missingForPublishing } from '../../domain/website-readiness';
import { ownDealer } from './own-dealer';

/** How long a preview link works. */
const PREVIEW_TTL_MINUTES = 30;

export const websitePath = (dealerId: string) => fillPath(endpoints['public.dealerWebsite'].path, { dealer_id: dealerId });
export const hashPreviewToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST /api/dealer/publish-website — only when publish-ready (000 §4). */
export const publishWebsite: DealerHandler<'dealer.publishWebsite'> = async ({ user }, ctx) => {
  const current = await ownDealer(ctx.db.manager, user);
  const missing = missingForPublishing(current);
  if (missing.length) throw badRequest(`Error: Your website is not ready to publish. Missing: ${missing.join(', ')}`);
  await ctx.db.query(
    'UPDATE dealers SET enable_website = true, published_at = now(), updated_at = now() WHERE dealer_id = $1',
    [current.dealer_id],
  );
  const dealer = await getDealer(ctx.db.manager, current.dealer_id);
  return {
    success: true as const,
    message: 'Website published successfully! Your website is now live.',
    published_at: dealer.published_at as string,
    website_url: websitePath(dealer.dealer_id),
  };
};

/** POST /api/dealer/disable-website */
export const disableWebsite: DealerHandler<'dealer.disableWebsite'> = async ({ user }, ctx) => {
  const current = await ownDealer(ctx.db.manager, user);
  await ctx.db.query('UPDATE dealers SET enable_website = false, updated_at = now() WHERE dealer_id = $1', [
    current.dealer_id,
  ]);
  return { success: true as const, message: 'Website disabled successfully!' };
};

/**
 * GET /api/dealer/preview-website — a link that shows the generated site before it is published: it
 * carries a random token (stored hashed, one per dealer, replaced by the next preview) valid for 30 minutes.
 */
export const previewWebsite: DealerHandler<'dealer.previewWebsite'> = async ({ user }, ctx) => {
  const current = await ownDealer(ctx.db.manager, user);
  const token = randomBytes(24).toString('base64url');
  await ctx.db.query(
    `UPDATE dealers SET preview_token_hash = $2, preview_expires_at = now() + make_interval(mins => $3) WHERE dealer_id = $1`,
    [current.dealer_id, hashPreviewToken(token), PREVIEW_TTL_MINUTES],
  );
  return {
    success: true as const,
    message: 'Opening website preview...',
    preview_url: `${websitePath(current.dealer_id)}?preview=${token}`,
  };
};
