import { createMapStatusStore, type DealerMapStatus, STATUS_BATCH } from '../../src/features/dealers/mapStatus';
import { mapDealerOf } from '../../src/features/locator/locatorOutcome';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

function statusOf(dealer_id: string, fields: Partial<DealerMapStatus> = {}): DealerMapStatus {
  return {
    dealer_id,
    coordinates: { lat: 30.27, lng: -97.74 },
    geocoding_status: 'ok',
    geocoding_error: null,
    ...fields,
  };
}

function fakeServer(answer: (id: string) => DealerMapStatus | undefined = (id) => statusOf(id)) {
  const calls: string[][] = [];
  let failing = false;
  const fetchStatuses = async (ids: string[]) => {
    calls.push(ids);
    if (failing) throw new Error('offline');
    return ids.flatMap((id) => answer(id) ?? []);
  };
  return {
    calls,
    fetchStatuses,
    fail: () => {
      failing = true;
    },
  };
}

describe('The Map column of Manage Dealers', () => {
  test('When rows are drawn together, Then their dealers are asked for in one call, and each shows its badge', async () => {
    const server = fakeServer((id) =>
      id === 'BAD'
        ? statusOf(id, { geocoding_status: 'error', coordinates: null, geocoding_error: 'ZIP not found' })
        : id === 'NONE'
          ? statusOf(id, { geocoding_status: null, coordinates: null })
          : id === 'NEW'
            ? undefined
            : statusOf(id),
    );
    const store = createMapStatusStore(server.fetchStatuses, 1);
    for (const id of ['OK', 'BAD', 'NONE', 'NEW']) store.show(id);
    expect(store.get('OK')).toEqual({ kind: 'loading' });
    await tick();
    expect(server.calls).toEqual([['OK', 'BAD', 'NONE', 'NEW']]);
    expect(store.get('OK')).toEqual({ kind: 'known', badge: 'Ready', error: null });
    expect(store.get('BAD')).toEqual({ kind: 'known', badge: 'Error', error: 'ZIP not found' });
    expect(store.get('NONE')).toEqual({ kind: 'known', badge: 'Needs Geocoding', error: null });
    // not known to the geocoding service yet (created moments ago): not placed either
    expect(store.get('NEW')).toEqual({ kind: 'known', badge: 'Needs Geocoding', error: null });
  });

  test('When a row is drawn again, or scrolled past before the call, Then it is not asked for', async () => {
    const server = fakeServer();
    const store = createMapStatusStore(server.fetchStatuses, 1);
    store.show('A');
    const gone = store.show('B');
    gone();
    await tick();
    store.show('A');
    await tick();
    expect(server.calls).toEqual([['A']]);
  });

  test('When more rows than one call takes are drawn, Then they are asked in calls of at most the maximum', async () => {
    const server = fakeServer();
    const store = createMapStatusStore(server.fetchStatuses, 1);
    for (let i = 0; i < STATUS_BATCH + 5; i++) store.show(`D${i}`);
    await tick();
    expect(server.calls.map((ids) => ids.length)).toEqual([STATUS_BATCH, 5]);
  });

  test('When the list changes, Then only the drawn rows are asked again, keeping their badge meanwhile', async () => {
    let placed = false;
    const server = fakeServer((id) => statusOf(id, placed ? {} : { geocoding_status: null, coordinates: null }));
    const store = createMapStatusStore(server.fetchStatuses, 1);
    const hideA = store.show('A');
    store.show('B');
    await tick();
    hideA();
    placed = true;
    store.refresh();
    expect(store.get('B')).toMatchObject({ badge: 'Needs Geocoding' });
    await tick();
    expect(server.calls).toEqual([['A', 'B'], ['B']]);
    expect(store.get('B')).toMatchObject({ badge: 'Ready' });
    expect(store.get('A')).toEqual({ kind: 'loading' });
  });

  test('When the call fails, Then the badge says the status is unknown', async () => {
    const server = fakeServer();
    server.fail();
    const store = createMapStatusStore(server.fetchStatuses, 1);
    store.show('A');
    await tick();
    expect(store.get('A')).toEqual({ kind: 'failed' });
  });
});

describe('The public list of every placed dealer, on the locator map', () => {
  test('When a listed dealer is drawn, Then it is a map dealer whose private fields are empty', () => {
    const dealer = mapDealerOf({
      dealer_id: 'D1',
      business_name: 'Capitol Outdoors',
      category: 'dealer',
      address: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      phone: '512-555-0100',
      email: 'capitol@example.com',
      website: 'capitol.example.com',
      coordinates: { lat: 30.27, lng: -97.74 },
    });
    expect(dealer).toMatchObject({
      dealer_id: 'D1',
      street_address: '1100 Congress Ave',
      full_name: null,
      geocoding_status: null,
      coordinates: { lat: 30.27, lng: -97.74 },
    });
  });
});
