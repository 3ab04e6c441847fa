/** What the locator browser tests share: dealers imported through the API and placed by the geocoding service. */
import type { Locator } from 'playwright-core';
import type { Portal } from './harness';

export interface MapDealer {
  dealer_id: string;
  business_name: string;
  coordinates: { lat: number; lng: number } | null;
}

/** The great-circle distance in miles, to work out which dealers the locator must list first. */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 3959 * Math.asin(Math.sqrt(h));
}

async function adminCall(portal: Portal, token: string, route: string, init: RequestInit = {}) {
  const res = await fetch(`${portal.url}${route}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Imports the dealers (Bulk Import's API) and waits, up to a minute, until the geocoding service has placed every
 * one from its dealer.created event; resolves to the dealers on the map.
 */
export async function importGeocodedDealers(
  portal: Portal,
  token: string,
  dealers: readonly Record<string, string>[],
): Promise<MapDealer[]> {
  await adminCall(portal, token, '/api/admin/bulk-import-dealers', {
    method: 'POST',
    body: JSON.stringify({ dealers }),
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const body = await adminCall(portal, token, '/api/admin/dealers-for-map');
    const placed = (body.dealers as MapDealer[]).filter((dealer) => dealer.coordinates);
    if (placed.length === dealers.length) return placed;
    if (Date.now() > deadline) throw new Error(`only ${placed.length} of ${dealers.length} dealers were geocoded`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** How many dealers a map (`.dealer-map`) draws: its markers, and the dealers each of its clusters stands for. */
export async function drawnDealers(map: Locator): Promise<number> {
  return map.locator('.dealer-map__marker, .dealer-map__cluster').evaluateAll((elements) =>
    elements.reduce((sum, element) => {
      if (!element.classList.contains('dealer-map__cluster')) return sum + 1;
      // "12 dealers here; press Enter to zoom in"
      return sum + Number(/^(\d+) dealers/.exec(element.getAttribute('aria-label') ?? '')?.[1] ?? 0);
    }, 0),
  );
}

/** Waits (up to 15 s) until the map draws `expected` dealers; resolves to the last count seen. */
export async function drawnDealersBecome(map: Locator, expected: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  let drawn = await drawnDealers(map);
  while (drawn !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    drawn = await drawnDealers(map);
  }
  return drawn;
}
