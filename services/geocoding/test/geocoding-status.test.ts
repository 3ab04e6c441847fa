/**
 * GET /api/admin/geocoding-status (beyond the spec): the Map badge of the dealers a page of Manage Dealers shows
 * (001 §2: Error, Ready, Needs Geocoding) — their coordinates, status and error, for admins only.
 */
import { endpoints } from '@portal/contracts';
import { startGeocoding, type TestGeocoding } from './support/geocoding';

const PATH = '/api/admin/geocoding-status';
const LIST_MESSAGE = 'Error: dealer_ids must list 1 to 100 dealer ids, separated by commas';

let t: TestGeocoding;
beforeAll(async () => {
  t = await startGeocoding('geocoding_status');
});
afterAll(() => t?.stop());

describe('the map status of the dealers of a page', () => {
  test('When an admin asks for placed, failed, unaddressed and unknown dealers, Then each known one has its status and error', async () => {
    const placed = await t.newDealer();
    const failed = await t.newDealer({ city: 'Nowhereville', state: 'TX', zip_code: '00000' });
    const none = await t.newDealer({ address: null, city: null, state: null, zip_code: null });
    const res = await t
      .api()
      .get(PATH)
      .query({ dealer_ids: [placed.dealer_id, failed.dealer_id, none.dealer_id, 'DUNKNOWN1'].join(',') })
      .set(t.admin);
    expect(res.status).toBe(200);
    expect(endpoints['admin.geocodingStatus'].response.safeParse(res.body).success).toBe(true);
    const byId = new Map(res.body.statuses.map((s: { dealer_id: string }) => [s.dealer_id, s]));
    expect(byId.size).toBe(3);
    expect(byId.get(placed.dealer_id)).toMatchObject({ geocoding_status: 'ok', geocoding_error: null });
    expect((byId.get(placed.dealer_id) as { coordinates: { lat: number } }).coordinates.lat).toBeCloseTo(30.27, 1);
    expect(byId.get(failed.dealer_id)).toMatchObject({ geocoding_status: 'error', coordinates: null });
    expect((byId.get(failed.dealer_id) as { geocoding_error: string }).geocoding_error).toMatch(/\w/);
    expect(byId.get(none.dealer_id)).toMatchObject({ geocoding_status: null, coordinates: null });
    // only what the badge needs
    for (const status of res.body.statuses)
      expect(Object.keys(status).sort()).toEqual(['coordinates', 'dealer_id', 'geocoding_error', 'geocoding_status']);
  });

  test('When the same id is listed twice or with spaces, Then it is answered once', async () => {
    const dealer = await t.newDealer();
    const res = await t
      .api()
      .get(PATH)
      .query({ dealer_ids: ` ${dealer.dealer_id}, ${dealer.dealer_id} ,` })
      .set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body.statuses.map((s: { dealer_id: string }) => s.dealer_id)).toEqual([dealer.dealer_id]);
  });

  test('When a dealer or delivery user asks, or nobody signed in, Then 403 / 401', async () => {
    const ask = () => t.api().get(PATH).query({ dealer_ids: 'D1' });
    expect((await ask()).status).toBe(401);
    expect((await ask().set(t.dealer)).status).toBe(403);
    expect((await ask().set(t.delivery)).status).toBe(403);
  });

  test.each([
    ['no dealer_ids', {}, LIST_MESSAGE],
    ['an empty list', { dealer_ids: '' }, LIST_MESSAGE],
    ['only commas', { dealer_ids: ' , ,' }, LIST_MESSAGE],
    ['101 dealers', { dealer_ids: Array.from({ length: 101 }, (_, i) => `D${i}`).join(',') }, LIST_MESSAGE],
    ['dealer_ids given twice', { dealer_ids: ['D1', 'D2'] }, LIST_MESSAGE],
    ['an id of 101 characters', { dealer_ids: 'D'.repeat(101) }, 'Error: a dealer id is at most 100 characters'],
  ])('When %s is sent, Then 400 with a clear detail', async (_case, query, detail) => {
    const res = await t.api().get(PATH).query(query).set(t.admin);
    expect([res.status, res.body.detail]).toEqual([400, detail]);
  });
});
