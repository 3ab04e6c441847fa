/**
 * Seeding a benchmark's portal through its API, as an admin would (so every service hears of the records through
 * their events): dealers one at a time or by bulk import, a product with its image, a dealer's sign-in.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { expectOk } from './http.mjs';
import { REPO } from './portal.mjs';

/** Dealer i of a benchmark as the create-dealer form takes it (Springfield, IL unless `fields` say otherwise). */
export function benchDealer(i, fields = {}) {
  return {
    business_name: `Bench Blinds ${i}`,
    full_name: `Pat Bench ${i}`,
    email: `bench.dealer.${i}@portal.test`,
    phone: '(555) 010-2000',
    address: `${i} Oak Road`,
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    zone: 'Midwest Zone',
    ...fields,
  };
}

/**
 * Creates the dealers of `forms` one after the other (POST /api/admin/create-dealer, `send` from httpClient).
 * Answers each one's `id`, `email` and temporary `password`.
 */
export async function createDealers(send, base, auth, forms) {
  const dealers = [];
  for (const form of forms) {
    const res = await send(base, 'POST', '/api/admin/create-dealer', { headers: auth, body: form });
    expectOk(res, 'create-dealer');
    dealers.push({ id: res.body.dealer_id, email: res.body.dealer.email, password: res.body.temporary_password });
  }
  return dealers;
}

/**
 * Imports `total` dealers in batches of `batchSize` (POST /api/admin/bulk-import-dealers); `rowsAt(from, count)`
 * gives the rows of a batch (made as they are sent, so 100,000 dealers need not be held at once). Throws unless
 * every row of a batch was imported.
 */
export async function importDealers(base, auth, { total, batchSize, rowsAt, from = 0 }) {
  for (let start = from; start < from + total; start += batchSize) {
    const rows = rowsAt(start, Math.min(batchSize, from + total - start));
    const res = await fetch(`${base}/api/admin/bulk-import-dealers`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ dealers: rows }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.status !== 200 || body.results?.successful_imports !== rows.length) {
      throw new Error(`bulk import answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
    }
  }
}

/** A small one-colour JPEG, for a product that needs an image but whose image is not what is measured. */
export const plainJpeg = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#556b2f' } })
    .jpeg()
    .toBuffer();

/** Creates an active product with `image` (a JPEG) through POST /api/admin/create-product; answers the product. */
export async function createProduct(base, auth, { title, description, priceCents, image }) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  form.set('price', (priceCents / 100).toFixed(2));
  form.set('status', 'active');
  form.set('product_image', new Blob([image], { type: 'image/jpeg' }), 'hub-blind.jpg');
  const res = await fetch(`${base}/api/admin/create-product`, { method: 'POST', headers: auth, body: form });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`create-product answered ${res.status}: ${JSON.stringify(body)}`);
  return body.product;
}

/** Signs a dealer in (its email and password); answers its authorization header. */
export async function dealerAuth(send, base, dealer) {
  const res = await send(base, 'POST', '/api/auth/login', {
    body: { email: dealer.email, password: dealer.password },
  });
  expectOk(res, 'dealer sign-in');
  return { authorization: `Bearer ${res.body.access_token}` };
}

/** The services that consume events of `type` (one by one or in batches), from the built launcher's list. */
export function consumersOf(type) {
  const require = createRequire(import.meta.url);
  const { allServices } = require(path.join(REPO, 'deploy/local/dist/services.js'));
  return allServices.filter((def) => def.consumers?.[type] || def.batchConsumers?.[type]).map((def) => def.name);
}
