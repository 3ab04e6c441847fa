/** Marker colours and sizes (001 §9). */
import type { LatLng } from './geo';

/** One dealer on the map. */
export interface MapMarker {
  id: string;
  /** what a screen reader hears on the marker, e.g. "Acme Outdoors, 12.3 mi" */
  label: string;
  position: LatLng;
  color: string;
  /** a category's or the custom marker image, drawn instead of the pin */
  icon?: { url: string; size: number } | null;
}

/** Default marker colours by category: manufacturer red, distributor amber, dealer blue. */
export const CATEGORY_COLORS: Readonly<Record<string, string>> = {
  dealer: '#2563eb',
  manufacturer: '#dc2626',
  distributor: '#d97706',
};

/** Named colours an admin may pick for a category, as CSS colours that read well on the map. */
const NAMED: Readonly<Record<string, string>> = {
  blue: '#2563eb',
  red: '#dc2626',
  amber: '#d97706',
  orange: '#ea580c',
  green: '#16a34a',
  purple: '#7c3aed',
  teal: '#0d9488',
  pink: '#db2777',
  gray: '#4b5563',
  grey: '#4b5563',
  black: '#111827',
  yellow: '#ca8a04',
  brown: '#92400e',
};

const FALLBACK = ['#0d9488', '#7c3aed', '#db2777', '#92400e', '#4b5563'];

/** A category's marker colour: its own (named or CSS), else the default of its id, else a stable fallback. */
export function markerColor(categoryId: string, color?: string | null): string {
  const own = color?.trim().toLowerCase();
  if (own) return NAMED[own] ?? own;
  const byId = CATEGORY_COLORS[categoryId];
  if (byId) return byId;
  let hash = 0;
  for (const char of categoryId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return FALLBACK[hash % FALLBACK.length] ?? '#4b5563';
}

export type MarkerSize = 'small' | 'medium' | 'large';
/** Custom image markers: small 24, medium 32, large 48 px. */
export const CUSTOM_MARKER_PX: Readonly<Record<MarkerSize, number>> = { small: 24, medium: 32, large: 48 };
/** The default marker symbol's scale: 1, 1.5, 2.5. */
export const DEFAULT_MARKER_SCALE: Readonly<Record<MarkerSize, number>> = { small: 1, medium: 1.5, large: 2.5 };

/** The pixel height of a category icon drawn at `iconSize` percent (5–50; 10 is the usual 32 px). */
export function iconPixels(iconSize: number): number {
  const percent = Math.min(50, Math.max(5, iconSize));
  return Math.round(16 + (percent - 5) * (48 / 45));
}
