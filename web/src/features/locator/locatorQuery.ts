/**
 * The locator's search as its address keeps it (/find-a-dealer?zip=66002&radius=50&category=dealer), so a
 * result can be shared and reopened; and the category choices it offers. Pure: no window, no React.
 */
import type { LocatorCategory } from './embedConfig';
import { RADIUS_CHOICES } from './locatorOutcome';

/** What a shared locator address asks for: a place (typed text or a ZIP) and the filters. */
export interface LocatorQuery {
  /** the searched place; '' when the address asks for no search */
  place: string;
  radius?: number;
  category?: string;
}

/** The query parameters the locator owns; every other parameter (view, embed…) is left as it is. */
const OWN_PARAMS = ['zip', 'q', 'radius', 'category'] as const;
const ZIP = /^\d{5}(-\d{4})?$/;
const CATEGORY_ID = /^[a-z0-9_]{1,60}$/;

/** The locator's search in a URL's query: ?zip= or ?q= (a place), ?radius= (one of the choices), ?category=. */
export function locatorQueryOf(params: URLSearchParams): LocatorQuery {
  const place = (params.get('zip') || params.get('q') || '').trim().slice(0, 200);
  const radius = Number(params.get('radius'));
  const category = params.get('category') ?? '';
  return {
    place,
    radius: (RADIUS_CHOICES as readonly number[]).includes(radius) ? radius : undefined,
    category: CATEGORY_ID.test(category) ? category : undefined,
  };
}

/** The URL query with the locator's search in it (a ZIP as ?zip=, other places as ?q=), others kept. */
export function withLocatorQuery(current: URLSearchParams, query: LocatorQuery): string {
  const params = new URLSearchParams(current);
  for (const name of OWN_PARAMS) params.delete(name);
  const place = query.place.trim();
  if (place) params.set(ZIP.test(place) ? 'zip' : 'q', place);
  if (query.radius) params.set('radius', String(query.radius));
  if (query.category) params.set('category', query.category);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Two queries ask for the same search. */
export function sameLocatorQuery(a: LocatorQuery, b: LocatorQuery): boolean {
  return a.place === b.place && a.radius === b.radius && a.category === b.category;
}

/** 'pro_staff_dealer' → 'Pro Staff Dealer': the name of a category the map settings do not describe. */
export function categoryNameOf(id: string): string {
  return id
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The categories the filter offers: the configured map categories that have dealers, in the configured order,
 * then any category dealers have that the configuration does not name. Before the dealers are known, every
 * configured category.
 */
export function categoryOptions(
  configured: readonly LocatorCategory[],
  dealers: readonly { category: string }[] | undefined,
): { id: string; name: string }[] {
  if (!dealers || dealers.length === 0) return configured.map(({ id, name }) => ({ id, name }));
  const present = new Set(dealers.map((dealer) => dealer.category));
  const options = configured.filter((category) => present.has(category.id)).map(({ id, name }) => ({ id, name }));
  const named = new Set(configured.map((category) => category.id));
  const others = [...present].filter((id) => !named.has(id) && CATEGORY_ID.test(id)).sort();
  return [...options, ...others.map((id) => ({ id, name: categoryNameOf(id) }))];
}
