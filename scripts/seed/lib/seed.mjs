/**
 * The seed's steps: read what the portal holds, refuse foreign data unless forced, then add what the plan has
 * and the portal lacks, step by step, through the public API only. Every step reads before it writes, so a run
 * after a finished run adds nothing, and a run after an interrupted one finishes the job.
 */
import zipcodes from 'zipcodes';
import { Api, ApiError, eventually, pool, signIn, waitFor } from './api.mjs';
import { HEADER_SCENES, PRO_STAFF_CATEGORY, programs as plannedPrograms } from './catalog.mjs';
import { renderProduct, renderScene } from './images.mjs';
import { isSeedEmail, makePlan, planFigures } from './plan.mjs';

/** The password of every demo dealer login (demo data only: the dealers' addresses are in a reserved domain). */
export const DEMO_DEALER_PASSWORD = 'demo-dealer-1';

const COMPANY = {
  company_name: 'Ridgeline Blind Company',
  business_type: 'Manufacturer of hunting blinds',
  email: 'sales@demo.portal.test',
  phone: '(660) 555-0100',
  address: '1200 S Limit Ave',
  city: 'Sedalia',
  state: 'MO',
  zip_code: '65301',
};

const DAY_MS = 86_400_000;
const dollars = (cents) => Number((cents / 100).toFixed(2));
const cents = (value) => Math.round(Number(value) * 100);

/** Another service has not heard of a dealer or product yet (its event is on the way). */
const notHeardYet = (err) =>
  err instanceof ApiError &&
  ((err.status === 404 && /dealer not found|not found/i.test(err.detail)) ||
    (err.status === 400 && /not available to order/i.test(err.detail)));

export class ForeignDataError extends Error {}

/**
 * Seeds the portal at `url`. Options: admin {email, password}, scale, seed, force, concurrency, log (a line
 * printer). Answers the summary.
 */
