/**
 * GET /api/public/dealer-locations (beyond the spec): every dealer the locator can find, for its map before a
 * search and on Show All — only what a visitor may see, built once per locator version, revalidated by ETag,
 * gzipped, rate-limited per client, and right on every replica.
 */
import { DealerArchived, DealerDeleted, DealerRestored, ErrorBody, endpoints } from '@portal/contracts';
import { createInProcessTransport, createLogger, startService } from '@portal/platform';
import { testRevocations } from '@portal/platform/testing';
import { geocodingService } from '../src/app';
import { startGeocoding, type TestGeocoding } from './support/geocoding';

const PATH = '/api/public/dealer-locations';
const PUBLIC_FIELDS = [
  'address',
  'business_name',
  'category',
  'city',
  'coordinates',
  'dealer_id',
  'email',
  'phone',
  'state',
  'website',
  'zip_code',
];

interface Listed {
  dealer_id: string;
  coordinates: { lat: number; lng: number };
  [field: string]: unknown;
}

let t: TestGeocoding;
const logger = createLogger('test', 'silent');
beforeAll(async () => {
  t = await startGeocoding('geocoding_locations');
});
afterAll(() => t?.stop());

const listed = async (): Promise<Listed[]> => {
  const res = await t.api().get(PATH);
  expect(res.status).toBe(200);
  return res.body.dealers;
};
const ids = async () => (await listed()).map((dealer) => dealer.dealer_id);

describe('every placed dealer for the locator map', () => {
  test('When an active dealer is placed, Then it is listed with its business, address, contacts and coordinates only', async () => {
    const dealer = await t.newDealer({
      business_name: 'Capitol Outdoors',
      full_name: 'Owner Private-Name',
      email: 'capitol@example.com',
      phone: '512-555-0100',
      website: 'capitol.example.com',
      address: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
    });
    const res = await t.api().get(PATH);
    expect(res.status).toBe(200);
    expect(endpoints['public.dealerLocations'].response.safeParse(res.body).success).toBe(true);
    const shown = (res.body.dealers as Listed[]).find((d) => d.dealer_id === dealer.dealer_id);
    expect(shown).toMatchObject({
      business_name: 'Capitol Outdoors',
      category: 'dealer',
      address: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      phone: '512-555-0100',
      email: 'capitol@example.com',
      website: 'capitol.example.com',
    });
    expect(shown?.coordinates.lat).toBeCloseTo(30.27, 1);
    expect(shown?.coordinates.lng).toBeCloseTo(-97.74, 1);
    // no private field: not the owner's name, nor how or how well the dealer was geocoded
    for (const each of res.body.dealers as Listed[]) expect(Object.keys(each).sort()).toEqual(PUBLIC_FIELDS);
    expect(res.text).not.toContain('Owner Private-Name');
    expect(res.text).not.toMatch(/geocod|full_name|google_|confidence/);
  });

  test('When a dealer is archived, Then it leaves the list; restored, it is back; deleted, gone', async () => {
    const dealer = await t.newDealer({ city: 'Helena', state: 'MT', zip_code: '59601', address: '1301 E 6th Ave' });
    expect(await ids()).toContain(dealer.dealer_id);
    await t.deliver(DealerArchived, dealer.dealer_id, {
      dealer_id: dealer.dealer_id,
      archived_at: new Date().toISOString(),
    });
    expect(await ids()).not.toContain(dealer.dealer_id);
    await t.deliver(DealerRestored, dealer.dealer_id, { dealer_id: dealer.dealer_id });
    expect(await ids()).toContain(dealer.dealer_id);
    await t.deliver(DealerDeleted, dealer.dealer_id, { dealer_id: dealer.dealer_id });
    expect(await ids()).not.toContain(dealer.dealer_id);
  });

  test('When a dealer has no coordinates (no address, or an address that cannot be placed), Then it is not listed', async () => {
    const none = await t.newDealer({ address: null, city: null, state: null, zip_code: null });
    const unplaced = await t.newDealer({ city: 'Nowhereville', state: 'TX', zip_code: '00000' });
    const shown = await ids();
    expect(shown).not.toContain(none.dealer_id);
    expect(shown).not.toContain(unplaced.dealer_id);
  });

  test('When the client holds the current list, Then 304 without a body; after a change, the new list and ETag', async () => {
    await t.newDealer({ city: 'Denver', state: 'CO', zip_code: '80202', address: '1437 Bannock St' });
    const first = await t.api().get(PATH);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"dealer-locations-\d+"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await t.api().get(PATH).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');

    const added = await t.newDealer({ city: 'Boulder', state: 'CO', zip_code: '80302', address: '1777 Broadway' });
    const changed = await t.api().get(PATH).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.dealers.map((d: Listed) => d.dealer_id)).toContain(added.dealer_id);
  });

  test('When the client accepts gzip, Then the list is sent compressed', async () => {
    for (const [city, zip_code] of [
      ['Portland', '04101'],
      ['Bangor', '04401'],
      ['Augusta', '04330'],
    ])
      await t.newDealer({ city, state: 'ME', zip_code, address: '1 Main St' });
    const res = await t.api().get(PATH).set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.body.dealers.length).toBeGreaterThan(3);
  });

  test('When another replica serves the list, Then it names the same version, drops a dealer archived through this one, and rate-limits', async () => {
    const replica = await startService(
      geocodingService,
      { ...t.geo.env, LOCATOR_LISTS_PER_MINUTE: '4' },
      // another process: its own bus (the events go to the one replica that consumes them), the same database
      { transport: createInProcessTransport({ logger }), revocations: await testRevocations(), logger },
    );
    try {
      // fetch adds `Cache-Control: no-cache` to a request with If-None-Match unless it has one (as browsers do)
      const revalidate = (etag: string) => ({ 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });
      const load = (etag?: string) =>
        // a client of its own: the limits count in one table, where this file's earlier loads already are
        fetch(`${replica.url}${PATH}`, {
          headers: { 'X-Forwarded-For': '203.0.113.200', ...(etag ? revalidate(etag) : {}) },
        }).then(async (r) => ({
          status: r.status,
          etag: r.headers.get('etag'),
          body: r.status === 200 || r.status === 429 ? await r.json() : null,
        }));
      const here = await t.api().get(PATH);
      expect((await load(here.headers.etag)).status).toBe(304);

      const dealer = await t.newDealer({ city: 'Bozeman', state: 'MT', zip_code: '59715', address: '121 N Rouse Ave' });
      await t.deliver(DealerArchived, dealer.dealer_id, {
        dealer_id: dealer.dealer_id,
        archived_at: new Date().toISOString(),
      });
      const there = await load(here.headers.etag);
      expect(there.status).toBe(200);
      expect(there.etag).not.toBe(here.headers.etag);
      const listedThere = endpoints['public.dealerLocations'].response.parse(there.body).dealers;
      expect(listedThere.map((d) => d.dealer_id)).not.toContain(dealer.dealer_id);

      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await load()).status);
      expect(statuses).toContain(429);
      const limited = await load();
      expect(limited.status).toBe(429);
      expect(ErrorBody.parse(limited.body).detail).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    } finally {
      await replica.stop();
    }
  });
});
