/**
 * The demo business as a plan: every dealer, order, payment and shipment the seed wants to exist, computed from
 * the seed and the scale alone (and the configured zones), never from the clock or the portal's state. The seed
 * compares this plan with what the portal holds and adds only what is missing, so a second run adds nothing.
 */
import zipcodes from 'zipcodes';
import { PICTURES, PRODUCTS } from './catalog.mjs';
import { stream } from './random.mjs';
import {
  AREA_CODES,
  BUSINESS_KINDS,
  BUSINESS_TYPES,
  CUSTOM_LINES,
  DEALER_DESCRIPTIONS,
  DEALER_NOTES,
  FIRST_NAMES,
  LAST_NAMES,
  ORDER_NOTES,
  PAYMENT_OTHER_NOTES,
  PLACE_WORDS,
  STATE_REGIONS,
  STATE_WEIGHTS,
  STREET_NAMES,
  STREET_SUFFIXES,
} from './words.mjs';

export const SEED_DOMAIN = 'demo.portal.test';
export const isSeedEmail = (email) => typeof email === 'string' && email.toLowerCase().endsWith(`@${SEED_DOMAIN}`);
export const seedDealerId = (index) => `demo-${String(index + 1).padStart(4, '0')}`;

/** The ZIP codes of each state, sorted, from the zipcodes package (GeoNames). */
function zipsByState() {
  const byState = new Map();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
    if (!byState.has(code.state)) byState.set(code.state, []);
    byState.get(code.state).push(code);
  }
  for (const list of byState.values()) list.sort((a, b) => a.zip.localeCompare(b.zip));
  return byState;
}

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** 'ANNANDALE ON HUDSON' or 'annandale' as a sign would write it. */
const titleCase = (text) => text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** The configured zone of a state: the zone whose name has the state's region word, or one by turns. */
export function zoneOf(state, zones) {
  const region = Object.entries(STATE_REGIONS).find(([, states]) => states.includes(state))?.[0];
  const match = region && zones.find((zone) => zone.toLowerCase().includes(region.toLowerCase()));
  if (match) return match;
  let h = 0;
  for (const c of state) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return zones[h % zones.length];
}

function businessName(rng, city, last) {
  const kind = rng.pick(BUSINESS_KINDS);
  switch (rng.int(0, 3)) {
    case 0:
      return `${city} ${kind}`;
    case 1:
      return `${last}'s ${kind}`;
    case 2:
      return `${last} & Sons ${kind}`;
    default:
      return `${rng.pick(PLACE_WORDS)} ${kind}`;
  }
}

