/**
 * Dealers spread over the contiguous United States, for the map and locator benchmarks: each at a real ZIP code
 * (the offline geocoder places it), the same list on every run.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from './portal.mjs';

// zipcodes is the geocoding service's dependency, not the scripts'
const require = createRequire(path.join(REPO, 'services/geocoding/package.json'));
const { codes } = require('zipcodes');

// the 48 contiguous states and DC (the dealer form takes US state codes; military and territory codes are left out)
const STATES = new Set(
  'AL AZ AR CA CO CT DE DC FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

/** The ZIP codes of the contiguous states with their city, state and point. */
export const ZIPS = Object.values(codes).filter(
  (c) =>
    STATES.has(c.state) &&
    c.country === 'US' &&
    /^\d{5}$/.test(c.zip) &&
    c.latitude > 24.6 &&
    c.latitude < 49.4 &&
    c.longitude > -124.4 &&
    c.longitude < -66.6,
);

/** Dealer i's ZIP code: a stride through the list (7919 is prime), so neighbours in number are far apart. */
const zipOf = (i) => ZIPS[(i * 7919) % ZIPS.length];

/** Dealers `from` .. `from + count - 1` as the bulk import takes them; `domain` makes their emails. */
export function usDealers(from, count, domain) {
  const rows = [];
  for (let i = from; i < from + count; i++) {
    const zip = zipOf(i);
    rows.push({
      full_name: `Pat Dealer ${i}`,
      email: `dealer.${i}@${domain}`,
      business_name: `Blinds ${i}`,
      phone: `(555) 010-${String(i % 10_000).padStart(4, '0')}`,
      address: `${100 + (i % 9000)} Main St`,
      city: zip.city,
      state: zip.state,
      zip_code: zip.zip,
      zone: 'Midwest Zone',
    });
  }
  return rows;
}
