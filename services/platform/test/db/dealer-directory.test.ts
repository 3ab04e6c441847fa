import { type DealerChanges, type DealerEvent, dealerDirectory } from '@portal/platform';
import {
  ARCHIVED_LIFECYCLE,
  createTestDatabase,
  deliveryOrder,
  FULL_LIFECYCLE,
  type LifecycleStep,
  lifecycleEvent,
  permutations,
  RESTORED_LIFECYCLE,
  type TestDatabase,
} from '@portal/platform/testing';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The dealer read model itself, on a table of its own: every order of a dealer's events, with an event sent
 * twice, leaves the row (and what the change hook saw) as delivery in time order does.
 */

type Login = 'enabled' | 'disabled' | 'removed';
/** What a service's hook would do to the dealer's login (identity's rule), from the changes it is given. */
const logins = new Map<string, Login>();
const seen: DealerChanges<'business_name' | 'city'>[] = [];

const directory = dealerDirectory({
  table: 'kept_dealers',
  fields: ['business_name', 'city'],
  onChange: async (changes) => {
    seen.push(changes);
    for (const { dealer_id, archived } of changes.archived)
      if (logins.get(dealer_id) !== 'removed') logins.set(dealer_id, archived ? 'disabled' : 'enabled');
    for (const dealerId of changes.deleted) logins.set(dealerId, 'removed');
  },
});

let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('dealer_directory');
  dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  await dataSource.query(directory.createTableSql);
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

/** Each event in its own transaction, as a batch of one (how a lone delivery is applied). */
async function deliverOneByOne(events: readonly DealerEvent[]) {
  const consume = directory.batchConsumers['dealer.created'] as (
    e: DealerEvent[],
    ctx: { manager: EntityManager },
  ) => Promise<void>;
  for (const event of events) await dataSource.transaction((manager) => consume([event], { manager }));
}

/** All events in one transaction, through the batch consumer (as events arriving together are applied). */
async function deliverAsBatch(events: readonly DealerEvent[]) {
  const batch = directory.batchConsumers['dealer.created'] as (
    e: DealerEvent[],
    ctx: { manager: EntityManager },
  ) => Promise<void>;
  await dataSource.transaction((manager) => batch([...events], { manager }));
}

/** The kept row without its key, so two dealers' rows compare. */
async function kept(dealerId: string) {
  const [row] = await dataSource.query(
    `SELECT business_name, city, fields_changed_at, archived, archived_changed_at, deleted FROM kept_dealers
      WHERE dealer_id = $1`,
    [dealerId],
  );
  return { ...row, business_name: row.business_name?.replace(dealerId, '<id>') ?? null };
}

async function inTimeOrder(name: string, lifecycle: readonly LifecycleStep[]) {
  const dealerId = `${name}-in-order`;
  logins.set(dealerId, 'enabled');
  await deliverOneByOne(lifecycle.map((step) => lifecycleEvent(dealerId, step)));
  return { row: await kept(dealerId), login: logins.get(dealerId) };
}

describe.each([
  ['full', FULL_LIFECYCLE, 'removed'],
  ['restored', RESTORED_LIFECYCLE, 'enabled'],
  ['archived', ARCHIVED_LIFECYCLE, 'disabled'],
] as const)('the %s lifecycle', (name, lifecycle, login) => {
  test(`When its events arrive in any order, with one of them sent twice, Then the row and the login end as in time order (${login})`, async () => {
    const expected = await inTimeOrder(name, lifecycle);
    expect(expected.login).toBe(login);
    const orders = permutations(lifecycle);
    for (const [i, order] of orders.entries()) {
      for (const [how, deliver] of [
        ['one by one', deliverOneByOne],
        ['as a batch', deliverAsBatch],
      ] as const) {
        const dealerId = `${name}-${i}-${how.replace(/ /g, '-')}`;
        logins.set(dealerId, 'enabled');
        await deliver(deliveryOrder(dealerId, order, i));
        expect({ order: order.map((step) => step.type), how, row: await kept(dealerId) }).toEqual({
          order: order.map((step) => step.type),
          how,
          row: expected.row,
        });
        expect({ order: order.map((step) => step.type), how, login: logins.get(dealerId) }).toEqual({
          order: order.map((step) => step.type),
          how,
          login,
        });
      }
    }
  });
});

describe('what the hook is given', () => {
  test('When an archive older than the kept restore arrives, Then nothing changed and the hook is not called', async () => {
    const [created, , archived, restored] = FULL_LIFECYCLE.map((step) => lifecycleEvent('late-archive', step));
    await deliverOneByOne([created!, restored!]);
    seen.length = 0;
    await deliverOneByOne([archived!]);
    expect(seen).toEqual([]);
    expect((await kept('late-archive')).archived).toBe(false);
  });

  test('When a newer update is applied, Then the hook is given the new fields and the event that carried them', async () => {
    const [created, updated] = FULL_LIFECYCLE.map((step) => lifecycleEvent('fields-change', step));
    await deliverOneByOne([created!]);
    seen.length = 0;
    await deliverOneByOne([updated!]);
    expect(seen).toEqual([
      {
        fields: [
          {
            dealer: { dealer_id: 'fields-change', business_name: 'Second Name fields-change', city: 'Dallas' },
            event: 'dealer.updated',
          },
        ],
        archived: [],
        deleted: [],
      },
    ]);
  });

  test('When a dealer already deleted is deleted again, Then the hook is not called a second time', async () => {
    const deleted = lifecycleEvent('deleted-twice', FULL_LIFECYCLE[4]!);
    await deliverOneByOne([deleted]);
    seen.length = 0;
    await deliverOneByOne([{ ...deleted, id: crypto.randomUUID() }]);
    expect(seen).toEqual([]);
    expect(await kept('deleted-twice')).toMatchObject({ deleted: true, business_name: null });
  });
});

test('The migration fragment: a column per chosen field, typed text as the contract types them', () => {
  expect(directory.columns).toEqual([
    'dealer_id text PRIMARY KEY',
    'business_name text',
    'city text',
    'fields_changed_at timestamptz',
    'archived boolean NOT NULL DEFAULT false',
    'archived_changed_at timestamptz',
    'deleted boolean NOT NULL DEFAULT false',
  ]);
});
