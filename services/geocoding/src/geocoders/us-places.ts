import { codes } from 'zipcodes';

/**
 * The offline gazetteer: every US ZIP code with its city, state and centroid, from the `zipcodes` package
 * (GeoNames postal-code data, CC BY 4.0: see docs/geocoding.md), and what is derived from it here — city
 * centroids (the mean of the city's ZIP centroids; the package has no place list) and ZIP-area centroids (the
 * first three digits). Built once per process (about 42,000 ZIPs, a few tens of milliseconds).
 */
export interface Place {
  lat: number;
  lng: number;
  city: string;
  state: string;
}
export interface ZipPlace extends Place {
  zip: string;
}
export interface CityPlace extends Place {
  /** how many ZIP codes the city has: a stand-in for its size when a city name alone is searched */
  zips: number;
}

export interface UsPlaces {
  zip(zip: string): ZipPlace | undefined;
  city(city: string, state: string): CityPlace | undefined;
  /** every city of that name, largest first (a search for "Springfield" alone) */
  citiesNamed(city: string): CityPlace[];
  citiesOf(state: string): CityPlace[];
  /** the centroid of a ZIP area (its first three digits) */
  zipArea(prefix: string): ZipPlace | undefined;
  /** the ZIPs of a state, sorted */
  zipsOf(state: string): string[];
  readonly zipCount: number;
}

/** City names compared without case, punctuation or the usual abbreviations ("St. Louis" = "Saint Louis"). */
export function cityKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/\b(st|ste)\b/g, 'saint')
    .replace(/\bft\b/g, 'fort')
    .replace(/\bmt\b/g, 'mount')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

let built: UsPlaces | undefined;

export function usPlaces(): UsPlaces {
  built ??= build();
  return built;
}

function build(): UsPlaces {
  const zips = new Map<string, ZipPlace>();
  const cityParts = new Map<string, { lat: number; lng: number; n: number; city: string; state: string }>();
  const areaParts = new Map<string, { lat: number; lng: number; n: number; state: string; city: string }>();
  const zipsByState = new Map<string, string[]>();
  for (const code of Object.values(codes)) {
    if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
    if (!Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) continue;
    const place = { zip: code.zip, lat: code.latitude, lng: code.longitude, city: code.city, state: code.state };
    zips.set(code.zip, place);
    const key = `${code.state}|${cityKey(code.city)}`;
    const city = cityParts.get(key) ?? { lat: 0, lng: 0, n: 0, city: code.city, state: code.state };
    city.lat += place.lat;
    city.lng += place.lng;
    city.n += 1;
    cityParts.set(key, city);
    const prefix = code.zip.slice(0, 3);
    const area = areaParts.get(prefix) ?? { lat: 0, lng: 0, n: 0, state: code.state, city: code.city };
    area.lat += place.lat;
    area.lng += place.lng;
    area.n += 1;
    areaParts.set(prefix, area);
    const list = zipsByState.get(code.state) ?? [];
    list.push(code.zip);
    zipsByState.set(code.state, list);
  }
  const cities = new Map<string, CityPlace>();
  const byName = new Map<string, CityPlace[]>();
  const byState = new Map<string, CityPlace[]>();
  for (const [key, c] of cityParts) {
    const place = { lat: c.lat / c.n, lng: c.lng / c.n, city: c.city, state: c.state, zips: c.n };
    cities.set(key, place);
    const name = key.slice(key.indexOf('|') + 1);
    byName.set(name, [...(byName.get(name) ?? []), place]);
    byState.set(c.state, [...(byState.get(c.state) ?? []), place]);
  }
  for (const list of byName.values()) list.sort((a, b) => b.zips - a.zips);
  const areas = new Map<string, ZipPlace>();
  for (const [prefix, a] of areaParts)
    areas.set(prefix, { zip: prefix, lat: a.lat / a.n, lng: a.lng / a.n, city: a.city, state: a.state });
  for (const list of zipsByState.values()) list.sort();
  return {
    zip: (zip) => zips.get(zip),
    city: (city, state) => cities.get(`${state.toUpperCase()}|${cityKey(city)}`),
    citiesNamed: (city) => byName.get(cityKey(city)) ?? [],
    citiesOf: (state) => byState.get(state.toUpperCase()) ?? [],
    zipArea: (prefix) => areas.get(prefix),
    zipsOf: (state) => zipsByState.get(state.toUpperCase()) ?? [],
    zipCount: zips.size,
  };
}
