import type { LocatorConfig } from '../locator/embedConfig';

/** The widget script the embed code loads, from the site's own origin (001 §7). */
export const WIDGET_PATH = '/google-dealer-map-widget.js';

export interface EmbedOptions {
  /** the site's origin, e.g. https://portal.example.com: the widget's and the API's */
  origin: string;
  /** CSS width, e.g. 100% or 800px */
  width: string;
  /** CSS height, e.g. 500px or 400px */
  height: string;
  config: LocatorConfig;
  /** a maps-service key, when one is configured (the offline map needs none) */
  mapsKey?: string;
}

export const DEFAULT_EMBED_WIDTH = '100%';
export const DEFAULT_EMBED_HEIGHT = '500px';

/** A CSS length from what was typed: '800' → '800px', '100%' stays; anything else falls back. */
export function embedSize(typed: string, fallback: string): string {
  const value = typed.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(value)) return `${value}px`;
  if (/^\d+(\.\d+)?(px|%|vh|vw|em|rem)$/.test(value)) return value;
  return fallback;
}

/** Text made safe inside a double-quoted HTML attribute. */
export function attributeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The settings an embed carries: data URLs (uploaded-in-place icons) are left out, relative marker URLs made
 * absolute, so the snippet stays small and works on another site.
 */
export function embeddableConfig(config: LocatorConfig, origin: string): LocatorConfig {
  const absolute = (url: string | null) => {
    if (!url || /^data:/i.test(url)) return null;
    return url.startsWith('/') ? `${origin}${url}` : url;
  };
  return {
    ...config,
    categories: config.categories.map((category) => ({ ...category, icon: absolute(category.icon) })),
    marker: { ...config.marker, url: absolute(config.marker.url) },
  };
}

/**
 * The embed code: a container and the widget script, configured by data attributes only (no inline script or
 * style, so it works on a page with a strict Content-Security-Policy). The page must allow the site's origin in
 * script-src and frame-src.
 */
export function generateEmbedCode(options: EmbedOptions): string {
  const origin = options.origin.replace(/\/+$/, '');
  const width = embedSize(options.width, DEFAULT_EMBED_WIDTH);
  const height = embedSize(options.height, DEFAULT_EMBED_HEIGHT);
  const settings = JSON.stringify(embeddableConfig(options.config, origin));
  const attributes = [
    `src="${attributeText(origin + WIDGET_PATH)}"`,
    'data-target="dealer-locator"',
    `data-api-base="${attributeText(origin)}"`,
    `data-width="${attributeText(width)}"`,
    `data-height="${attributeText(height)}"`,
    `data-key="${attributeText(options.mapsKey ?? '')}"`,
    `data-settings="${attributeText(settings)}"`,
    'async',
  ];
  return [
    '<!-- Dealer locator -->',
    '<div id="dealer-locator"></div>',
    `<script ${attributes.join('\n  ')}></script>`,
  ].join('\n');
}
