import { type Dealer, isBlank, type WebsiteInfo } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { blankToNull, getDealer, saveDealerChanges } from '../../data/dealers';
import { storeHeaderImage } from '../../data/header-image';

/**
 * The admin's view of a dealer's website. `custom_website_url` is the dealer's own site (its `website`);
 * `custom_website_enabled` is whether the generated site is live (`enable_website`).
 */
function websiteInfo(dealer: Dealer): WebsiteInfo {
  return {
    use_own_website: dealer.use_own_website,
    custom_website_url: dealer.website,
    custom_website_enabled: dealer.enable_website,
    header_image: dealer.header_image_url,
    description: dealer.description,
  };
}

/** GET /api/admin/dealer-website-info/{dealer_id} */
export const dealerWebsiteInfo: DealerHandler<'admin.dealerWebsiteInfo'> = async ({ params }, ctx) => ({
  success: true as const,
  website_info: websiteInfo(await getDealer(ctx.db.manager, params.dealer_id)),
});

/**
 * POST /api/admin/update-dealer-website/{dealer_id} — 000 §4: the generated site can be enabled only when
 * own website is off and the description is non-empty.
 */
export const updateDealerWebsite: DealerHandler<'admin.updateDealerWebsite'> = async ({ params, body, files }, ctx) => {
  const current = await getDealer(ctx.db.manager, params.dealer_id);
  const description = body.description === undefined ? current.description : blankToNull(body.description);
  if (body.custom_website_enabled && (body.use_own_website || isBlank(description))) {
    throw badRequest(
      'Error: The generated website can be enabled only when own website is off and a description is entered',
    );
  }
  const image = files.header_image;
  if (image) await storeHeaderImage(ctx, params.dealer_id, image);
  const dealer = await ctx.transaction(async (manager, emit) => {
    const saved = await saveDealerChanges(manager, emit, params.dealer_id, {
      use_own_website: body.use_own_website,
      website: blankToNull(body.custom_website_url),
      description,
      enable_website: body.custom_website_enabled,
    });
    if (body.custom_website_enabled && !saved.published_at) {
      await manager.query('UPDATE dealers SET published_at = now() WHERE dealer_id = $1', [params.dealer_id]);
      return getDealer(manager, params.dealer_id);
    }
    return saved;
  });
  return {
    success: true as const,
    message: 'Website settings updated successfully!',
    website_info: websiteInfo(dealer),
  };
};
