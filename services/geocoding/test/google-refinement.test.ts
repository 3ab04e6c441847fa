/**
 * With GOOGLE_MAPS_API_KEY set, a dealer announced by an event is placed offline at once and then by Google in
 * the background. Google is a stand-in HTTP server speaking the Geocoding API's JSON at GOOGLE_GEOCODE_URL,
 * reached through the real @googlemaps/google-maps-services-js client (pacing, retries and fallback included);
 * the service is real (PostgreSQL, the event bus).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DealerUpdated } from '@portal/contracts';
import { eventually, startGeocoding, type TestGeocoding } from './support/geocoding';

interface GoogleStandIn {
  url: string;
  /** every request's query: address, key, components */
  asked: URLSearchParams[];
  /** what it answers for an address that contains `street` (default: ZERO_RESULTS) */
  answers: Map<string, { status: number; body: object; delayMs?: number }>;
  close(): Promise<void>;
}

async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const asked: URLSearchParams[] = [];
  const answers: GoogleStandIn['answers'] = new Map();
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://google').searchParams;
    asked.push(query);
    const address = query.get('address') ?? '';
    const answer = [...answers].find(([street]) => address.includes(street))?.[1] ?? {
      status: 200,
      body: { status: 'ZERO_RESULTS', results: [] },
    };
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`,
    asked,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const rooftop = (lat: number, lng: number, formatted: string) => ({
  status: 200,
  body: {
    status: 'OK',
    results: [{ formatted_address: formatted, geometry: { location: { lat, lng }, location_type: 'ROOFTOP' } }],
  },
});

let google: GoogleStandIn;
let t: TestGeocoding;
beforeAll(async () => {
  google = await startGoogleStandIn();
  t = await startGeocoding('geocoding_google', {
    GOOGLE_MAPS_API_KEY: 'test-key',
    GOOGLE_GEOCODE_URL: google.url,
    GOOGLE_GEOCODE_PAUSE_MS: '0',
    // far longer than any test: a refinement that happens was woken by the event's commit, not by a poll
    GOOGLE_REFINE_IDLE_MS: '600000',
  });
});
afterAll(async () => {
  await t?.stop();
  await google?.close();
});

const mapDealer = async (dealerId: string) => {
  const res = await t.api().get('/api/admin/dealers-for-map').set(t.admin);
  return res.body.dealers.find((d: { dealer_id: string }) => d.dealer_id === dealerId);
};
const history = async (dealerId: string) =>
  (await t.api().get(`/api/admin/geocoding-history/${dealerId}`).set(t.admin)).body.history as {
    actor: string;
    source: string;
    confidence: string;
  }[];
const askedFor = (street: string) => google.asked.filter((q) => q.get('address')?.includes(street));

test('When a dealer is created, Then it is placed offline at once and then at its rooftop by Google, announced each time', async () => {
  google.answers.set('1100 Congress Ave', rooftop(30.274665, -97.74035, '1100 Congress Ave, Austin, TX 78701, USA'));
  const dealer = await t.newDealer({ address: '1100 Congress Ave', city: 'Austin', state: 'TX', zip_code: '78701' });

  await eventually(async () =>
    expect(await mapDealer(dealer.dealer_id)).toMatchObject({
      coordinates: { lat: 30.274665, lng: -97.74035 },
      geocoding_source: 'google',
      geocoding_confidence: 'rooftop',
      geocoding_status: 'ok',
    }),
  );
  const [request] = askedFor('1100 Congress Ave');
  expect(request?.get('key')).toBe('test-key');
  expect(request?.get('components')).toBe('country:US');
  expect(request?.get('address')).toBe('1100 Congress Ave, Austin, TX 78701');

  const steps = await history(dealer.dealer_id);
  expect(steps.map((s) => [s.actor, s.source])).toEqual([
    ['google refinement', 'google'],
    ['dealer.created', 'offline'],
  ]);
  const announced = t.geocoded.filter((e) => e.payload.dealer_id === dealer.dealer_id).map((e) => e.payload.lat);
  expect(announced).toHaveLength(2);
  expect(announced[1]).toBe(30.274665);
});

test('When Google keeps failing, Then it is asked three times, the offline placement stays, and it is not asked again', async () => {
  google.answers.set('9 Failing Rd', { status: 500, body: { status: 'UNKNOWN_ERROR', results: [] } });
  const dealer = await t.newDealer({ address: '9 Failing Rd', city: 'Macon', state: 'GA', zip_code: '31201' });

  await eventually(() => expect(askedFor('9 Failing Rd')).toHaveLength(3));
  // the next dealer's refinement runs after this one has been let go
  google.answers.set('5 Next St', rooftop(32.84, -83.63, '5 Next St, Macon, GA 31201, USA'));
  const next = await t.newDealer({ address: '5 Next St', city: 'Macon', state: 'GA', zip_code: '31201' });
  await eventually(async () => expect((await mapDealer(next.dealer_id))?.geocoding_source).toBe('google'));

  expect(askedFor('9 Failing Rd')).toHaveLength(3);
  expect(await mapDealer(dealer.dealer_id)).toMatchObject({ geocoding_source: 'offline', geocoding_status: 'ok' });
  expect((await history(dealer.dealer_id)).map((s) => s.actor)).toEqual(['dealer.created']);
});

test('When an admin places the dealer while Google is being asked, Then the admin placement stands', async () => {
  google.answers.set('77 Slow Ln', { ...rooftop(33.5, -86.8, '77 Slow Ln, Birmingham, AL 35203, USA'), delayMs: 800 });
  const dealer = await t.newDealer({ address: '77 Slow Ln', city: 'Birmingham', state: 'AL', zip_code: '35203' });
  await eventually(() => expect(askedFor('77 Slow Ln')).toHaveLength(1));

  const override = await t
    .api()
    .post(`/api/admin/manual-coordinate-override/${dealer.dealer_id}`)
    .set(t.admin)
    .send({ lat: 33.52, lng: -86.81, notes: 'the yard behind the shop' });
  expect(override.status).toBe(200);

  // dealers are refined one at a time: once the next one is placed by Google, the slow answer has been handled
  google.answers.set('8 After Ln', rooftop(33.51, -86.79, '8 After Ln, Birmingham, AL 35203, USA'));
  const next = await t.newDealer({ address: '8 After Ln', city: 'Birmingham', state: 'AL', zip_code: '35203' });
  await eventually(async () => expect((await mapDealer(next.dealer_id))?.geocoding_source).toBe('google'));
  expect(await mapDealer(dealer.dealer_id)).toMatchObject({
    coordinates: { lat: 33.52, lng: -86.81 },
    geocoding_source: 'manual',
  });
  expect((await history(dealer.dealer_id)).map((s) => s.actor)).toEqual(['admin@example.com', 'dealer.created']);
});

test('When only the phone changes, Then Google is not asked again; when the address changes, it is', async () => {
  google.answers.set('12 Elm St', rooftop(36.15, -95.99, '12 Elm St, Tulsa, OK 74103, USA'));
  const dealer = await t.newDealer({ address: '12 Elm St', city: 'Tulsa', state: 'OK', zip_code: '74103' });
  await eventually(async () => expect((await mapDealer(dealer.dealer_id))?.geocoding_source).toBe('google'));

  await t.deliver(DealerUpdated, dealer.dealer_id, { ...dealer, phone: '555-0199' });
  google.answers.set('40 Oak Ave', rooftop(36.16, -95.98, '40 Oak Ave, Tulsa, OK 74103, USA'));
  await t.deliver(DealerUpdated, dealer.dealer_id, { ...dealer, phone: '555-0199', address: '40 Oak Ave' });

  await eventually(async () =>
    expect(await mapDealer(dealer.dealer_id)).toMatchObject({
      coordinates: { lat: 36.16, lng: -95.98 },
      geocoding_source: 'google',
    }),
  );
  expect(askedFor('12 Elm St')).toHaveLength(1);
  expect(askedFor('40 Oak Ave')).toHaveLength(1);
});
