import { readableRandom } from '@portal/platform';

/** A short, URL-safe dealer id shown to dealers, e.g. `D7KQ4M9XA`: 30^8 ≈ 6.5e11 values, no misreadable letters. */
export function newDealerId(): string {
  return `D${readableRandom(8)}`;
}

/** What an imported row's own dealer_id may look like: it ends up in URLs. */
export const DEALER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