function streetAddress(rng) {
  switch (rng.int(0, 4)) {
    case 0:
      return `${rng.int(100, 29999)} County Road ${rng.int(1, 450)}`;
    case 1:
      return `${rng.int(1000, 49999)} ${rng.pick(['Highway', 'State Route', 'US Highway'])} ${rng.int(2, 287)}${rng.pick(['', ' N', ' S', ' E', ' W'])}`;
    default:
      return `${rng.int(10, 9899)} ${rng.pick(['', 'N ', 'S ', 'E ', 'W '])}${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
  }
}

/** The status an order of `daysAgo` days has reached (older orders are mostly delivered). */
function statusFor(rng, daysAgo) {
  if (daysAgo > 45)
    return rng.weighted([
      ['delivered', 93],
      ['cancelled', 7],
    ]);
  if (daysAgo > 15)
    return rng.weighted([
      ['delivered', 58],
      ['shipped', 20],
      ['in_shipment', 8],
      ['confirmed', 6],
      ['cancelled', 8],
    ]);
  return rng.weighted([
    ['pending', 35],
    ['confirmed', 28],
    ['in_shipment', 15],
    ['shipped', 12],
    ['cancelled', 10],
  ]);
}

/** Fractions of the order total paid, one per payment (the last of a full payment takes the remainder). */
function paymentFractions(rng, status) {
  const full = () => {
    const parts = rng.weighted([
      [1, 60],
      [2, 30],
      [3, 10],
    ]);
    if (parts === 1) return [1];
    const first = rng.int(3, 6) / 10;
    return parts === 2 ? [first, 1] : [first, first + rng.int(1, 3) / 10, 1];
  };
  const partial = () => (rng.chance(0.7) ? [rng.int(5, 12) / 20] : [rng.int(4, 7) / 20, rng.int(9, 14) / 20]);
  const kind = {
    delivered: () =>
      rng.weighted([
        ['full', 80],
        ['partial', 14],
        ['none', 6],
      ]),
    shipped: () =>
      rng.weighted([
        ['full', 40],
        ['partial', 30],
        ['none', 30],
      ]),
    in_shipment: () =>
      rng.weighted([
        ['full', 40],
        ['partial', 30],
        ['none', 30],
      ]),
    confirmed: () =>
      rng.weighted([
        ['full', 10],
        ['partial', 30],
        ['none', 60],
      ]),
    pending: () =>
      rng.weighted([
        ['partial', 10],
        ['none', 90],
      ]),
    cancelled: () => 'none',
  }[status]();
  // cumulative fractions; the seed pays the difference to the previous one
  return kind === 'full' ? full() : kind === 'partial' ? partial() : [];
}

function payment(rng, cumulative) {
  const method = rng.weighted([
    ['check', 45],
    ['card', 30],
    ['cash', 8],
    ['other', 17],
  ]);
  return {
    upTo: cumulative,
    payment_method: method,
    check_number: method === 'check' ? String(rng.int(1001, 9899)) : undefined,
    notes: method === 'other' ? rng.pick(PAYMENT_OTHER_NOTES) : undefined,
  };
}

function orderLines(rng) {
  const orderable = PRODUCTS.filter((p) => p.weight > 0);
  const count = rng.weighted([
    [1, 30],
    [2, 35],
    [3, 25],
    [4, 10],
  ]);
  const titles = new Set();
  while (titles.size < count) titles.add(rng.weighted(orderable.map((p) => [p.title, p.weight])));
  const lines = [...titles].map((title) => {
    const product = PRODUCTS.find((p) => p.title === title);
    return { product: title, quantity: rng.int(product.qty[0], product.qty[1]) };
  });
  if (rng.chance(0.12)) {
    const custom = rng.pick(CUSTOM_LINES);
    const quantity = custom.perUnit ? rng.int(2, 10) : 1;
    lines.push({
      custom: { product_id: custom.id, title: custom.title, price: rng.int(custom.min / 100, custom.max / 100) },
      quantity,
    });
  }
  return lines;
}

/**
 * The plan for `scale` (1 = 300 dealers and about 3,000 orders) with the configured `zones`. Orders carry how many
 * days ago they were placed in the story (`daysAgo`); the portal stamps them now, so this only decides how far
 * each one has come (status, payments, shipment).
 */
export function makePlan({ seed = 'dealer-portal-demo', scale = 1, zones }) {
  if (!zones?.length) throw new Error('makePlan needs the configured zones');
  const dealerCount = Math.max(8, Math.round(300 * scale));
  const zips = zipsByState();
  const rng = stream(seed, 'dealers');
  const orderRng = stream(seed, 'orders');
  const states = STATE_WEIGHTS.filter(([state]) => zips.has(state));

  const dealers = [];
  for (let i = 0; i < dealerCount; i++) {
    const state = rng.weighted(states);
    const place = rng.pick(zips.get(state));
    const city = titleCase(place.city);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const business_name = businessName(rng, city, last);
    const dealer_id = seedDealerId(i);
    const archived = i > 0 && rng.chance(0.03);
    const publishes = !archived && rng.chance(0.12);
    const ownSite = !publishes && rng.chance(0.35);
    const dealer = {
      dealer_id,
      business_name,
      full_name: `${first} ${last}`,
      email: `${slug(business_name)}-${String(i + 1).padStart(4, '0')}@${SEED_DOMAIN}`,
      phone: `(${AREA_CODES[state] ?? '555'}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`,
      address: streetAddress(rng),
      city,
      state,
      zip_code: place.zip,
      website: ownSite ? `https://www.${slug(business_name)}.example` : undefined,
      zone: zoneOf(state, zones),
      business_type: rng.pick(BUSINESS_TYPES),
      joinDaysAgo: rng.int(20, 2400),
      // the first dealer always has a login: the summary names it
      login: i === 0 || (!archived && rng.chance(0.25)),
      notes: rng.chance(0.18) ? rng.sample(DEALER_NOTES, rng.int(1, 3)) : [],
      website_page: publishes ? { description: rng.pick(DEALER_DESCRIPTIONS), header: rng.int(0, 3) } : null,
      archived,
      proStaff: !archived && rng.chance(0.1),
      size: Math.exp(rng.normal(0, 0.8)),
      orders: [],
    };
    if (publishes) dealer.website_page.description = dealer.website_page.description(dealer);
    dealers.push(dealer);
  }

  // orders: about 10 per dealer, more for the big ones; a few new dealers have none yet
  const meanSize = dealers.reduce((sum, d) => sum + d.size, 0) / dealers.length;
  for (const dealer of dealers) {
    const count =
      orderRng.chance(0.05) && !dealer.archived ? 0 : Math.max(1, Math.round((10 * dealer.size) / meanSize));
    const days = Array.from({ length: count }, () =>
      dealer.archived ? orderRng.int(150, 364) : orderRng.int(0, 364),
    ).sort((a, b) => b - a);
    dealer.orders = days.map((daysAgo) => {
      const status = statusFor(orderRng, daysAgo);
      const viaShipment = ['in_shipment', 'shipped', 'delivered'].includes(status) && daysAgo <= 120;
      return {
        daysAgo,
        status,
        viaShipment,
        lines: orderLines(orderRng),
        notes: orderRng.chance(0.15) ? orderRng.pick(ORDER_NOTES) : undefined,
        payments: paymentFractions(orderRng, status).map((upTo) => payment(orderRng, upTo)),
      };
    });
  }

  // shipments: the orders that went out on a truck, by zone and by period, at most 20 a truck
  const bucketDays = Math.min(120, Math.max(14, Math.round(14 / Math.sqrt(scale))));
  const groups = new Map();
  for (const [d, dealer] of dealers.entries()) {
    for (const [o, order] of dealer.orders.entries()) {
      if (!order.viaShipment) continue;
      const key = `${String(99 - Math.floor(order.daysAgo / bucketDays)).padStart(2, '0')}|${dealer.zone}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push({ dealer: d, order: o });
    }
  }
  const shipments = [];
  for (const key of [...groups.keys()].sort()) {
    const zone = key.split('|')[1];
    const refs = groups.get(key);
    for (let start = 0; start < refs.length; start += 20) {
      const name = `${zone.replace(/\s+zone$/i, '')} run ${String(shipments.length + 1).padStart(3, '0')}`;
      shipments.push({ name, orders: refs.slice(start, start + 20) });
    }
  }

  return { seed, scale, dealers, products: PRODUCTS, pictures: PICTURES, shipments };
}

/** Figures of a plan, for the summary and the tests. */
export function planFigures(plan) {
  const orders = plan.dealers.flatMap((d) => d.orders);
  return {
    dealers: plan.dealers.length,
    archived: plan.dealers.filter((d) => d.archived).length,
    logins: plan.dealers.filter((d) => d.login).length,
    websites: plan.dealers.filter((d) => d.website_page).length,
    notes: plan.dealers.reduce((sum, d) => sum + d.notes.length, 0),
    products: plan.products.length,
    pictures: plan.pictures.length,
    orders: orders.length,
    payments: orders.reduce((sum, o) => sum + o.payments.length, 0),
    shipments: plan.shipments.length,
    byStatus: Object.fromEntries(
      ['pending', 'confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled'].map((s) => [
        s,
        orders.filter((o) => o.status === s).length,
      ]),
    ),
  };
}
