/** A dealer's postal address as the dealer record holds it (any part may be missing). */
export interface PostalAddress {
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The address as far as geocoding cares: a dealer is geocoded again only when this changes (a new phone or
 * name never re-geocodes it). Case, spacing and a ZIP+4 suffix do not count as changes.
 */
export function addressKey(a: PostalAddress): string {
  const zip = clean(a.zip_code).replace(/^(\d{5})-?\d{4}$/, '$1');
  return [clean(a.address), clean(a.city), clean(a.state), zip].join('|');
}

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';

/** 001 §5: dealers with no address are skipped (every part blank: the address key is '|||'). */
export function hasAddress(a: PostalAddress): boolean {
  return filled(a.address) || filled(a.city) || filled(a.state) || filled(a.zip_code);
}

/** One line for humans: "123 Main St, Austin, TX 78701". */
export function oneLine(a: PostalAddress): string {
  const stateZip = [a.state, a.zip_code]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return [a.address, a.city, stateZip]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}
