import { isBlank } from '@portal/contracts';

export const CANNOT_ENABLE_WEBSITE =
  'Error: The generated website can be enabled only when own website is off and a description is entered';

/**
 * The admin's website rule (000 §4): the generated site can be enabled only when own website is off and the
 * description is non-empty.
 */
export function canEnableGeneratedWebsite(settings: { useOwnWebsite: boolean; description: string | null }): boolean {
  return !settings.useOwnWebsite && !isBlank(settings.description);
}

/** What a dealer's website may be served as: live to everyone, a preview for its dealer, or not at all. */
export type WebsiteVisibility = 'live' | 'preview' | 'hidden';

/** A website is live when enabled and its dealer active; a valid preview token shows it before that. */
export function websiteVisibility(
  found: { dealer: { enable_website: boolean; status: string }; previewing: boolean } | null,
): WebsiteVisibility {
  if (found?.dealer.status !== 'active') return 'hidden';
  if (found.previewing) return 'preview';
  return found.dealer.enable_website ? 'live' : 'hidden';
}
