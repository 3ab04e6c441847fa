/** Scenes the browser tests set up through the portal's API (their own screens have their own tests). */
import { pngImage } from './catalogueSteps';
import type { Portal } from './harness';

/** A bearer token of this account, signed in through the API (the login screen has its own tests). */
export async function apiToken(portal: Portal, email: string, password: string): Promise<string> {
  const res = await fetch(`${portal.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The portal's first admin's bearer token. */
export function adminApiToken(portal: Portal): Promise<string> {
  return apiToken(portal, portal.adminEmail, portal.adminPassword);
}

/** What a JSON call through the API answered: its status and parsed body. */
export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/**
 * A JSON caller of the portal's API: `call(route, { method, body, token })` with the bearer token given, else
 * `defaultToken()` (read at each call: the suite signs in after it is made).
 */
export function apiCaller(portal: Portal, defaultToken: () => string) {
  return async function call<T = Record<string, unknown>>(
    route: string,
    init: { method?: string; body?: unknown; token?: string } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { Authorization: `Bearer ${init.token ?? defaultToken()}` };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${portal.url}${route}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
}

/** A product with a real picture, made through the admin API (Manage Products has its own browser test). */
export async function createProduct(
  portal: Portal,
  token: string,
  product: { title: string; price: string; status?: 'active' | 'admin_only' },
): Promise<void> {
  const form = new FormData();
  form.set('title', product.title);
  form.set('description', `${product.title} for the browser tests`);
  form.set('price', product.price);
  form.set('status', product.status ?? 'active');
  form.set('product_image', new Blob([new Uint8Array(pngImage(320, 240))], { type: 'image/png' }), 'blind.png');
  const res = await fetch(`${portal.url}/api/admin/create-product`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 200) throw new Error(`create-product answered ${res.status}: ${await res.text()}`);
}

/** Every order, as the admin's API lists them (the test names the fields it reads). */
export async function allOrders<Order>(portal: Portal, token: string): Promise<Order[]> {
  const res = await fetch(`${portal.url}/api/admin/all-orders`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`all-orders answered ${res.status}`);
  return ((await res.json()) as { orders: Order[] }).orders;
}
