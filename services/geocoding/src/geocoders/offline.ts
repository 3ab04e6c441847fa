import type { GeocodeAnswer } from '@portal/contracts';
import { parseAddress } from 'addresser';
import type { PostalAddress } from '../domain/address';
import { normalizeZip } from '../domain/strategies';
import { stateCode, US_STATE_NAMES } from '../domain/us-states';
import { found, type GeocodeResult, type Geocoder, notFound } from './geocoder';
import { type CityPlace, cityKey, type UsPlaces, usPlaces, type ZipPlace } from './us-places';

export const OFFLINE_SOURCE = 'offline';

/**
 * The offline US geocoder: no network, no key. There is no street-level data, so an answer is the centroid of
 * the address's ZIP (zip_centroid) or of its city (city_centroid). The ZIP's state is checked against the
 * address's state: a ZIP of another state is not believed (the city is used instead, or the address fails).
 * Synchronous underneath (a bulk repair places thousands of dealers a second); the Geocoder methods wrap it.
 */
export class OfflineGeocoder implements Geocoder {
  readonly source = OFFLINE_SOURCE;
  constructor(private readonly places: UsPlaces = usPlaces()) {}

  async geocodeAddress(input: PostalAddress) {
    return this.address(input);
  }

  async geocodeText(text: string) {
    return this.text(text);
  }

  /** The whole address: its ZIP when the ZIP is known and in the address's state, else its city. */
  address(input: PostalAddress): GeocodeResult {
    const state = stateCode(input.state);
    const zip = normalizeZip(input.zip_code);
    const street = (input.address ?? '').trim();
    const zipPlace = zip ? this.places.zip(zip) : undefined;
    if (zipPlace && (!state || zipPlace.state === state)) return found(zipAnswer(zipPlace, street));
    const cityPlace = input.city && state ? this.places.city(input.city, state) : undefined;
    if (cityPlace) return found(cityAnswer(cityPlace, street));
    if (zipPlace && state)
      return notFound(
        `ZIP ${zip} is in ${zipPlace.state}, not ${state}, and ${input.city ?? 'the city'} is not known in ${state}`,
      );
    if (zip && !zipPlace) return notFound(`Unknown ZIP code ${zip}`);
    if (input.city && state) return notFound(`Unknown city ${input.city.trim()}, ${state}`);
    if (input.city && input.state && !state) return notFound(`Unknown state ${input.state.trim()}`);
    return notFound('Not enough address to geocode: a ZIP code, or a city and state, is needed');
  }

  /** The ZIP's centroid alone. */
  zip(input: PostalAddress): GeocodeResult {
    const zip = normalizeZip(input.zip_code);
    const place = zip ? this.places.zip(zip) : undefined;
    const state = stateCode(input.state);
    if (!place) return notFound(zip ? `Unknown ZIP code ${zip}` : 'No ZIP code');
    if (state && place.state !== state) return notFound(`ZIP ${zip} is in ${place.state}, not ${state}`);
    return found(zipAnswer(place, ''));
  }

  /** The city's centroid alone. */
  city(input: PostalAddress): GeocodeResult {
    const state = stateCode(input.state);
    if (!input.city || !state) return notFound('No city and state');
    const place = this.places.city(input.city, state);
    return place ? found(cityAnswer(place, '')) : notFound(`Unknown city ${input.city.trim()}, ${state}`);
  }

  /**
   * The closest known place when the address's own is not known as typed: a city of the state whose name is
   * within two letters of the typed one, else the nearest ZIP of the state (numerically: neighbouring ZIPs are
   * neighbouring post offices), else the ZIP's area (first three digits).
   */
  nearby(input: PostalAddress): GeocodeResult {
    const state = stateCode(input.state);
    const zip = normalizeZip(input.zip_code);
    if (input.city && state) {
      const typed = cityKey(input.city);
      let best: { place: CityPlace; distance: number } | undefined;
      for (const place of this.places.citiesOf(state)) {
        const distance = editDistance(typed, cityKey(place.city), 2);
        if (
          distance <= 2 &&
          (!best || distance < best.distance || (distance === best.distance && place.zips > best.place.zips))
        )
          best = { place, distance };
      }
      if (best) return found(cityAnswer(best.place, ''));
    }
    if (zip && state) {
      const zips = this.places.zipsOf(state);
      const nearest = nearestZip(zips, zip);
      if (nearest && Math.abs(Number(nearest) - Number(zip)) <= 50) {
        const place = this.places.zip(nearest);
        if (place) return found({ ...zipAnswer(place, ''), confidence: 'city_centroid' });
      }
    }
    if (zip) {
      const area = this.places.zipArea(zip.slice(0, 3));
      if (area && (!state || area.state === state))
        return found({
          lat: area.lat,
          lng: area.lng,
          source: OFFLINE_SOURCE,
          confidence: 'city_centroid',
          matched_address: `ZIP area ${area.zip}xx, ${area.state}`,
        });
    }
    return notFound('No nearby place found');
  }

