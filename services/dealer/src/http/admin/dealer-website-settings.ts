import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { updateWebsiteSettings, websiteInfo } from '../../use-cases/website-publishing';

/** GET /api/admin/dealer-website-info/{dealer_id} */
export const dealerWebsiteInfo: DealerHandler<'admin.dealerWebsiteInfo'> = async ({ params }, ctx) =>
  succeeded({ website_info: await websiteInfo(ctx, params.dealer_id) });

/** POST /api/admin/update-dealer-website/{dealer_id} — multipart form with an optional header image. */
export const updateDealerWebsite: DealerHandler<'admin.updateDealerWebsite'> = async ({ params, body, files }, ctx) =>
  succeeded({
    message: 'Website settings updated successfully!',
    website_info: await updateWebsiteSettings(ctx, params.dealer_id, {
      useOwnWebsite: body.use_own_website,
      customWebsiteUrl: body.custom_website_url,
      enableGenerated: body.custom_website_enabled,
      description: body.description,
      headerImage: files.header_image,
    }),
  });
