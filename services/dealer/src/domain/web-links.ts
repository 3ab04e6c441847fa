/**
 * A website as a link target: https:// is prefixed when no scheme is given (as the locator does), and
 * anything that is not then an http(s) URL — `javascript:`, `data:` — gives no link at all.
 */
export function safeWebLink(website: string | null): string | null {
  if (!website?.trim()) return null;
  const value = website.trim();
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A tel: link keeps only what a dialer understands. */
export function telLink(phone: string | null): string | null {
  const dialable = phone?.replace(/[^\d+]/g, '') ?? '';
  return dialable.replace(/\D/g, '').length >= 3 ? `tel:${dialable}` : null;
}

export function mailLink(email: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`;
}

export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
