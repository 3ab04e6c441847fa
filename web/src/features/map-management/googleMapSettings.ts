import type { LocatorConfig } from '../locator/embedConfig';
import { DEFAULT_LOCATOR_CONFIG } from '../locator/embedConfig';
import type { MarkerSize } from '../locator/markers';

/** 001 §3: the Google map settings, kept in the browser's local storage. */
export interface GoogleMapSettings {
  defaultZoom: number;
  showMapControls: boolean;
  enableMarkerClustering: boolean;
  autoFitBounds: boolean;
  popupTextColor: string;
  popupBgColor: string;
  /** corner radius, px 0–20 */
  popupCornerRoundness: number;
  /** 0–100: 0 a transparent background, otherwise the opacity / 100 */
  popupTransparency: number;
  /** px 8–32, default 16 */
  popupPadding: number;
  markerType: 'default' | 'custom';
  customMarkerUrl: string | null;
  /** '' draws each category in its own colour */
  markerColor: string;
  markerSize: MarkerSize;
}

export const GOOGLE_MAP_SETTINGS_KEY = 'googleMapSettings';

export const DEFAULT_GOOGLE_MAP_SETTINGS: GoogleMapSettings = {
  defaultZoom: 4,
  showMapControls: true,
  enableMarkerClustering: false,
  autoFitBounds: true,
  popupTextColor: '#333333',
  popupBgColor: '#ffffff',
  popupCornerRoundness: 8,
  popupTransparency: 100,
  popupPadding: 16,
  markerType: 'default',
  customMarkerUrl: null,
  markerColor: '',
  markerSize: 'medium',
};

/** 001 §5/§9 ranges. */
export const GOOGLE_RANGES = {
  defaultZoom: [3, 18],
  popupCornerRoundness: [0, 20],
  popupTransparency: [0, 100],
  popupPadding: [8, 32],
} as const;

const HEX = /^#[0-9a-f]{6}$/i;

function clampTo(value: unknown, [min, max]: readonly [number, number], fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.round(Math.min(max, Math.max(min, value)))
    : fallback;
}

/** Settings from whatever was stored: unknown or broken fields fall back to the defaults, numbers are clamped. */
export function googleMapSettingsOf(input: unknown): GoogleMapSettings {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const d = DEFAULT_GOOGLE_MAP_SETTINGS;
  const bool = (key: keyof GoogleMapSettings) =>
    typeof raw[key] === 'boolean' ? (raw[key] as boolean) : (d[key] as boolean);
  const hex = (key: 'popupTextColor' | 'popupBgColor') =>
    typeof raw[key] === 'string' && HEX.test(raw[key] as string) ? (raw[key] as string) : d[key];
  const customMarkerUrl = typeof raw.customMarkerUrl === 'string' && raw.customMarkerUrl ? raw.customMarkerUrl : null;
  return {
    defaultZoom: clampTo(raw.defaultZoom, GOOGLE_RANGES.defaultZoom, d.defaultZoom),
    showMapControls: bool('showMapControls'),
    enableMarkerClustering: bool('enableMarkerClustering'),
    autoFitBounds: bool('autoFitBounds'),
    popupTextColor: hex('popupTextColor'),
    popupBgColor: hex('popupBgColor'),
    popupCornerRoundness: clampTo(raw.popupCornerRoundness, GOOGLE_RANGES.popupCornerRoundness, d.popupCornerRoundness),
    popupTransparency: clampTo(raw.popupTransparency, GOOGLE_RANGES.popupTransparency, d.popupTransparency),
    popupPadding: clampTo(raw.popupPadding, GOOGLE_RANGES.popupPadding, d.popupPadding),
    // a custom marker needs its image
    markerType: raw.markerType === 'custom' && customMarkerUrl ? 'custom' : 'default',
    customMarkerUrl,
    markerColor: typeof raw.markerColor === 'string' && HEX.test(raw.markerColor) ? raw.markerColor : '',
    markerSize: raw.markerSize === 'small' || raw.markerSize === 'large' ? raw.markerSize : 'medium',
  };
}

/** The stored settings, or the defaults (nothing stored, unreadable JSON, storage unavailable). */
export function loadGoogleMapSettings(storage: Pick<Storage, 'getItem'> | undefined): GoogleMapSettings {
  try {
    const stored = storage?.getItem(GOOGLE_MAP_SETTINGS_KEY);
    return stored ? googleMapSettingsOf(JSON.parse(stored)) : DEFAULT_GOOGLE_MAP_SETTINGS;
  } catch {
    return DEFAULT_GOOGLE_MAP_SETTINGS;
  }
}

/** Keeps the settings; false when the browser refused (private mode, quota). */
export function saveGoogleMapSettings(
  storage: Pick<Storage, 'setItem'> | undefined,
  settings: GoogleMapSettings,
): boolean {
  try {
    storage?.setItem(GOOGLE_MAP_SETTINGS_KEY, JSON.stringify(googleMapSettingsOf(settings)));
    return storage !== undefined;
  } catch {
    return false;
  }
}

/** 001 §4: a successful upload makes the marker custom; Remove reverts to the default type. */
export function withCustomMarker(settings: GoogleMapSettings, url: string): GoogleMapSettings {
  return { ...settings, markerType: 'custom', customMarkerUrl: url };
}
export function withoutCustomMarker(settings: GoogleMapSettings): GoogleMapSettings {
  return { ...settings, markerType: 'default', customMarkerUrl: null };
}

/** The locator config these settings give (with the server's categories). */
export function locatorConfigOfGoogle(
  settings: GoogleMapSettings,
  categories: LocatorConfig['categories'] = DEFAULT_LOCATOR_CONFIG.categories,
): LocatorConfig {
  return {
    categories,
    popup: {
      textColor: settings.popupTextColor,
      bgColor: settings.popupBgColor,
      radius: settings.popupCornerRoundness,
      opacity: settings.popupTransparency,
      blur: DEFAULT_LOCATOR_CONFIG.popup.blur,
      padding: settings.popupPadding,
    },
    clustering: settings.enableMarkerClustering,
    showControls: settings.showMapControls,
    autoFit: settings.autoFitBounds,
    zoom: settings.defaultZoom,
    marker: {
      type: settings.markerType,
      url: settings.markerType === 'custom' ? settings.customMarkerUrl : null,
      color: settings.markerColor || null,
      size: settings.markerSize,
    },
  };
}