export async function seedPortal({
  url,
  admin,
  scale = 1,
  seed = 'dealer-portal-demo',
  force = false,
  concurrency = 6,
  log = () => {},
}) {
  const started = Date.now();
  const api = await signIn(url, admin.email, admin.password);
  const added = {};
  const count = (what, n = 1) => {
    added[what] = (added[what] ?? 0) + n;
  };
  const step = async (name, work) => {
    const t = Date.now();
    await work();
    log(`  ${name.padEnd(24)} ${((Date.now() - t) / 1000).toFixed(1).padStart(6)} s`);
  };

  const { configuration } = await api.get('/api/admin/system-configuration');
  const plan = makePlan({ seed, scale, zones: configuration.zones });
  const programs = plannedPrograms();
  const state = await readState(api);
  refuseForeignData(state, plan, programs, force);

  log(`Seeding ${url} (scale ${scale}: ${plan.dealers.length} dealers, ${planFigures(plan).orders} orders)`);

  await step('settings', () => seedSettings(api, count));
  const productIds = new Map(state.products.map((p) => [p.title, p.product_id]));
  await step('products', () =>
    pool(
      plan.products.filter((p) => !productIds.has(p.title)),
      3,
      async (product) => {
        const bytes = await renderProduct({ kind: product.kind, palette: product.palette, seed: product.title });
        const { product: created } = await api.postForm(
          '/api/admin/create-product',
          {
            title: product.title,
            description: product.description,
            price: product.price,
            status: product.status ?? 'active',
          },
          { product_image: { bytes, name: `${slugFile(product.title)}.jpg` } },
        );
        productIds.set(product.title, created.product_id);
        count('products');
      },
    ),
  );
  await step('pictures', () => {
    const have = new Set(state.pictures.map((p) => p.title));
    return pool(
      plan.pictures.filter((p) => !have.has(p.title)),
      3,
      async (picture) => {
        const bytes = await renderScene({ scene: picture.scene, blind: picture.blind !== false, seed: picture.title });
        await api.postForm(
          '/api/admin/upload-picture',
          { title: picture.title, description: picture.description, category: picture.category },
          { picture: { bytes, name: `${slugFile(picture.title)}.jpg` } },
        );
        count('pictures');
      },
    );
  });

  const dealers = new Map([...state.dealers, ...state.archived].map((d) => [d.dealer_id, d]));
  await step('dealers', () => seedDealers(api, plan, dealers, count));
  await step('dealer details', () => seedDealerDetails(api, plan, dealers, count, concurrency));
  await step('map categories', () => seedCategories(api, plan, count));

  const ordersByDealer = groupOrders(state.orders);
  await step('orders and payments', () =>
    seedOrders(api, plan, dealers, ordersByDealer, productIds, count, concurrency, log),
  );
  await step('shipments', () => seedShipments(api, plan, ordersByDealer, state.shipments, count));
  await step('incentive programs', () => seedPrograms(api, programs, state.programs, count));
  await step('archived dealers', () =>
    pool(
      plan.dealers.filter((d) => d.archived && !dealers.get(d.dealer_id)?.archived),
      concurrency,
      async (dealer) => {
        await api.post(`/api/admin/archive-dealer/${dealer.dealer_id}`);
        count('archived dealers');
      },
    ),
  );
  await step('settling', () => settle(api, plan, ordersByDealer));

  const summary = await summarize(api, plan, programs);
  return { ...summary, added, requests: api.requests, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

async function readState(api) {
  const [dealers, archived, products, pictures, programs, orders, shipments] = await Promise.all([
    api.get('/api/admin/all-dealers-enhanced').then((b) => b.dealers),
    api.get('/api/admin/archived-dealers').then((b) => b.dealers),
    api.get('/api/admin/products').then((b) => b.products),
    api.get('/api/admin/pictures').then((b) => b.pictures),
    api.get('/api/admin/incentive-programs').then((b) => b.programs),
    api.get('/api/admin/all-orders').then((b) => b.orders),
    api.get('/api/admin/shipments').then((b) => b.shipments),
  ]);
  return { dealers, archived, products, pictures, programs, orders, shipments };
}

/** Data the seed did not make: dealers outside the demo domain, or products, pictures, programs it does not plan. */
function refuseForeignData(state, plan, programs, force) {
  const foreign = {
    dealers: [...state.dealers, ...state.archived].filter((d) => !isSeedEmail(d.email)).length,
    products: state.products.filter((p) => !plan.products.some((q) => q.title === p.title)).length,
    pictures: state.pictures.filter((p) => !plan.pictures.some((q) => q.title === p.title)).length,
    programs: state.programs.filter((p) => !programs.some((q) => q.program_name === p.program_name)).length,
  };
  const found = Object.entries(foreign).filter(([, n]) => n > 0);
  if (found.length && !force) {
    const named = found.map(([what, n]) => `${n} ${n === 1 ? what.replace(/s$/, '') : what}`);
    throw new ForeignDataError(
      `This portal already holds data the seed did not make (${named.join(', ')}). ` +
        'The seed fills an empty portal; run it with --force to add the demo business next to that data.',
    );
  }
}

async function seedSettings(api, count) {
  const { settings: company } = await api.get('/api/admin/company-settings');
  if (!company.company_name?.trim()) {
    await api.put('/api/admin/company-settings', COMPANY);
    count('company settings');
  }
  const { settings: shipping } = await api.get('/api/admin/shipping-settings');
  if (!shipping.start_coordinates) {
    const depot = zipcodes.lookup(COMPANY.zip_code);
    await api.put('/api/admin/shipping-settings', {
      start_label: `${COMPANY.company_name}, ${COMPANY.city}, ${COMPANY.state}`,
      start_coordinates: { lat: depot.latitude, lng: depot.longitude },
      average_speed_mph: shipping.average_speed_mph,
      service_minutes: shipping.service_minutes,
    });
    count('shipping settings');
  }
  const map = await api.get('/api/admin/map-settings');
  if (!map.categories.some((c) => c.id === PRO_STAFF_CATEGORY.id)) {
    await api.post('/api/admin/map-settings', {
      categories: [...map.categories, PRO_STAFF_CATEGORY],
      settings: map.settings,
    });
    count('map categories');
  }
}

/** The missing dealers in one bulk import (their ids and emails are the plan's, so a repeat skips them). */
async function seedDealers(api, plan, dealers, count) {
  const missing = plan.dealers.filter((d) => !dealers.has(d.dealer_id));
  if (missing.length) {
    const rows = missing.map((d) =>
      Object.fromEntries(
        Object.entries({
          dealer_id: d.dealer_id,
          business_name: d.business_name,
          full_name: d.full_name,
          email: d.email,
          phone: d.phone,
          address: d.address,
          city: d.city,
          state: d.state,
          zip_code: d.zip_code,
          website: d.website,
          zone: d.zone,
          business_type: d.business_type,
        }).filter(([, v]) => v !== undefined),
      ),
    );
    const { results } = await api.post('/api/admin/bulk-import-dealers', { dealers: rows });
    if (results.failed_imports > 0 || results.duplicate_emails.length > 0)
      throw new Error(`the dealer import refused rows: ${JSON.stringify(results).slice(0, 800)}`);
    count('dealers', results.successful_imports);
  }
  const { dealers: active } = await api.get('/api/admin/all-dealers-enhanced');
  for (const d of active) dealers.set(d.dealer_id, d);
}

/** Join dates, logins, notes and generated websites, dealer by dealer. */
async function seedDealerDetails(api, plan, dealers, count, concurrency) {
  const headers = new Map();
  const header = async (index) => {
    if (!headers.has(index))
      headers.set(
        index,
        renderScene({ scene: HEADER_SCENES[index], width: 1200, height: 400, seed: `header-${index}` }),
      );
    return headers.get(index);
  };
  const now = Date.now();
  await pool(plan.dealers, concurrency, async (planned) => {
    const dealer = dealers.get(planned.dealer_id);
    if (!dealer) throw new Error(`dealer ${planned.dealer_id} is missing after the import`);
    if (dealer.archived) return; // archived by an earlier run: done
    const id = planned.dealer_id;

    // the join date: set once (a later run on a later day finds it already earlier than its plan)
    const joined = Math.floor((now - planned.joinDaysAgo * DAY_MS) / DAY_MS) * DAY_MS + 15 * 3_600_000;
    if (Date.parse(dealer.created_at) > joined + 2 * DAY_MS) {
      await api.put(`/api/admin/update-dealer/${id}`, {
        business_name: dealer.business_name,
        full_name: dealer.full_name,
        phone: dealer.phone,
        address: dealer.address,
        city: dealer.city,
        state: dealer.state,
        zip_code: dealer.zip_code,
        website: dealer.website,
        description: dealer.description,
        zone: dealer.zone,
        created_at: new Date(joined).toISOString(),
      });
      count('join dates');
    }

    if (planned.login) {
      const { login_info } = await api.get(`/api/admin/dealer-login-info/${id}`);
      if (!login_info) {
        await eventually(
          () =>
            api.post(`/api/admin/create-dealer-login/${id}`, {
              email: planned.email,
              password: DEMO_DEALER_PASSWORD,
              full_name: planned.full_name,
            }),
          notHeardYet,
        );
        count('dealer logins');
      }
    }

    if (planned.notes.length) {
      const { notes } = await api.get(`/api/admin/dealer-notes/${id}`);
      for (const note of planned.notes.slice(notes.length)) {
        await api.post(`/api/admin/add-dealer-note/${id}`, { note_text: note });
        count('dealer notes');
      }
    }

    if (planned.website_page && !dealer.enable_website) {
      await api.postForm(
        `/api/admin/update-dealer-website/${id}`,
        {
          use_own_website: 'false',
          custom_website_url: '',
          custom_website_enabled: 'true',
          description: planned.website_page.description,
        },
        { header_image: { bytes: await header(planned.website_page.header), name: 'header.jpg' } },
      );
      count('published websites');
    }
  });
}

/** Pro-staff dealers on their own map category (the geocoding service learns dealers from events). */
async function seedCategories(api, plan, count) {
  const wanted = plan.dealers.filter((d) => d.proStaff);
  if (!wanted.length) return;
  const { dealers } = await api.get('/api/admin/dealers-for-map');
  const category = new Map(dealers.map((d) => [d.dealer_id, d.category]));
  await pool(
    wanted.filter((d) => category.get(d.dealer_id) !== PRO_STAFF_CATEGORY.id),
    4,
    async (dealer) => {
      await eventually(
        () =>
          api.post('/api/admin/update-dealer-category', {
            dealer_id: dealer.dealer_id,
            category: PRO_STAFF_CATEGORY.id,
          }),
        notHeardYet,
      );
      count('map categories set');
    },
  );
}

/** Each dealer's orders, oldest first: the n-th is the plan's n-th order of that dealer. */
function groupOrders(orders) {
  const byDealer = new Map();
  for (const order of orders) {
    if (!byDealer.has(order.dealer_id)) byDealer.set(order.dealer_id, []);
    byDealer.get(order.dealer_id).push(order);
  }
  for (const list of byDealer.values())
    list.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.order_id.localeCompare(b.order_id));
  return byDealer;
}

/**
 * Orders dealer by dealer (one dealer's orders one after the other, so their creation order is the plan's), each
 * created at the status it has reached unless a shipment will carry it (then confirmed), then its payments.
 */
async function seedOrders(api, plan, dealers, ordersByDealer, productIds, count, concurrency, log) {
  const total = planFigures(plan).orders;
  let made = 0;
  const line = (l) =>
    l.custom
      ? { ...l.custom, description: l.custom.title, quantity: l.quantity, is_custom: true }
      : { product_id: productIds.get(l.product), quantity: l.quantity };
  await pool(plan.dealers, concurrency, async (planned) => {
    const existing = ordersByDealer.get(planned.dealer_id) ?? [];
    ordersByDealer.set(planned.dealer_id, existing);
    for (const [index, order] of planned.orders.entries()) {
      let current = existing[index];
      if (!current) {
        if (dealers.get(planned.dealer_id)?.archived) break; // archived dealers take no new orders
        current = (
          await eventually(
            () =>
              api.post('/api/admin/create-order', {
                dealer_id: planned.dealer_id,
                product_details: order.lines.map(line),
                status: order.viaShipment ? 'confirmed' : order.status,
                notes: order.notes,
              }),
            notHeardYet,
          )
        ).order;
        existing.push(current);
        count('orders');
        if (++made % 500 === 0) log(`    ${made} orders made (${total} planned)`);
      } else if (!order.viaShipment && current.status !== order.status) {
        current = (await api.put(`/api/admin/update-order/${current.order_id}`, { status: order.status })).order;
        existing[index] = current;
        count('order status changes');
      }
      await payOrder(api, current, order, count);
    }
  });
}

async function payOrder(api, current, order, count) {
  if (current.status === 'cancelled') return;
  const total = cents(current.total_value);
  let paid = cents(current.total_paid);
  for (const payment of order.payments.slice(current.payments.length)) {
    const target = payment.upTo >= 1 ? total : Math.round(total * payment.upTo);
    const amount = Math.min(target, total) - paid;
    if (amount <= 0) continue;
    await api.post('/api/admin/record-payment', {
      order_id: current.order_id,
      payment_method: payment.payment_method,
      amount: dollars(amount),
      check_number: payment.check_number,
      notes: payment.notes,
    });
    paid += amount;
    count('payments');
  }
}

/**
 * The shipments by name: a missing one is created from its orders (once shipping has heard they are confirmed),
 * then each of its orders is marked shipped or delivered as the plan says.
 */
async function seedShipments(api, plan, ordersByDealer, existingShipments, count) {
  const byName = new Map(existingShipments.map((s) => [s.shipment_name, s]));
  const shipped = new Set(existingShipments.flatMap((s) => s.orders.map((o) => o.order_id)));
  const orderIdOf = (ref) => ordersByDealer.get(plan.dealers[ref.dealer].dealer_id)?.[ref.order]?.order_id;
  await pool(plan.shipments, 3, async (planned) => {
    const ids = planned.orders.map(orderIdOf);
    if (ids.some((id) => !id)) return; // an order is missing (its dealer was archived before it was made)
    let shipment = byName.get(planned.name);
    // its orders already travel under another name (the zones were renamed since the seed ran): leave them
    if (!shipment && ids.some((id) => shipped.has(id))) return;
    if (!shipment) {
      shipment = (
        await eventually(
          () => api.post('/api/admin/create-shipment', { order_ids: ids, shipment_name: planned.name }),
          (err) => err instanceof ApiError && err.status === 409 && /not ready/i.test(err.detail),
        )
      ).shipment;
      count('shipments');
    }
    const status = new Map(shipment.orders.map((o) => [o.order_id, o.status]));
    for (const [i, ref] of planned.orders.entries()) {
      const target = plan.dealers[ref.dealer].orders[ref.order].status;
      const now = status.get(ids[i]);
      if (target === 'in_shipment' || now === target || now === 'delivered' || !now) continue;
      await api.post(`/api/admin/shipment/${shipment.shipment_id}/update-order-status`, {
        order_id: ids[i],
        status: target,
      });
      count('deliveries marked');
    }
  });
}

async function seedPrograms(api, programs, existing, count) {
  const have = new Set(existing.map((p) => p.program_name));
  for (const program of programs.filter((p) => !have.has(p.program_name))) {
    await api.post('/api/admin/incentive-programs', program);
    count('incentive programs');
  }
}

/** Waits until the order service shows every planned order at its planned status (shipping's events included). */
async function settle(api, plan, ordersByDealer) {
  let mismatched = [];
  const ok = await waitFor(async () => {
    const { orders } = await api.get('/api/admin/all-orders');
    const byId = new Map(orders.map((o) => [o.order_id, o]));
    mismatched = [];
    for (const dealer of plan.dealers)
      for (const [i, order] of dealer.orders.entries()) {
        const id = ordersByDealer.get(dealer.dealer_id)?.[i]?.order_id;
        if (id && byId.get(id)?.status !== order.status)
          mismatched.push(`${id}: ${byId.get(id)?.status} != ${order.status}`);
      }
    return mismatched.length === 0;
  }, 90_000);
  if (!ok) throw new Error(`orders did not reach their planned status: ${mismatched.slice(0, 5).join('; ')}`);
}

async function summarize(api, plan, programs) {
  const state = await readState(api);
  const seedDealers = [...state.dealers, ...state.archived].filter((d) => isSeedEmail(d.email));
  const seedIds = new Set(seedDealers.map((d) => d.dealer_id));
  const orders = state.orders.filter((o) => seedIds.has(o.dealer_id));
  const tally = (values, order) => {
    const counts = Object.fromEntries(order.map((key) => [key, 0]));
    for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
    return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  };
  const byStatus = tally(
    orders.map((o) => o.status),
    ['pending', 'confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled'],
  );
  const paymentStatus = tally(
    orders.map((o) => o.payment_status),
    ['fully_paid', 'partially_paid', 'unpaid'],
  );
  const payments = orders.flatMap((o) => o.payments);
  const methods = tally(
    payments.map((p) => p.payment_method),
    ['check', 'card', 'cash', 'other'],
  );
  const achievements = {};
  for (const planned of programs) {
    const program = state.programs.find((p) => p.program_name === planned.program_name);
    if (!program) continue;
    const { achievements: list } = await api.get(`/api/admin/incentive-programs/${program.id}/achievements`);
    achievements[program.program_name] = list.length;
  }
  const stats = await api.get('/api/admin/dashboard-stats');
  const { dealers: mapDealers } = await api.get('/api/admin/dealers-for-map');
  const seedMap = mapDealers.filter((d) => seedIds.has(d.dealer_id));
  const shipmentNames = new Set(plan.shipments.map((s) => s.name));
  const shipments = state.shipments.filter((s) => shipmentNames.has(s.shipment_name));
  const firstLogin = plan.dealers.find((d) => d.login);
  return {
    dealers: {
      active: seedDealers.filter((d) => !d.archived).length,
      archived: seedDealers.filter((d) => d.archived).length,
      states: new Set(seedDealers.map((d) => d.state)).size,
      websites_published: seedDealers.filter((d) => d.enable_website).length,
      on_map: seedMap.filter((d) => d.coordinates).length,
      pro_staff: seedMap.filter((d) => d.category === PRO_STAFF_CATEGORY.id).length,
    },
    products: state.products.filter((p) => plan.products.some((q) => q.title === p.title)).length,
    pictures: state.pictures.filter((p) => plan.pictures.some((q) => q.title === p.title)).length,
    orders: { total: orders.length, by_status: byStatus, by_payment_status: paymentStatus },
    payments: {
      count: payments.length,
      collected: dollars(payments.reduce((sum, p) => sum + cents(p.amount), 0)),
      by_method: methods,
    },
    shipments: {
      total: shipments.length,
      completed: shipments.filter((s) => s.status === 'COMPLETED').length,
    },
    achievements,
    dashboard: stats.order_stats,
    dealer_login: firstLogin ? { email: firstLogin.email, password: DEMO_DEALER_PASSWORD } : null,
  };
}

const slugFile = (title) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export { Api };
