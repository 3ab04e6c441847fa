import { DealerGeocoded, type GeocodingHistoryQuery, isPaged, type MapDealer, US_BOUNDS } from '@portal/contracts';
import { type AuthUser, badRequest, notFound, recordAudit } from '@portal/platform';
import type { GeocodingContext } from '../context';
import {
  clearRefinement,
  type DealerStatus,
  dealerStatuses,
  findDealer,
  mapDealers,
  type StoredDealer,
  saveGeocodes,
  setCategory,
} from '../data/dealers';
import { historyOf, recordHistory } from '../data/history';
import { nextLocatorVersion } from '../data/locator-version';
import { loadMapSettings } from '../data/map-settings';
import { classifyDealer } from '../domain/diagnosis';

export const DEALER_NOT_FOUND = 'Dealer not found';

/** 001 §5: active dealers with coordinates inside the US box. */
export function listMapDealers(ctx: GeocodingContext): Promise<MapDealer[]> {
  return mapDealers(ctx.db.manager, US_BOUNDS);
}

/** The map status of the dealers a screen shows (Manage Dealers' badge); those never heard of are left out. */
export function geocodingStatuses(ctx: GeocodingContext, dealerIds: readonly string[]): Promise<DealerStatus[]> {
  return dealerStatuses(ctx.db.manager, dealerIds);
}

async function activeDealer(manager: Parameters<typeof findDealer>[0], dealerId: string) {
  const dealer = await findDealer(manager, dealerId, true);
  if (!dealer?.known || dealer.deleted) throw notFound(DEALER_NOT_FOUND);
  return dealer;
}

export async function setDealerCategory(ctx: GeocodingContext, dealerId: string, category: string) {
  await ctx.transaction(async (manager, emit) => {
    const { categories } = await loadMapSettings(manager);
    if (!categories.some((c) => c.id === category)) throw badRequest(`Error: Unknown map category ${category}`);
    const dealer = await activeDealer(manager, dealerId);
    await setCategory(manager, dealerId, category, await nextLocatorVersion(manager));
    await recordAudit(emit, {
      action: 'dealer.category_changed',
      entity: 'dealer',
      entity_id: dealerId,
      before: { category: dealer.category },
      after: { category },
    });
  });
}

interface NewCoordinates {
  lat: number;
  lng: number;
  source: 'google' | 'manual';
  notes: string | null;
  google_formatted_address?: string | null;
}

/** Coordinates set by an admin: found by Google in the browser, or typed in Manual Override. */
async function setCoordinates(ctx: GeocodingContext, user: AuthUser, dealerId: string, next: NewCoordinates) {
  const runtime = ctx.deps;
  return ctx.transaction(async (manager, emit) => {
    const dealer: StoredDealer = await activeDealer(manager, dealerId);
    // placed by a person: Google's background placement of it (if still to come) must not undo this
    await clearRefinement(manager, dealerId);
    const status = next.source === 'manual' ? 'manual' : 'ok';
    const health = classifyDealer(
      {
        ...dealer,
        lat: next.lat,
        lng: next.lng,
        geocoding_status: status,
        geocoding_error: null,
        geocode_confidence: null,
      },
      runtime.shapes.contains,
    );
    await saveGeocodes(
      manager,
      [
        {
          dealer_id: dealerId,
          lat: next.lat,
          lng: next.lng,
          status,
          error: null,
          source: next.source,
          confidence: null,
          matched_address: next.google_formatted_address ?? null,
          google_formatted_address: next.google_formatted_address,
          health: health.health,
          issues: health.issues,
        },
      ],
      await nextLocatorVersion(manager),
    );
    await recordHistory(manager, [
      {
        dealer_id: dealerId,
        action: next.source === 'manual' ? 'manual_override' : 'coordinates_update',
        actor: user.email,
        status: next.source === 'manual' ? 'manual' : 'ok',
        from_lat: dealer.lat,
        from_lng: dealer.lng,
        lat: next.lat,
        lng: next.lng,
        source: next.source,
        confidence: null,
        strategy: null,
        matched_address: next.google_formatted_address ?? null,
        error: null,
        notes: next.notes,
      },
    ]);
    await emit(DealerGeocoded, dealerId, { dealer_id: dealerId, lat: next.lat, lng: next.lng, status, error: null });
    await recordAudit(emit, {
      action: next.source === 'manual' ? 'coordinates.overridden' : 'coordinates.updated',
      entity: 'coordinates',
      entity_id: dealerId,
      before: { lat: dealer.lat, lng: dealer.lng, status: dealer.geocoding_status, notes: null },
      after: { lat: next.lat, lng: next.lng, status, notes: next.notes },
    });
    return { lat: next.lat, lng: next.lng };
  });
}

export const setGoogleCoordinates = (
  ctx: GeocodingContext,
  user: AuthUser,
  body: { dealer_id: string; google_latitude: number; google_longitude: number; google_formatted_address?: string },
) =>
  setCoordinates(ctx, user, body.dealer_id, {
    lat: body.google_latitude,
    lng: body.google_longitude,
    source: 'google',
    notes: null,
    google_formatted_address: body.google_formatted_address ?? null,
  });

export const overrideCoordinates = (
  ctx: GeocodingContext,
  user: AuthUser,
  dealerId: string,
  body: { lat: number; lng: number; notes?: string },
) => setCoordinates(ctx, user, dealerId, { lat: body.lat, lng: body.lng, source: 'manual', notes: body.notes ?? null });

/** Without a page asked for, the history answers its newest rows only, as it always did. */
export const HISTORY_UNPAGED_MAX = 500;

/** A dealer's geocoding history, newest first unless sorted otherwise; a page when the query asks for one. */
export async function geocodingHistoryOf(ctx: GeocodingContext, dealerId: string, query: GeocodingHistoryQuery) {
  const dealer = await findDealer(ctx.db.manager, dealerId);
  if (!dealer?.known) throw notFound(DEALER_NOT_FOUND);
  const { limit, cursor, sort } = query;
  if (isPaged(query)) return historyOf(ctx.db.manager, dealerId, { limit, cursor, sort });
  const { rows } = await historyOf(ctx.db.manager, dealerId, { limit: HISTORY_UNPAGED_MAX, sort });
  return { rows };
}