  /**
   * Free text, as the locator's search box and the console take it: a ZIP, "City, ST", "City State", a city
   * alone (the largest of that name), or a whole address.
   */
  text(raw: string): GeocodeResult {
    const text = raw.trim().replace(/\s+/g, ' ');
    if (!text) return notFound('Please enter a location to search');
    const onlyZip = text.match(/^(\d{5})(?:-\d{4})?$/);
    if (onlyZip?.[1]) return this.zip({ address: null, city: null, state: null, zip_code: onlyZip[1] });
    const parsed = parseWhole(text);
    if (parsed) {
      const answer = this.address(parsed);
      if (answer.ok) return answer;
    }
    const cityState = splitCityState(text);
    if (cityState) {
      const answer = this.address({
        address: null,
        city: cityState.city,
        state: cityState.state,
        zip_code: cityState.zip,
      });
      if (answer.ok) return answer;
    }
    const named = this.places.citiesNamed(text.replace(/,?\s*(usa|us|united states)$/i, ''));
    if (named[0]) return found(cityAnswer(named[0], ''));
    const zipInside = text.match(/\b(\d{5})(?:-\d{4})?\b/);
    if (zipInside?.[1]) return this.zip({ address: null, city: null, state: null, zip_code: zipInside[1] });
    return notFound(`No US address, city or ZIP code matches "${text}"`);
  }
}

function zipAnswer(place: ZipPlace, street: string): GeocodeAnswer {
  return {
    lat: place.lat,
    lng: place.lng,
    source: OFFLINE_SOURCE,
    confidence: 'zip_centroid',
    matched_address: [street, place.city, `${place.state} ${place.zip}`].filter(Boolean).join(', '),
  };
}

function cityAnswer(place: CityPlace, street: string): GeocodeAnswer {
  return {
    lat: place.lat,
    lng: place.lng,
    source: OFFLINE_SOURCE,
    confidence: 'city_centroid',
    matched_address: [street, place.city, place.state].filter(Boolean).join(', '),
  };
}

function parseWhole(text: string): PostalAddress | null {
  if (!/^\d/.test(text) || !text.includes(',')) return null;
  try {
    const p = parseAddress(text);
    if (!p.placeName && !p.zipCode) return null;
    return {
      address: p.addressLine1 ?? null,
      city: p.placeName ?? null,
      state: p.stateAbbreviation ?? null,
      zip_code: p.zipCode ?? null,
    };
  } catch {
    return null;
  }
}

const STATE_WORDS = Object.entries(US_STATE_NAMES).sort((a, b) => b[1].length - a[1].length);

/** "Austin, TX", "Austin TX 78701", "Austin, Texas", "Kansas City Missouri". */
function splitCityState(text: string): { city: string; state: string; zip: string | null } | null {
  const zipMatch = text.match(/\s*(\d{5})(?:-\d{4})?$/);
  const zip = zipMatch?.[1] ?? null;
  const rest = (zipMatch ? text.slice(0, zipMatch.index) : text).replace(/[,\s]+$/, '');
  const code = rest.match(/^(.+?)[,\s]+([A-Za-z]{2})$/);
  if (code?.[1] && code[2] && stateCode(code[2])) return { city: code[1], state: code[2].toUpperCase(), zip };
  const lower = rest.toLowerCase();
  for (const [stateAbbr, name] of STATE_WORDS) {
    if (lower.endsWith(name.toLowerCase()) && lower.length > name.length) {
      const city = rest.slice(0, rest.length - name.length).replace(/[,\s]+$/, '');
      if (city) return { city, state: stateAbbr, zip };
    }
  }
  return null;
}

/** The ZIP of `sorted` numerically closest to `zip`. */
function nearestZip(sorted: readonly string[], zip: string): string | undefined {
  if (!sorted.length) return undefined;
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < zip) lo = mid + 1;
    else hi = mid;
  }
  const after = sorted[lo] as string;
  const before = sorted[lo - 1];
  if (before === undefined) return after;
  return Math.abs(Number(before) - Number(zip)) <= Math.abs(Number(after) - Number(zip)) ? before : after;
}

/** Levenshtein distance, giving up (answering max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      cur.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}
