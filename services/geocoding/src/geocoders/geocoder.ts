import type { GeocodeAnswer } from '@portal/contracts';
import type { PostalAddress } from '../domain/address';

export type GeocodeResult = { ok: true; answer: GeocodeAnswer } | { ok: false; error: string };

/**
 * A geocoder: an address (or a free text: an address, a city or a ZIP) in, coordinates with their source,
 * confidence (rooftop, interpolated, zip_centroid, city_centroid) and the matched address out, or why not.
 */
export interface Geocoder {
  readonly source: string;
  geocodeAddress(input: PostalAddress): Promise<GeocodeResult>;
  geocodeText(text: string): Promise<GeocodeResult>;
}

export const found = (answer: GeocodeAnswer): GeocodeResult => ({ ok: true, answer });
export const notFound = (error: string): GeocodeResult => ({ ok: false, error });
