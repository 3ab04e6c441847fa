/**
 * The portal's addresses: a path (+ query) parsed into a typed route, and a route formatted back into a path.
 * Pure: no window, no React. List filters (search, status, state…) are not part of a route; screens keep them
 * in the query with useQueryParam, and they survive because navigation between a list and its record keeps them.
 */

import { embeddedLocatorPage } from '@portal/contracts/values';

export type PortalRole = 'admin' | 'dealer' | 'delivery';

/** Shipping's sections: `my-routes` (the driver's own open routes) is the delivery user's only; admins have the others. */
export type ShippingSection = 'my-routes' | 'ready' | 'routes';
export type SettingsSection = 'company' | 'products' | 'system' | 'admins' | 'email' | 'map' | 'google' | 'import';
export type DealerProfileSection = 'profile' | 'website';

export type AdminTab =
  | 'dashboard'
  | 'orders'
  | 'receivables'
  | 'shipping'
  | 'pictures'
  | 'dealers'
  | 'settings'
  | 'profile';
export type DealerTab = 'overview' | 'order' | 'orders' | 'account' | 'resources' | 'profile' | 'website';
export type DeliveryTab = 'shipping' | 'orders' | 'dealers' | 'profile';

export type PublicRoute =
  | { role: null; page: 'landing' }
  /** next: the same-origin path to open after sign-in, if any (not yet checked against the role). */
  | { role: null; page: 'login'; next: string | null }
  | { role: null; page: 'signup'; token: string }
  /** the link mailed to a new sign-in email: /confirm-email?token=… */
  | { role: null; page: 'confirmEmail'; token: string }
  /** the portal's own dealer application form (Apply Now when no external page is configured) */
  | { role: null; page: 'apply' }
  | { role: null; page: 'locator'; embed: boolean };

export type AdminRoute =
  | { role: 'admin'; tab: 'dashboard' | 'pictures' | 'profile' }
  /** the AR aging report; its search and filter are in the query (?q=&past_due=) */
  | { role: 'admin'; tab: 'receivables' }
  | { role: 'admin'; tab: 'orders'; orderId: string | null }
  /** orderId: an invoice opened from the dealer's detail (/admin/dealers/{dealerId}/orders/{orderId}) */
  | { role: 'admin'; tab: 'dealers'; dealerId: string | null; orderId?: string }
  | { role: 'admin'; tab: 'shipping'; section: ShippingSection; shipmentId: string | null }
  | { role: 'admin'; tab: 'settings'; section: SettingsSection };

export type DealerRoute =
  | { role: 'dealer'; tab: 'overview' | 'order' | 'resources' | 'website' }
  /** the statement's days are in the query (?from=&to=) */
  | { role: 'dealer'; tab: 'account' }
  | { role: 'dealer'; tab: 'orders'; orderId: string | null }
  | { role: 'dealer'; tab: 'profile'; section: DealerProfileSection };

export type DeliveryRoute =
  | { role: 'delivery'; tab: 'orders' | 'profile' }
  | { role: 'delivery'; tab: 'dealers'; dealerId: string | null }
  | { role: 'delivery'; tab: 'shipping'; section: ShippingSection; shipmentId: string | null };

export type PrivateRoute = AdminRoute | DealerRoute | DeliveryRoute;
export type Route = PublicRoute | PrivateRoute;

/** The path of the public dealer locator. */
export const LOCATOR_PATH = '/find-a-dealer';
/** The path of the portal's own dealer application page. */
export const APPLY_PATH = '/apply';
/** The old query that opened the locator from any path (shared links, the embed widget's frame). */
export const LOCATOR_VIEW_PARAM = 'dealer-locator';

const SHIPPING_SECTIONS: Record<PortalRole, readonly ShippingSection[]> = {
  admin: ['ready', 'routes'],
  delivery: ['my-routes', 'ready', 'routes'],
  dealer: [],
};
/** The sections whose cards open by address (…/shipping/{section}/{shipmentId}): the lists of routes. */
const ROUTE_LIST_SECTIONS: readonly ShippingSection[] = ['my-routes', 'routes'];
const DEALER_PROFILE_SECTIONS: readonly DealerProfileSection[] = ['profile', 'website'];

// path segment ↔ tab id, where the id alone would not read well in an address
const DEALER_TAB_SEGMENTS: Record<DealerTab, string> = {
  overview: 'overview',
  order: 'order-products',
  orders: 'orders',
  account: 'account',
  resources: 'resources',
  profile: 'profile',
  website: 'website',
};
const SETTINGS_SEGMENTS: Record<SettingsSection, string> = {
  company: 'company',
  products: 'products',
  system: 'system',
  admins: 'admin-users',
  email: 'email',
  map: 'map',
  google: 'google-maps',
  import: 'bulk-import',
};

