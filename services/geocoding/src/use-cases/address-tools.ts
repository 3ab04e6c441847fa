import type { AddressTestResult, GeocodeAnswer } from '@portal/contracts';
import { HttpError } from '@portal/platform';
import type { GeocodingContext } from '../context';

/** Address Tester: what the geocoder in use answers for an address (a miss is an answer too, not an error). */
export async function testAddress(
  ctx: GeocodingContext,
  input: { address: string; city: string; state: string; zip_code?: string },
): Promise<AddressTestResult> {
  const test_address = { address: input.address, city: input.city, state: input.state, zip_code: input.zip_code ?? '' };
  const result = await ctx.deps.best.geocodeAddress({ ...test_address, zip_code: input.zip_code ?? null });
  return {
    test_address,
    geocoding_result: result.ok
      ? { status: 'ok', error: null, coordinates: result.answer }
      : { status: 'error', error: result.error, coordinates: null },
  };
}

export const locationNotFound = (error: string) =>
  new HttpError(404, `Location not found: ${error}`, { success: false, error });

/** A free text (address, city or ZIP) to coordinates. */
export async function geocodeText(ctx: GeocodingContext, text: string): Promise<GeocodeAnswer> {
  const result = await ctx.deps.best.geocodeText(text);
  if (!result.ok) throw locationNotFound(result.error);
  return result.answer;
}
