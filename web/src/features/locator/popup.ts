/** What a dealer's popup shows, and the popup's style (001 §2 Dealer locator, §9 popup defaults). */

export interface PopupStyle {
  textColor: string;
  bgColor: string;
  /** corner radius, px (0–20) */
  radius: number;
  /** transparency 0–100: 0 is a transparent background, otherwise the opacity is the value / 100 */
  opacity: number;
  /** backdrop blur, px (0–20) */
  blur: number;
  /** padding, px (8–32) */
  padding: number;
}

/** 001 §9: text #333333, background #ffffff, radius 8, opacity 100, blur 10; padding 16; width 200–300. */
export const DEFAULT_POPUP_STYLE: PopupStyle = {
  textColor: '#333333',
  bgColor: '#ffffff',
  radius: 8,
  opacity: 100,
  blur: 10,
  padding: 16,
};
export const POPUP_MAX_WIDTH = 300;
export const POPUP_MIN_WIDTH = 200;

/** The popup's background: 'transparent' at 0, else the colour at opacity value / 100. */
export function popupBackground(bgColor: string, opacity: number): string {
  if (opacity <= 0) return 'transparent';
  const alpha = Math.min(100, opacity) / 100;
  const hex = /^#([0-9a-f]{6})$/i.exec(bgColor)?.[1];
  if (!hex) return bgColor;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return alpha === 1 ? bgColor : `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The CSS of a popup in a given style. */
export function popupCss(style: PopupStyle): Record<string, string> {
  return {
    color: style.textColor,
    background: popupBackground(style.bgColor, style.opacity),
    borderRadius: `${style.radius}px`,
    padding: `${style.padding}px`,
    backdropFilter: style.blur > 0 ? `blur(${style.blur}px)` : 'none',
    maxWidth: `${POPUP_MAX_WIDTH}px`,
    minWidth: `${POPUP_MIN_WIDTH}px`,
  };
}

/**
 * Visit Website: https:// is prefixed when the value has no scheme; any scheme other than http(s) (javascript:,
 * data:…) is never linked.
 */
export function websiteHref(website: string | null | undefined): string | null {
  const value = website?.trim();
  if (!value || /\s/.test(value)) return null;
  if (/^https?:\/\/[^/]/i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d+(\/|$)/.test(value)) return null;
  return `https://${value.replace(/^\/+/, '')}`;
}

/**
 * The website a visitor is sent to: the dealer's published generated website when it is live (a same-site path
 * or an http(s) address), else the dealer's own website.
 */
export function dealerWebsiteHref(dealer: { website: string | null; published_website?: string | null }) {
  const published = dealer.published_website?.trim();
  if (published && (/^\/(?!\/)/.test(published) || /^https?:\/\//i.test(published))) return published;
  return websiteHref(dealer.website);
}

/** Directions on Google Maps to a dealer: its coordinates, else its address; null when it has neither. */
export function directionsHref(
  position: { lat: number; lng: number } | null,
  address: readonly string[],
): string | null {
  const destination = position ? `${position.lat},${position.lng}` : address.join(', ');
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** A tel: link of a phone number (digits and a leading +). */
export function phoneHref(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/[^\d+]/g, '') ?? '';
  return digits ? `tel:${digits}` : null;
}

export function emailHref(email: string | null | undefined): string | null {
  const value = email?.trim();
  return value ? `mailto:${value}` : null;
}

/** The popup's address: the street line, then "City, ST 12345". */
export function addressLines(dealer: {
  street_address?: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}): string[] {
  const street = (dealer.street_address || dealer.address || '').trim();
  const cityState = [dealer.city?.trim(), dealer.state?.trim()].filter(Boolean).join(', ');
  const place = [cityState, dealer.zip_code?.trim()].filter(Boolean).join(' ');
  return [street, place].filter(Boolean);
}

/** The name a dealer is shown under. */
export function dealerName(dealer: { business_name: string | null; full_name: string | null; dealer_id: string }) {
  return dealer.business_name?.trim() || dealer.full_name?.trim() || dealer.dealer_id;
}
