import type { GeocodeAnswer, GeocodeConfidence } from '@portal/contracts';
import type { Logger } from '@portal/platform';
import { oneLine, type PostalAddress } from '../domain/address';
import { found, type GeocodeResult, type Geocoder, notFound } from './geocoder';
import type { OfflineGeocoder } from './offline';

export const GOOGLE_SOURCE = 'google';

/** One result of Google's geocoding answer, as far as it is read here. */
export interface GoogleResult {
  formatted_address: string;
  geometry: { location: { lat: number; lng: number }; location_type?: string };
  types?: string[];
}

/** One call to Google: the results, or an error carrying the HTTP status when there is one. */
export type GoogleCall = (
  address: string,
) => Promise<{ status: string; results: GoogleResult[]; error_message?: string }>;

export class GoogleCallError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | undefined,
  ) {
    super(message);
  }
}

export interface GoogleGeocoderOptions {
  call: GoogleCall;
  /** answers when Google fails, finds nothing, or refuses (never leaves a dealer without coordinates for that) */
  fallback: OfflineGeocoder;
  /** 001 §9: the pause between two calls (200 ms) */
  pauseMs: number;
  /** calls of one address before falling back: 429 and 5xx are retried, waiting longer each time */
  maxAttempts?: number;
  logger?: Logger;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Google's precision, in this service's confidence words. */
export function confidenceOf(result: GoogleResult): GeocodeConfidence {
  switch (result.geometry.location_type) {
    case 'ROOFTOP':
      return 'rooftop';
    case 'RANGE_INTERPOLATED':
      return 'interpolated';
    default:
      return result.types?.includes('postal_code') ? 'zip_centroid' : 'city_centroid';
  }
}

/**
 * Google's geocoder, used only when GOOGLE_MAPS_API_KEY is set: calls are paced (one at a time, `pauseMs`
 * apart, across every caller of this process), 429 and 5xx answers are retried with a growing wait, and when
 * Google still fails (or finds nothing) the offline answer is given instead.
 */
export class GoogleGeocoder implements Geocoder {
  readonly source = GOOGLE_SOURCE;
  private queue: Promise<unknown> = Promise.resolve();
  private lastCallAt = 0;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: GoogleGeocoderOptions) {
    this.sleep = opts.sleep ?? wait;
  }

  async geocodeAddress(input: PostalAddress): Promise<GeocodeResult> {
    const line = oneLine(input);
    const google = line ? await this.ask(line) : notFound('No address');
    return google.ok ? google : this.fallBack(google.error, () => this.opts.fallback.address(input));
  }

  async geocodeText(text: string): Promise<GeocodeResult> {
    const google = await this.ask(text);
    return google.ok ? google : this.fallBack(google.error, () => this.opts.fallback.text(text));
  }

  private fallBack(error: string, offline: () => GeocodeResult): GeocodeResult {
    const answer = offline();
    this.opts.logger?.debug({ error, offline: answer.ok }, 'google geocoding failed; offline answer used');
    return answer.ok ? answer : notFound(`${error}; offline: ${answer.error}`);
  }

  /** One address through the pacing queue. */
  private ask(address: string): Promise<GeocodeResult> {
    const run = this.queue.then(() => this.callWithRetries(address));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async paced<T>(work: () => Promise<T>): Promise<T> {
    const due = this.lastCallAt + this.opts.pauseMs - Date.now();
    if (due > 0) await this.sleep(due);
    try {
      return await work();
    } finally {
      this.lastCallAt = Date.now();
    }
  }

  private async callWithRetries(address: string): Promise<GeocodeResult> {
    const attempts = this.opts.maxAttempts ?? 3;
    let lastError = 'Google geocoding failed';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const reply = await this.paced(() => this.opts.call(address));
        if (reply.status === 'OK') {
          const best = reply.results[0];
          if (best) return found(answerOf(best));
          return notFound('Google found no result');
        }
        if (reply.status === 'ZERO_RESULTS') return notFound('Google found no result');
        lastError = `Google: ${reply.status}${reply.error_message ? ` ${reply.error_message}` : ''}`;
        if (reply.status !== 'OVER_QUERY_LIMIT' && reply.status !== 'UNKNOWN_ERROR') return notFound(lastError);
      } catch (err) {
        const status = err instanceof GoogleCallError ? err.httpStatus : undefined;
        lastError = `Google: ${err instanceof Error ? err.message : String(err)}`;
        const retryable = status === undefined || status === 429 || status >= 500;
        if (!retryable) return notFound(lastError);
      }
      if (attempt < attempts) await this.sleep(this.opts.pauseMs * 2 ** attempt);
    }
    return notFound(lastError);
  }
}

function answerOf(result: GoogleResult): GeocodeAnswer {
  return {
    lat: result.geometry.location.lat,
    lng: result.geometry.location.lng,
    source: GOOGLE_SOURCE,
    confidence: confidenceOf(result),
    matched_address: result.formatted_address,
  };
}

/** The real call, through Google's client library (loaded only when a key is configured). */
export function googleCall(
  apiKey: string,
  { url, timeoutMs = 5000 }: { url?: string; timeoutMs?: number } = {},
): GoogleCall {
  // required lazily: the offline portal never loads the client and its HTTP stack
  const { Client } =
    require('@googlemaps/google-maps-services-js') as typeof import('@googlemaps/google-maps-services-js');
  const client = new Client({});
  return async (address) => {
    try {
      const res = await client.geocode({
        params: { address, key: apiKey, components: { country: 'US' } },
        timeout: timeoutMs,
        ...(url ? { url } : {}),
        // the client's own retries (retry-axios) would not keep the 200 ms pace: GoogleGeocoder retries, paced
        raxConfig: { retry: 0, noResponseRetries: 0 },
      });
      return {
        status: res.data.status,
        results: res.data.results as unknown as GoogleResult[],
        error_message: res.data.error_message,
      };
    } catch (err) {
      const status = (err as { response?: { status?: number } }).response?.status;
      throw new GoogleCallError(err instanceof Error ? err.message : String(err), status);
    }
  };
}
