import type { Shipment, ShipmentSummary } from '@portal/contracts';

/**
 * The driver's own routes kept on the phone (localStorage), so My Routes, its stops and the route sheet open
 * without signal. Kept per signed-in user (the key holds their email) and removed on sign-out: the next person
 * on this phone never reads another driver's routes.
 */
export interface SavedRoutes {
  summaries: ShipmentSummary[];
  /** the full routes, by shipment id */
  shipments: Record<string, Shipment>;
  /** what a proof of delivery must have (the shipping settings); null until read once */
  proofRules: ProofRules | null;
  /** when the server answered this copy (ISO 8601) */
  savedAt: string;
}

export interface ProofRules {
  signatureRequired: boolean;
  photoRequired: boolean;
}

/** Until the settings were read once: the defaults of the settings (a signature, no photo). */
export const DEFAULT_PROOF_RULES: ProofRules = { signatureRequired: true, photoRequired: false };

const PREFIX = 'portal.driverRoutes:';

/** The user part of every key of this feature: a login is its email, compared without case. */
export function userKey(user: { email: string }): string {
  return user.email.trim().toLowerCase();
}

function storageKey(user: string): string {
  return `${PREFIX}${user}`;
}

export function readSavedRoutes(storage: Storage, user: string): SavedRoutes | null {
  const text = storage.getItem(storageKey(user));
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SavedRoutes>;
    if (!Array.isArray(value.summaries) || typeof value.shipments !== 'object' || value.shipments === null) return null;
    return {
      summaries: value.summaries,
      shipments: value.shipments,
      proofRules: value.proofRules ?? null,
      savedAt: typeof value.savedAt === 'string' ? value.savedAt : new Date(0).toISOString(),
    };
  } catch {
    storage.removeItem(storageKey(user));
    return null;
  }
}

/** Saves the copy; a full storage (a huge route) keeps the previous copy rather than failing the screen. */
export function writeSavedRoutes(storage: Storage, user: string, routes: SavedRoutes): boolean {
  try {
    storage.setItem(storageKey(user), JSON.stringify(routes));
    return true;
  } catch {
    return false;
  }
}

/** One route as the server answered it after a change (its card's summary follows). */
export function withShipment(routes: SavedRoutes, shipment: Shipment): SavedRoutes {
  const { route: _route, orders: _orders, route_links: _links, ...summary } = shipment;
  const known = routes.summaries.some((item) => item.shipment_id === shipment.shipment_id);
  return {
    ...routes,
    shipments: { ...routes.shipments, [shipment.shipment_id]: shipment },
    summaries: known
      ? routes.summaries.map((item) => (item.shipment_id === shipment.shipment_id ? summary : item))
      : routes.summaries,
  };
}

/** Removes every user's copy (sign-out). */
export function clearSavedRoutes(storage: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
