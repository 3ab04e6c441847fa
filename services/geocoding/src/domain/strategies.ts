import type { GeocodeAnswer, RepairStrategy } from '@portal/contracts';
import { parseAddress } from 'addresser';
import { Lru } from '../locator/lru';
import type { PostalAddress } from './address';
import { insideUsBounds, isZeroZero } from './bounds';
import type { StateCheck } from './diagnosis';
import { stateCode } from './us-states';

/**
 * The four repair strategies of 001 §9, each a different way of asking the geocoders:
 * - enhanced_geocoding: the whole address, as stored, to the best geocoder (Google when configured);
 * - address_normalization: the address cleaned first (state names to codes, ZIP+4 and lost leading zeros fixed,
 *   a whole address typed into the street field split up, street types abbreviated), then geocoded whole;
 * - partial_address_geocoding: the street dropped: the ZIP's centroid, else the city's;
 * - nearby_location_search: the closest known place when the ZIP or city is not known as typed (a misspelt
 *   city in the state, Saint/St., a neighbouring ZIP of the same area).
 */
export type AttemptMode = 'full' | 'zip' | 'city' | 'nearby';

export interface Attempt {
  strategy: RepairStrategy;
  mode: AttemptMode;
  input: PostalAddress;
}

const text = (value: string | null | undefined) => {
  const t = (value ?? '').trim().replace(/\s+/g, ' ');
  return t === '' ? null : t;
};

/** A ZIP as 5 digits: ZIP+4 cut, a ZIP that lost its leading zero in a spreadsheet (4 digits) padded. */
export function normalizeZip(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/[^0-9]/g, '');
  if (digits.length === 9 || digits.length === 5) return digits.slice(0, 5);
  if (digits.length === 4 || digits.length === 8) return `0${digits.slice(0, 4)}`;
  return null;
}

const titleCase = (value: string) => value.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());

/**
 * The address cleaned up (see address_normalization). Pure: the parser is a library without I/O. The parser costs
 * one to a few milliseconds a call (it tries the cities of the state one by one), so answers are remembered per
 * address as typed: a bulk repair that runs again, or many dealers at one address, parse it once.
 */
export function normalizeAddress(raw: PostalAddress): PostalAddress {
  const key = `${raw.address ?? ''}\u0001${raw.city ?? ''}\u0001${raw.state ?? ''}\u0001${raw.zip_code ?? ''}`;
  const known = normalizedByRaw.get(key);
  if (known) return { ...known };
  const clean = cleanAddress(raw);
  normalizedByRaw.set(key, clean);
  return { ...clean };
}

/** Normalised addresses by the address as typed (a few megabytes at most). */
const normalizedByRaw = new Lru<string, PostalAddress>(20_000);

function cleanAddress(raw: PostalAddress): PostalAddress {
  let street = text(raw.address);
  let city = text(raw.city);
  let state = stateCode(raw.state) ?? text(raw.state);
  let zip = normalizeZip(raw.zip_code);
  // a whole address typed into the street field: "12 Main St, Austin, TX 78701"
  if (street?.includes(',')) {
    const parsed = tryParse(street);
    if (parsed) {
      street = parsed.addressLine1 ?? street;
      city = city ?? parsed.placeName ?? null;
      state = stateCode(state) ? state : (parsed.stateAbbreviation ?? state);
      zip = zip ?? normalizeZip(parsed.zipCode);
    }
  }
  if (!zip && street) {
    const trailing = street.match(/\b(\d{5})(?:-\d{4})?$/);
    if (trailing?.[1]) {
      zip = trailing[1];
      street = text(street.slice(0, trailing.index).replace(/[,\s]+$/, ''));
    }
  }
  // street types and directions abbreviated the way the parser writes them ("Avenue" → "Ave")
  if (street && city && state) {
    const parsed = tryParse(`${street}, ${city}, ${state}${zip ? ` ${zip}` : ''}`);
    if (parsed?.addressLine1) street = parsed.addressLine1;
  }
  return {
    address: street,
    city: city ? titleCase(city) : null,
    state: state ? state.toUpperCase() : null,
    zip_code: zip,
  };
}

function tryParse(line: string) {
  try {
    return parseAddress(line);
  } catch {
    return null; // the parser throws on what it cannot read
  }
}

/** An attempt whose input is worked out when it is first read (the parser is only run when it is needed). */
class LazyAttempt implements Attempt {
  private made: PostalAddress | undefined;
  constructor(
    readonly strategy: RepairStrategy,
    readonly mode: AttemptMode,
    private readonly make: () => PostalAddress,
  ) {}
  get input(): PostalAddress {
    this.made ??= this.make();
    return this.made;
  }
}

/**
 * What each chosen strategy asks, in the order given. The normalised address is worked out only when an
 * attempt that needs it is run (most dealers are placed by the first).
 */
export function repairAttempts(strategies: readonly RepairStrategy[], raw: PostalAddress): Attempt[] {
  let cached: PostalAddress | undefined;
  const normalized = () => {
    cached ??= normalizeAddress(raw);
    return cached;
  };
  const attempts: Attempt[] = [];
  for (const strategy of strategies) {
    switch (strategy) {
      case 'enhanced_geocoding':
        attempts.push({ strategy, mode: 'full', input: raw });
        break;
      case 'address_normalization':
        attempts.push(new LazyAttempt(strategy, 'full', normalized));
        break;
      case 'partial_address_geocoding':
        attempts.push(new LazyAttempt(strategy, 'zip', () => ({ ...normalized(), address: null, city: null })));
        attempts.push(new LazyAttempt(strategy, 'city', () => ({ ...normalized(), address: null, zip_code: null })));
        break;
      case 'nearby_location_search':
        attempts.push(new LazyAttempt(strategy, 'nearby', normalized));
        break;
    }
  }
  return attempts;
}

/**
 * Whether a geocoder's answer may be kept for a dealer: inside the US box, not 0/0, and inside the dealer's own
 * state when the state is known (a ZIP typo in another state is refused here, so the next strategy is tried).
 */
export function acceptable(answer: Pick<GeocodeAnswer, 'lat' | 'lng'>, state: string | null, insideState: StateCheck) {
  if (isZeroZero(answer.lat, answer.lng) || !insideUsBounds(answer.lat, answer.lng)) return false;
  const code = stateCode(state);
  return !code || insideState(code, answer.lat, answer.lng) !== false;
}
