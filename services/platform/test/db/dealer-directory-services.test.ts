import type { ServiceName } from '@portal/contracts';
import { geocodingService } from '@portal/geocoding';
import { identityService } from '@portal/identity';
import { incentiveService } from '@portal/incentive';
import { orderService } from '@portal/order';
import type { DealerEvent } from '@portal/platform';
import {
  ARCHIVED_LIFECYCLE,
  deliveryOrder,
  eventually,
  FULL_LIFECYCLE,
  type LifecycleStep,
  lifecycleEvent,
  permutations,
  RESTORED_LIFECYCLE,
  startTestServices,
  type TestServices,
} from '@portal/platform/testing';
import { shippingService } from '@portal/shipping';

/**
 * The five copies of the dealer (order, shipping, incentive, geocoding, identity), each kept by the platform's
 * dealer read model: a dealer's events delivered in every order, with one of them sent twice, leave every
 * copy — and identity's dealer login — as delivery in time order leaves them.
 */

const KEEPERS = ['order', 'shipping', 'incentive', 'geocoding', 'identity'] as const satisfies ServiceName[];

/** Each service's copy of the dealer; columns another service or the clock writes are left out. */
const COPIES: Record<(typeof KEEPERS)[number], { table: string; ignored: string[] }> = {
  order: { table: 'known_dealers', ignored: [] },
  // the coordinates come from geocoding's dealer.geocoded, announced at the time it geocodes
  shipping: { table: 'known_dealers', ignored: ['lat', 'lng', 'geocoded_at'] },
  incentive: { table: 'dealers', ignored: [] },
  geocoding: { table: 'dealers', ignored: ['locator_version', 'geocoded_at', 'refine_after'] },
  identity: { table: 'known_dealers', ignored: [] },
};

let portal: TestServices;

beforeAll(async () => {
  portal = await startTestServices(
    [identityService, orderService, shippingService, incentiveService, geocodingService],
    {
      prefix: 'dealer_directories',
      envOf: {
        identity: {
          ADMIN_EMAIL: 'owner@example.com',
          ADMIN_PASSWORD: 'correct horse battery',
          SETTINGS_ENCRYPTION_KEY: 'a3f1c2d4e5b6978812345678abcdef0011223344556677889900aabbccddeeff',
        },
      },
    },
  );
}, 60_000);

afterAll(async () => {
  await portal?.stop();
});

/** A dealer login made before any of the dealer's events, as create-dealer makes it. */
async function newLogin(dealerId: string) {
  await portal.service('identity').ctx.db.query(
    `INSERT INTO users (email, full_name, role, password_hash, dealer_id, is_active, created_by)
       VALUES ($1, $2, 'dealer', 'not-a-hash', $3, true, 'test')`,
    [`${dealerId}@login.example.com`, dealerId, dealerId],
  );
}

/**
 * Delivers each chain's events in its order, the chains side by side: the n-th events of all chains are
 * published together (so they also reach the batch consumers together) and applied by all five services before
 * the next ones go.
 */
async function deliverChains(chains: readonly DealerEvent[][]) {
  const rounds = Math.max(...chains.map((chain) => chain.length));
  for (let round = 0; round < rounds; round++) {
    const events = chains.flatMap((chain) => chain.slice(round, round + 1));
    for (const event of events) await portal.transport.publish(event, {});
    const ids = events.map((event) => event.id);
    await eventually(async () => {
      for (const name of KEEPERS) {
        const [{ n }] = await portal
          .service(name)
          .ctx.db.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::uuid[])', [ids]);
        if (n !== ids.length) throw new Error(`${name} applied ${n} of ${ids.length} events of round ${round}`);
      }
    }, 60_000);
  }
}

/** What the five services keep of `dealerId` (its id written as <id>, so two dealers compare), and its login. */
async function stateOf(dealerId: string) {
  const state: Record<string, unknown> = {};
  for (const name of KEEPERS) {
    const { table, ignored } = COPIES[name];
    const [row] = await portal
      .service(name)
      .ctx.db.query(`SELECT to_jsonb(t) - $2::text[] - 'dealer_id' AS row FROM ${table} t WHERE dealer_id = $1`, [
        dealerId,
        ignored,
      ]);
    state[name] = JSON.parse(JSON.stringify(row?.row ?? null).replaceAll(dealerId, '<id>'));
  }
  const [figures] = await portal
    .service('incentive')
    .ctx.db.query('SELECT business_name, active FROM dealer_figures WHERE dealer_id = $1', [dealerId]);
  state.incentiveFigures = figures
    ? { ...figures, business_name: figures.business_name?.replace(dealerId, '<id>') }
    : null;
  const [login] = await portal
    .service('identity')
    .ctx.db.query(`SELECT is_active FROM users WHERE dealer_id = $1 AND role = 'dealer'`, [dealerId]);
  state.login = login ? (login.is_active ? 'enabled' : 'disabled') : 'removed';
  return state;
}

describe.each([
  ['full', FULL_LIFECYCLE, 'removed'],
  ['restored', RESTORED_LIFECYCLE, 'enabled'],
  ['archived', ARCHIVED_LIFECYCLE, 'disabled'],
] as const)('the %s lifecycle', (name, lifecycle, login) => {
  test(`When its events reach the five services in every order, with one sent twice, Then every copy ends as in time order (login ${login})`, async () => {
    const reference = `${name}-in-order`;
    const orders: LifecycleStep[][] = permutations(lifecycle);
    const dealers = orders.map((_, i) => `${name}-${i}`);
    for (const dealerId of [reference, ...dealers]) await newLogin(dealerId);

    await deliverChains([
      lifecycle.map((step) => lifecycleEvent(reference, step)),
      ...orders.map((order, i) => deliveryOrder(dealers[i]!, order, i)),
    ]);

    const expected = await stateOf(reference);
    expect(expected.login).toBe(login);
    expect(expected.order).toMatchObject({ deleted: name === 'full', archived: name === 'archived' });
    for (const [i, order] of orders.entries()) {
      const types = order.map((step) => step.type);
      expect({ types, state: await stateOf(dealers[i]!) }).toEqual({ types, state: expected });
    }
  }, 120_000);
});
