/**
 * Seeding a benchmark's portal through its API, as an admin would (so every service hears of the records through
 * their events): dealers one at a time or by bulk import, a product with its image, a dealer's sign-in; and
 * orders written straight into the order service's tables (seedOrders), where the API would take minutes.
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

/**
 * `count` orders of the dealers `dealerIds` (known to the order service) written straight into the order service's
 * tables (seeding only: the API would take minutes), newest first every 7 minutes: 1 line of `productId` at
 * `priceCents` (quantity 1–5) or, for a third of them, 2; statuses of every kind; a quarter paid in full or in half
 * (never a cancelled one). Totals and paid totals agree with the lines and payments, as the service keeps them.
 * `db` is a client on the portal's database (bench.client()).
 */
export async function seedOrders(db, { count, dealerIds, productId, priceCents }) {
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE seed ON COMMIT DROP AS
     SELECT g, gen_random_uuid()::text AS order_id, ($1::text[])[1 + g % cardinality($1::text[])] AS dealer_id,
       (ARRAY['pending','pending','pending','confirmed','confirmed','in_shipment','shipped','delivered','delivered',
              'cancelled'])[1 + g % 10] AS status,
       1 + g % 5 AS quantity, g % 3 = 0 AS two_lines,
       clock_timestamp() - g * interval '7 minutes' AS created_at
     FROM generate_series(1, $2::int) g`,
    [dealerIds, count],
  );
  await db.query(`ALTER TABLE seed ADD total_cents bigint, ADD paid_cents bigint`);
  await db.query(
    `UPDATE seed SET total_cents = quantity * $1 + CASE WHEN two_lines THEN 1015 ELSE 0 END,
       paid_cents = CASE WHEN status = 'cancelled' OR g % 4 <> 0 THEN 0
                         WHEN g % 8 = 0 THEN quantity * $1 + CASE WHEN two_lines THEN 1015 ELSE 0 END
                         ELSE (quantity * $1) / 2 END`,
    [priceCents],
  );
  await db.query(
    `INSERT INTO "order".orders (order_id, dealer_id, status, notes, total_cents, paid_cents, created_at, updated_at)
     SELECT order_id, dealer_id, status, CASE WHEN g % 5 = 0 THEN 'Deliver before opening day' END,
       total_cents, paid_cents, created_at, created_at FROM seed`,
  );
  await db.query(
    `INSERT INTO "order".order_lines (order_id, position, product_id, title, description, quantity, price_cents, is_custom)
     SELECT order_id, 0, $1, 'Bench Hub Blind', 'A product for the orders benchmark', quantity, $2, false FROM seed
     UNION ALL
     SELECT order_id, 1, 'custom_' || g, 'Blind chair', NULL, 1, 1015, true FROM seed WHERE two_lines`,
    [productId, priceCents],
  );
  await db.query(
    `INSERT INTO "order".payments (payment_id, order_id, payment_method, amount_cents, check_number, notes, created_at)
     SELECT gen_random_uuid()::text, order_id, CASE WHEN g % 3 = 0 THEN 'check' ELSE 'cash' END, paid_cents,
       CASE WHEN g % 3 = 0 THEN '10' || g END, NULL, created_at + interval '1 day'
     FROM seed WHERE paid_cents > 0`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE "order".orders, "order".order_lines, "order".payments');
}
