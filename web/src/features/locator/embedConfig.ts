import type { MarkerSize } from './markers';
import { DEFAULT_POPUP_STYLE, type PopupStyle } from './popup';

/** A category as the locator draws it. */
export interface LocatorCategory {
  id: string;
  name: string;
  color: string;
  /** an image URL (data URLs are not carried by embed codes) */
  icon: string | null;
  iconSize: number;
}

/**
 * How the locator looks: what an embed code carries (001 §3: "the embed snippet carries the map settings") and
 * what the admin screens pass. Everything is optional; the defaults are the spec's.
 */
export interface LocatorConfig {
  categories: LocatorCategory[];
  popup: PopupStyle;
  clustering: boolean;
  showControls: boolean;
  autoFit: boolean;
  /** the zoom the map starts at (4: the whole country) */
  zoom: number;
  marker: { type: 'default' | 'custom'; url: string | null; color: string | null; size: MarkerSize };
}

export const DEFAULT_LOCATOR_CATEGORIES: LocatorCategory[] = [
  { id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 10 },
  { id: 'manufacturer', name: 'Manufacturer', color: 'red', icon: null, iconSize: 10 },
  { id: 'distributor', name: 'Distributor', color: 'amber', icon: null, iconSize: 10 },
];

export const DEFAULT_LOCATOR_CONFIG: LocatorConfig = {
  categories: DEFAULT_LOCATOR_CATEGORIES,
  popup: DEFAULT_POPUP_STYLE,
  clustering: false,
  showControls: true,
  autoFit: true,
  zoom: 4,
  marker: { type: 'default', url: null, color: null, size: 'small' },
};

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;
const colour = (value: unknown): string | null => {
  const found = text(value, 30);
  return found && /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i.test(found) ? found : null;
};
/** Only http(s) and same-site image URLs; never javascript: or data: from an embed code. */
const imageUrl = (value: unknown): string | null => {
  const found = text(value, 2000);
  return found && (/^https?:\/\//i.test(found) || /^\/(?!\/)/.test(found)) ? found : null;
};
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A config from untrusted JSON (an embed code's): unknown fields dropped, numbers clamped to the spec's ranges. */
export function locatorConfigOf(input: unknown): LocatorConfig {
  const raw = record(input);
  const popup = record(raw.popup);
  const marker = record(raw.marker);
  const d = DEFAULT_LOCATOR_CONFIG;
  const categories = Array.isArray(raw.categories)
    ? raw.categories.slice(0, 50).flatMap((entry): LocatorCategory[] => {
        const category = record(entry);
        const id = text(category.id, 60);
        if (!id || !/^[a-z0-9_]+$/.test(id)) return [];
        return [
          {
            id,
            name: text(category.name, 60) ?? id,
            color: colour(category.color) ?? '',
            icon: imageUrl(category.icon),
            iconSize: clamp(category.iconSize, 5, 50, 10),
          },
        ];
      })
    : [];
  const size = marker.size === 'medium' || marker.size === 'large' ? marker.size : 'small';
  return {
    categories: categories.length > 0 ? categories : d.categories,
    popup: {
      textColor: colour(popup.textColor) ?? d.popup.textColor,
      bgColor: colour(popup.bgColor) ?? d.popup.bgColor,
      radius: clamp(popup.radius, 0, 20, d.popup.radius),
      opacity: clamp(popup.opacity, 0, 100, d.popup.opacity),
      blur: clamp(popup.blur, 0, 20, d.popup.blur),
      padding: clamp(popup.padding, 8, 32, d.popup.padding),
    },
    clustering: flag(raw.clustering, d.clustering),
    showControls: flag(raw.showControls, d.showControls),
    autoFit: flag(raw.autoFit, d.autoFit),
    zoom: clamp(raw.zoom, 3, 18, d.zoom),
    marker: {
      type: marker.type === 'custom' && imageUrl(marker.url) ? 'custom' : 'default',
      url: imageUrl(marker.url),
      color: colour(marker.color),
      size,
    },
  };
}

/** The config in a locator URL's hash (#config=<JSON>), as the embed widget writes it; the defaults otherwise. */
export function locatorConfigFromHash(hash: string): LocatorConfig {
  const found = /(?:^#|&)config=([^&]*)/.exec(hash)?.[1];
  if (!found) return DEFAULT_LOCATOR_CONFIG;
  try {
    return locatorConfigOf(JSON.parse(decodeURIComponent(found)));
  } catch {
    return DEFAULT_LOCATOR_CONFIG;
  }
}
