import { AdminHeaderImageUpload, endpoints, fillPath, missingForPublishing, type WebsiteInfo } from '@portal/contracts';
import { type AuthUser, badRequest, hashOpaqueToken, newOpaqueToken, type UploadedFile } from '@portal/platform';
import type { DealerContext } from '../context';
import {
  findWebsiteDealer,
  liveWebsiteDealerIds,
  markPublishedIfNever,
  markWebsiteDisabled,
  markWebsitePublished,
  savePreviewToken,
} from '../data/dealer-website';
import { getDealer, saveDealerChanges } from '../data/dealers';
import { markHeaderImageStored, putHeaderImageFile } from '../data/header-image';
import { renderDealerWebsite } from '../domain/render-website';
import { CANNOT_ENABLE_WEBSITE, canEnableGeneratedWebsite, websiteVisibility } from '../domain/website-rules';
import { changeDealerAudited } from './audited-change';
import { reencodedHeaderImage } from './header-image';
import { ownDealer } from './own-dealer';

/** The live generated websites of the dealers the locator shows, for its Visit Website. */
export async function liveDealerWebsites(ctx: DealerContext, dealerIds: readonly string[]) {
  const live = await liveWebsiteDealerIds(ctx.db.manager, dealerIds);
  return live.map((dealerId) => ({ dealer_id: dealerId, website_url: websitePath(dealerId) }));
}

/** How long a preview link works. */
const PREVIEW_TTL_MINUTES = 30;

export const websitePath = (dealerId: string) =>
  fillPath(endpoints['public.dealerWebsite'].path, { dealer_id: dealerId });

/** Publishes the signed-in dealer's generated website, only when publish-ready (000 §4). */
export async function publishOwnWebsite(ctx: DealerContext, user: AuthUser) {
  const current = await ownDealer(ctx.db.manager, user);
  const missing = missingForPublishing(current);
  if (missing.length) throw badRequest(`Error: Your website is not ready to publish. Missing: ${missing.join(', ')}`);
  const publishedAt = await changeDealerAudited(ctx, current.dealer_id, 'dealer.website_published', (manager) =>
    markWebsitePublished(manager, current.dealer_id),
  );
  return { publishedAt, websiteUrl: websitePath(current.dealer_id) };
}

export async function disableOwnWebsite(ctx: DealerContext, user: AuthUser): Promise<void> {
  const current = await ownDealer(ctx.db.manager, user);
  await changeDealerAudited(ctx, current.dealer_id, 'dealer.website_unpublished', (manager) =>
    markWebsiteDisabled(manager, current.dealer_id),
  );
}

/**
 * A link that shows the generated site before it is published: it carries a random token (stored hashed, one
 * per dealer, replaced by the next preview) valid for 30 minutes.
 */
export async function previewOwnWebsite(ctx: DealerContext, user: AuthUser): Promise<string> {
  const current = await ownDealer(ctx.db.manager, user);
  const token = newOpaqueToken();
  await savePreviewToken(ctx.db.manager, current.dealer_id, hashOpaqueToken(token), PREVIEW_TTL_MINUTES);
  return `${websitePath(current.dealer_id)}?preview=${token}`;
}

/** A dealer's public website page: the HTML when live or previewed with a valid token; null otherwise. */
export async function dealerWebsitePage(
  ctx: DealerContext,
  dealerId: string,
  previewToken: string | undefined,
): Promise<{ html: string; preview: boolean } | null> {
  const found = await findWebsiteDealer(ctx.db.manager, dealerId, previewToken ? hashOpaqueToken(previewToken) : null);
  const visibility = websiteVisibility(found);
  if (!found || visibility === 'hidden') return null;
  return { html: renderDealerWebsite(found.dealer), preview: visibility === 'preview' };
}

/**
 * The admin's view of a dealer's website. `custom_website_url` is the dealer's own site (its `website`);
 * `custom_website_enabled` is whether the generated site is live (`enable_website`).
 */
export async function websiteInfo(ctx: DealerContext, dealerId: string): Promise<WebsiteInfo> {
  return websiteInfoOf(await getDealer(ctx.db.manager, dealerId));
}

function websiteInfoOf(dealer: Awaited<ReturnType<typeof getDealer>>): WebsiteInfo {
  return {
    use_own_website: dealer.use_own_website,
    custom_website_url: dealer.website,
    custom_website_enabled: dealer.enable_website,
    header_image: dealer.header_image_url,
    description: dealer.description,
  };
}

export interface WebsiteSettings {
  useOwnWebsite: boolean;
  customWebsiteUrl: string | null | undefined;
  enableGenerated: boolean;
  /** undefined: keep the current description */
  description: string | null | undefined;
  headerImage: UploadedFile | undefined;
}

/** The admin saves a dealer's website settings (000 §4: the website-enable rule). */
export async function updateWebsiteSettings(
  ctx: DealerContext,
  dealerId: string,
  settings: WebsiteSettings,
): Promise<WebsiteInfo> {
  const current = await getDealer(ctx.db.manager, dealerId);
  const description = settings.description === undefined ? current.description : settings.description;
  if (settings.enableGenerated && !canEnableGeneratedWebsite({ useOwnWebsite: settings.useOwnWebsite, description }))
    throw badRequest(CANNOT_ENABLE_WEBSITE);
  if (settings.headerImage)
    await putHeaderImageFile(
      ctx.objects,
      dealerId,
      await reencodedHeaderImage(settings.headerImage, AdminHeaderImageUpload),
    );
  const dealer = await changeDealerAudited(ctx, dealerId, 'dealer.website_updated', async (manager, emit) => {
    if (settings.headerImage) await markHeaderImageStored(manager, emit, dealerId);
    if (settings.enableGenerated) await markPublishedIfNever(manager, dealerId);
    return saveDealerChanges(manager, emit, dealerId, {
      use_own_website: settings.useOwnWebsite,
      website: settings.customWebsiteUrl,
      description,
      enable_website: settings.enableGenerated,
    });
  });
  return websiteInfoOf(dealer);
}