function includes<T extends string>(list: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (list as readonly string[]).includes(value);
}

function keyFor<T extends string>(segments: Record<T, string>, segment: string | undefined): T | null {
  if (segment === undefined) return null;
  for (const [key, value] of Object.entries(segments) as [T, string][]) if (value === segment) return key;
  return null;
}

function decode(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Any role value other than admin and delivery means dealer (the spec's rule). */
export function portalRole(role: string): PortalRole {
  if (role === 'admin') return 'admin';
  if (role === 'delivery') return 'delivery';
  return 'dealer';
}

/** Where Shipping opens: a delivery user's own routes, an admin's orders ready to ship. */
export function firstShippingSection(role: 'admin' | 'delivery'): ShippingSection {
  return role === 'delivery' ? 'my-routes' : 'ready';
}

/** The role's dashboard (its first tab; a delivery user's is My Routes). */
export function dashboardRoute(role: PortalRole): PrivateRoute {
  if (role === 'admin') return { role: 'admin', tab: 'dashboard' };
  if (role === 'delivery') return { role: 'delivery', tab: 'shipping', section: 'my-routes', shipmentId: null };
  return { role: 'dealer', tab: 'overview' };
}

export function dashboardPath(role: PortalRole): string {
  return formatRoute(dashboardRoute(role));
}

function parseAdmin(parts: string[]): AdminRoute | null {
  const [tab, a] = parts;
  switch (tab) {
    case undefined:
    case 'dashboard':
      return parts.length <= 1 ? { role: 'admin', tab: 'dashboard' } : null;
    case 'pictures':
    case 'profile':
    case 'receivables':
      return parts.length === 1 ? { role: 'admin', tab } : null;
    case 'orders': {
      const orderId = recordId(parts);
      return orderId === undefined ? null : { role: 'admin', tab: 'orders', orderId };
    }
    case 'dealers': {
      // a dealer's invoice: /admin/dealers/{dealerId}/orders/{orderId}
      if (parts.length === 4 && parts[2] === 'orders') {
        const [dealerId, orderId] = [decode(parts[1]), decode(parts[3])];
        return dealerId && orderId ? { role: 'admin', tab: 'dealers', dealerId, orderId } : null;
      }
      const dealerId = recordId(parts);
      return dealerId === undefined ? null : { role: 'admin', tab: 'dealers', dealerId };
    }
    case 'shipping':
      return parseShipping(parts.slice(1), 'admin');
    case 'settings': {
      if (parts.length > 2) return null;
      if (a === undefined) return { role: 'admin', tab: 'settings', section: 'company' };
      const section = keyFor(SETTINGS_SEGMENTS, a);
      return section ? { role: 'admin', tab: 'settings', section } : null;
    }
    default:
      return null;
  }
}

/** `[list]` → null (the list), `[list, id]` → the id, anything else → undefined (no such address). */
function recordId(parts: string[]): string | null | undefined {
  if (parts.length === 1) return null;
  if (parts.length !== 2) return undefined;
  return decode(parts[1]) ?? undefined;
}

function parseShipping<R extends 'admin' | 'delivery'>(
  parts: string[],
  role: R,
): { role: R; tab: 'shipping'; section: ShippingSection; shipmentId: string | null } | null {
  const [section, id] = parts;
  if (parts.length === 0) return { role, tab: 'shipping', section: firstShippingSection(role), shipmentId: null };
  if (!includes(SHIPPING_SECTIONS[role], section) || parts.length > 2) return null;
  if (parts.length === 2 && !ROUTE_LIST_SECTIONS.includes(section)) return null;
  const shipmentId = parts.length === 2 ? decode(id) : null;
  if (parts.length === 2 && shipmentId === null) return null;
  return { role, tab: 'shipping', section, shipmentId };
}

function parseDealer(parts: string[]): DealerRoute | null {
  const [segment, a] = parts;
  if (segment === undefined) return { role: 'dealer', tab: 'overview' };
  const tab = keyFor(DEALER_TAB_SEGMENTS, segment);
  switch (tab) {
    case 'overview':
    case 'order':
    case 'account':
    case 'resources':
    case 'website':
      return parts.length === 1 ? { role: 'dealer', tab } : null;
    case 'orders': {
      const orderId = recordId(parts);
      return orderId === undefined ? null : { role: 'dealer', tab: 'orders', orderId };
    }
    case 'profile':
      if (parts.length > 2) return null;
      if (a === undefined) return { role: 'dealer', tab: 'profile', section: 'profile' };
      return includes(DEALER_PROFILE_SECTIONS, a) ? { role: 'dealer', tab: 'profile', section: a } : null;
    default:
      return null;
  }
}

function parseDelivery(parts: string[]): DeliveryRoute | null {
  const [tab] = parts;
  switch (tab) {
    case undefined:
      return dashboardRoute('delivery') as DeliveryRoute;
    case 'orders':
    case 'profile':
      return parts.length === 1 ? { role: 'delivery', tab } : null;
    case 'dealers': {
      const dealerId = recordId(parts);
      return dealerId === undefined ? null : { role: 'delivery', tab: 'dealers', dealerId };
    }
    case 'shipping':
      return parseShipping(parts.slice(1), 'delivery');
    default:
      return null;
  }
}

/**
 * The route of a path and query, or null for an address the portal does not have. The spec's invitation link
 * (?action=dealer-signup&token=…) opens signup from any path, and ?view=dealer-locator the locator.
 */
export function parseRoute(pathname: string, search: URLSearchParams | string): Route | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  // the embed widget's frame, by the gateway's own rule: the one framable page shows the locator and nothing else
  if (embeddedLocatorPage(pathname, params)) return { role: null, page: 'locator', embed: true };
  if (params.get('action') === 'dealer-signup' && params.has('token')) {
    return { role: null, page: 'signup', token: params.get('token') ?? '' };
  }
  if (params.get('view') === LOCATOR_VIEW_PARAM) return { role: null, page: 'locator', embed: false };
  const parts = pathname.split('/').filter((part) => part !== '');
  const [head, ...rest] = parts;
  switch (head) {
    case undefined:
      return { role: null, page: 'landing' };
    case 'login':
      return rest.length === 0 ? { role: null, page: 'login', next: params.get('next') || null } : null;
    case 'signup':
      // signup without its invitation token has nothing to show
      return null;
    case 'find-a-dealer':
      return rest.length === 0 ? { role: null, page: 'locator', embed: false } : null;
    case 'apply':
      return rest.length === 0 ? { role: null, page: 'apply' } : null;
    case 'confirm-email':
      return rest.length === 0 ? { role: null, page: 'confirmEmail', token: params.get('token') ?? '' } : null;
    case 'admin':
      return parseAdmin(rest);
    case 'dealer':
      return parseDealer(rest);
    case 'delivery':
      return parseDelivery(rest);
    default:
      return null;
  }
}

const enc = encodeURIComponent;

/** The path (and, for login/signup, the query) of a route. */
export function formatRoute(route: Route): string {
  if (route.role === null) {
    switch (route.page) {
      case 'landing':
        return '/';
      case 'login':
        return route.next ? `/login?${new URLSearchParams({ next: route.next })}` : '/login';
      case 'signup':
        return `/signup?${new URLSearchParams({ action: 'dealer-signup', token: route.token })}`;
      case 'locator':
        return route.embed ? `/?${new URLSearchParams({ view: LOCATOR_VIEW_PARAM, embed: '1' })}` : LOCATOR_PATH;
      case 'apply':
        return APPLY_PATH;
      case 'confirmEmail':
        return `/confirm-email?${new URLSearchParams({ token: route.token })}`;
    }
  }
  if (route.role === 'admin') {
    switch (route.tab) {
      case 'orders':
        return route.orderId ? `/admin/orders/${enc(route.orderId)}` : '/admin/orders';
      case 'dealers':
        if (!route.dealerId) return '/admin/dealers';
        return route.orderId
          ? `/admin/dealers/${enc(route.dealerId)}/orders/${enc(route.orderId)}`
          : `/admin/dealers/${enc(route.dealerId)}`;
      case 'shipping':
        return formatShipping('/admin', route.section, route.shipmentId);
      case 'settings':
        return `/admin/settings/${SETTINGS_SEGMENTS[route.section]}`;
      default:
        return `/admin/${route.tab}`;
    }
  }
  if (route.role === 'dealer') {
    switch (route.tab) {
      case 'orders':
        return route.orderId ? `/dealer/orders/${enc(route.orderId)}` : '/dealer/orders';
      case 'profile':
        return route.section === 'profile' ? '/dealer/profile' : `/dealer/profile/${route.section}`;
      default:
        return `/dealer/${DEALER_TAB_SEGMENTS[route.tab]}`;
    }
  }
  switch (route.tab) {
    case 'shipping':
      return formatShipping('/delivery', route.section, route.shipmentId);
    case 'dealers':
      return route.dealerId ? `/delivery/dealers/${enc(route.dealerId)}` : '/delivery/dealers';
    default:
      return `/delivery/${route.tab}`;
  }
}

function formatShipping(base: string, section: ShippingSection, shipmentId: string | null): string {
  if (ROUTE_LIST_SECTIONS.includes(section) && shipmentId) return `${base}/shipping/${section}/${enc(shipmentId)}`;
  return `${base}/shipping/${section}`;
}

/** A path with a query (the query's leading "?" optional); no "?" when the query is empty. */
export function withQuery(path: string, query: URLSearchParams | string): string {
  const text = (typeof query === 'string' ? query : query.toString()).replace(/^\?/, '');
  return text ? `${path}?${text}` : path;
}

/**
 * Where to go after sign-in: the `next` address when it is a same-origin path of a screen the role may see,
 * else the role's dashboard.
 */
export function afterSignIn(next: string | null, role: PortalRole): string {
  if (next?.startsWith('/') && !next.startsWith('//') && !next.includes('\\')) {
    const url = new URL(next, 'http://portal.invalid');
    if (url.host === 'portal.invalid') {
      const route = parseRoute(url.pathname, url.searchParams);
      if (route && route.role === role) return url.pathname + url.search;
    }
  }
  return dashboardPath(role);
}

/** What the app shows for an address: a route, or another address to move to (replacing this one). */
export type Resolution = { route: Route; redirect?: undefined } | { redirect: string; route?: undefined };

/**
 * The spec's start rules and the role rules, for every address: a stored session on landing or login opens
 * its dashboard (or login's `next`); a private address while signed out opens login with `next`; an address
 * of another role opens the role's own dashboard; an unknown address opens landing or the dashboard. Signup
 * (an invitation), the locator and the application page open for anyone.
 */
export function resolveAddress(
  pathname: string,
  search: URLSearchParams | string,
  role: PortalRole | null,
): Resolution {
  const route = parseRoute(pathname, search);
  if (!route) return { redirect: role ? dashboardPath(role) : '/' };
  if (route.role === null) {
    if (role && route.page === 'landing') return { redirect: dashboardPath(role) };
    if (role && route.page === 'login') return { redirect: afterSignIn(route.next, role) };
    return { route };
  }
  if (!role) {
    const query = typeof search === 'string' ? search.replace(/^\?/, '') : search.toString();
    return { redirect: formatRoute({ role: null, page: 'login', next: withQuery(pathname, query) }) };
  }
  if (route.role !== role) return { redirect: dashboardPath(role) };
  return { route };
}

const SETTINGS_TITLES: Record<SettingsSection, string> = {
  company: 'Company Settings',
  products: 'Manage Products',
  system: 'System Configuration',
  admins: 'Admin Users',
  email: 'Email Settings',
  map: 'Geocoding',
  google: 'Google Maps',
  import: 'Bulk Import',
};

/** The page title: the screen's name, then the portal's (landing is the portal itself). */
export function pageTitle(route: Route, companyName: string): string {
  const portal = `${companyName} Dealer Portal`;
  return route.role === null && route.page === 'landing' ? portal : `${screenTitle(route)} · ${portal}`;
}

/** The screen's name for the page title. */
export function screenTitle(route: Route): string {
  if (route.role === null) {
    return {
      landing: 'Home',
      login: 'Sign In',
      signup: 'Dealer Signup',
      locator: 'Find a Dealer',
      apply: 'Apply to become a dealer',
      confirmEmail: 'Confirm your new email',
    }[route.page];
  }
  if (route.role === 'admin') {
    switch (route.tab) {
      case 'dashboard':
        return 'Admin Dashboard';
      case 'orders':
        return route.orderId ? orderTitle(route.orderId) : 'Orders';
      case 'receivables':
        return 'Receivables';
      case 'dealers':
        if (route.dealerId && route.orderId) return orderTitle(route.orderId);
        return route.dealerId ? 'Dealer Details' : 'Manage Dealers';
      case 'shipping':
        return shippingTitle(route.section, route.shipmentId);
      case 'pictures':
        return 'Pictures';
      case 'settings':
        return `${SETTINGS_TITLES[route.section]} · Settings`;
      case 'profile':
        return 'Profile';
    }
  }
  if (route.role === 'dealer') {
    switch (route.tab) {
      case 'overview':
        return 'Dealer Dashboard';
      case 'order':
        return 'Order Products';
      case 'orders':
        return route.orderId ? orderTitle(route.orderId) : 'My Orders';
      case 'account':
        return 'Account';
      case 'resources':
        return 'Resources';
      case 'profile':
        return route.section === 'website' ? 'My Website · Profile' : 'Profile';
      case 'website':
        return 'My Website';
    }
  }
  switch (route.tab) {
    case 'shipping':
      return shippingTitle(route.section, route.shipmentId);
    case 'orders':
      return 'Orders';
    case 'dealers':
      return route.dealerId ? 'Dealer Details' : 'Dealer Directory';
    case 'profile':
      return 'Profile';
  }
}

function shippingTitle(section: ShippingSection, shipmentId: string | null): string {
  if (shipmentId) return 'Shipment Details';
  if (section === 'my-routes') return 'My Routes';
  return section === 'routes' ? 'Generated Routes' : 'Orders Ready to Ship';
}

/** An order as the screens name it: its number is the last 8 characters of its id, upper-cased. */
function orderTitle(orderId: string): string {
  return `Order #${orderId.slice(-8).toUpperCase()}`;
}
