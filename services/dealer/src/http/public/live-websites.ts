import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { liveDealerWebsites } from '../../use-cases/website-publishing';

/**
 * GET /api/public/live-dealer-websites?dealer_ids=… — which of the locator's dealers have a live generated
 * website. Shared caches may keep the answer a minute: a website just published shows in the locator soon after.
 */
export const liveWebsites: DealerHandler<'public.liveDealerWebsites'> = async ({ query, res }, ctx) => {
  res.set('Cache-Control', 'public, max-age=60');
  return succeeded({ websites: await liveDealerWebsites(ctx, query.dealer_ids) });
};
