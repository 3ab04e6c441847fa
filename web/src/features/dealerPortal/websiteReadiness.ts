import type { Dealer } from '@portal/contracts';

const REQUIRED: readonly [keyof Dealer, string][] = [
  ['full_name', 'Full name'],
  ['business_name', 'Business name'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip_code', 'Zip code'],
  ['description', 'Business description'],
];

/**
 * What the generated website still needs before it can be published (000 §4/§5): name and business name, phone,
 * address, city, state, zip code, a description, an uploaded header image and type custom.
 */
export function missingForPublishing(dealer: Dealer): string[] {
  const missing = REQUIRED.filter(([field]) => {
    const value = dealer[field];
    return typeof value !== 'string' || value.trim() === '';
  }).map(([, label]) => label);
  if (!dealer.header_image_url) missing.push('Header image');
  if (dealer.use_own_website) missing.push('Generated website selected (not your own website)');
  return missing;
}

/** "Error uploading image: detail" — the dealer screens' wording, with 'Unknown error' when no detail came. */
export function withDetail(prefix: string, detail: string | undefined): string {
  return `${prefix}: ${detail ?? 'Unknown error'}`;
}
