import type { Dealer } from '@portal/contracts';
import { isBlank } from '@portal/contracts';

const REQUIRED_TEXT: readonly [keyof Dealer, string][] = [
  ['full_name', 'full name'],
  ['business_name', 'business name'],
  ['phone', 'phone'],
  ['address', 'address'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip_code', 'zip code'],
  ['description', 'description'],
];

/**
 * What keeps a dealer's generated website from being published (000 §4/§5): a complete profile (name and
 * business name, phone, address, city, state, zip code), a description, a header image and type custom.
 * Empty when it is ready.
 */
export function missingForPublishing(dealer: Dealer): string[] {
  const missing = REQUIRED_TEXT.filter(([field]) => isBlank(dealer[field])).map(([, label]) => label);
  if (!dealer.header_image_url) missing.push('header image');
  if (dealer.use_own_website) missing.push('generated website chosen instead of own website');
  return missing;
}
