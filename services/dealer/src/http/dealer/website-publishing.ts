import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { disableOwnWebsite, previewOwnWebsite, publishOwnWebsite } from '../../use-cases/website-publishing';

/** POST /api/dealer/publish-website — only when publish-ready (000 §4). */
export const publishWebsite: DealerHandler<'dealer.publishWebsite'> = async ({ user }, ctx) => {
  const published = await publishOwnWebsite(ctx, user);
  return succeeded({
    message: 'Website published successfully! Your website is now live.',
    published_at: published.publishedAt,
    website_url: published.websiteUrl,
  });
};

/** POST /api/dealer/disable-website */
export const disableWebsite: DealerHandler<'dealer.disableWebsite'> = async ({ user }, ctx) => {
  await disableOwnWebsite(ctx, user);
  return succeeded({ message: 'Website disabled successfully!' });
};

/** GET /api/dealer/preview-website */
export const previewWebsite: DealerHandler<'dealer.previewWebsite'> = async ({ user }, ctx) =>
  succeeded({ message: 'Opening website preview...', preview_url: await previewOwnWebsite(ctx, user) });
