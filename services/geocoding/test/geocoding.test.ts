import { DealerArchived, DealerDeleted, DealerRestored, DealerUpdated, ErrorBody, endpoints } from '@portal/contracts';
import { createInProcessTransport, createLogger, startService } from '@portal/platform';
import { eventsSettled, testRevocations } from '@portal/platform/testing';
import sharp from 'sharp';
import { GIF_SCRIPT, jpegWithGps, pngClaiming, transparentPng } from '../../platform/test/storage/hostile-images';
import { geocodingService } from '../src/app';
import { eventually, startGeocoding, type TestGeocoding } from './support/geocoding';

let t: TestGeocoding;
const logger = createLogger('test', 'silent');
beforeAll(async () => {
  t = await startGeocoding('geocoding_api');
});
afterAll(() => t?.stop());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const mapDealer = async (dealerId: string) => {
  const res = await t.api().get('/api/admin/dealers-for-map').set(t.admin);
  expect(res.status).toBe(200);
  return res.body.dealers.find((d: { dealer_id: string }) => d.dealer_id === dealerId);
};
const history = async (dealerId: string) =>
  (await t.api().get(`/api/admin/geocoding-history/${dealerId}`).set(t.admin)).body.history;

describe('dealers reach the map through the dealer events', () => {
  test('When a dealer is created at a real address, Then it gets coordinates and dealer.geocoded is published', async () => {
    const dealer = await t.newDealer({ address: '1100 Congress Ave', city: 'Austin', state: 'TX', zip_code: '78701' });
    const shown = await mapDealer(dealer.dealer_id);
    expect(shown).toMatchObject({
      dealer_id: dealer.dealer_id,
      business_name: dealer.business_name,
      category: 'dealer',
      street_address: '1100 Congress Ave',
      address: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      phone: '555-0100',
      geocoding_status: 'ok',
      geocoding_error: null,
      geocoding_source: 'offline',
      geocoding_confidence: 'zip_centroid',
      google_latitude: null,
    });
    expect(shown.coordinates.lat).toBeCloseTo(30.27, 1);
    expect(shown.coordinates.lng).toBeCloseTo(-97.74, 1);
    await eventually(() =>
      expect(t.geocoded.find((e) => e.payload.dealer_id === dealer.dealer_id)?.payload).toMatchObject({
        status: 'ok',
        lat: shown.coordinates.lat,
      }),
    );
    const [entry] = await history(dealer.dealer_id);
    expect(entry).toMatchObject({
      action: 'geocode',
      actor: 'dealer.created',
      status: 'ok',
      previous_coordinates: null,
    });
    expect(entry.confidence).toBe('zip_centroid');
  });

  test('When only the phone changes, Then the dealer is not geocoded again; when the address changes, it is', async () => {
    const dealer = await t.newDealer();
    // the creation's dealer.geocoded is published after its commit: counted once it is in
    await eventually(() => expect(t.geocoded.some((e) => e.payload.dealer_id === dealer.dealer_id)).toBe(true));
    const before = t.geocoded.filter((e) => e.payload.dealer_id === dealer.dealer_id).length;
    await t.deliver(DealerUpdated, dealer.dealer_id, { ...dealer, phone: '555-0199', business_name: 'Renamed Blinds' });
    const shown = await mapDealer(dealer.dealer_id);
    expect(shown).toMatchObject({ phone: '555-0199', business_name: 'Renamed Blinds' });
    expect(await history(dealer.dealer_id)).toHaveLength(1);
    // whatever the update emitted has reached the collector: a dealer.geocoded would be counted now
    await eventsSettled(t.transport, [t.geo.service], { collectors: ['dealer'] });
    expect(t.geocoded.filter((e) => e.payload.dealer_id === dealer.dealer_id)).toHaveLength(before);

    await t.deliver(DealerUpdated, dealer.dealer_id, {
      ...dealer,
      address: '1 Main St',
      city: 'Dallas',
      zip_code: '75201',
    });
    const moved = await mapDealer(dealer.dealer_id);
    expect(moved.coordinates.lat).toBeCloseTo(32.79, 1);
    const entries = await history(dealer.dealer_id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actor: 'dealer.updated', previous_coordinates: shown.coordinates });
  });

  test('When a dealer is archived, Then it leaves the map and the locator; restored, it is back; deleted, gone', async () => {
    const dealer = await t.newDealer({ city: 'Helena', state: 'MT', zip_code: '59601', address: '1301 E 6th Ave' });
    const search = async () =>
      (await t.api().get('/api/public/search-dealers').query({ query: '59601' })).body.dealers.map(
        (d: { dealer_id: string }) => d.dealer_id,
      );
    expect(await search()).toContain(dealer.dealer_id);
    await t.deliver(DealerArchived, dealer.dealer_id, {
      dealer_id: dealer.dealer_id,
      archived_at: new Date().toISOString(),
    });
    expect(await mapDealer(dealer.dealer_id)).toBeUndefined();
    expect(await search()).not.toContain(dealer.dealer_id);
    await t.deliver(DealerRestored, dealer.dealer_id, { dealer_id: dealer.dealer_id });
    expect(await search()).toContain(dealer.dealer_id);
    await t.deliver(DealerDeleted, dealer.dealer_id, { dealer_id: dealer.dealer_id });
    expect(await search()).not.toContain(dealer.dealer_id);
    expect(await mapDealer(dealer.dealer_id)).toBeUndefined();
  });

  test('When a dealer has an unknown ZIP and city, Then it is marked error; with no address, it is skipped', async () => {
    const bad = await t.newDealer({ city: 'Nowhereville', state: 'TX', zip_code: '00000' });
    const none = await t.newDealer({ address: null, city: null, state: null, zip_code: null });
    const diagnosis = (await t.api().get('/api/admin/geocoding-diagnosis').set(t.admin)).body.diagnosis;
    const error = diagnosis.error_dealers.find((d: { dealer_id: string }) => d.dealer_id === bad.dealer_id);
    expect(error.issues[0]).toMatch(/^Geocoding failed: /);
    expect(error.severity).toBe('high');
    const missing = diagnosis.missing_coordinates.find((d: { dealer_id: string }) => d.dealer_id === none.dealer_id);
    expect(missing.issues).toEqual(['No address to geocode', 'No coordinates']);
    expect(await history(none.dealer_id)).toEqual([]);
  });
});

describe('roles', () => {
  test.each([
    ['get', '/api/admin/dealers-for-map'],
    ['get', '/api/admin/map-settings'],
    ['post', '/api/admin/map-settings'],
    ['post', '/api/admin/update-dealer-category'],
    ['post', '/api/admin/geocode-address'],
    ['post', '/api/admin/update-dealer-coordinates'],
    ['post', '/api/admin/upload-marker-image'],
    ['get', '/api/admin/geocoding-summary'],
    ['get', '/api/admin/geocoding-diagnosis'],
    ['post', '/api/admin/repair-dealer-geocoding/D1'],
    ['post', '/api/admin/bulk-repair-geocoding'],
    ['get', '/api/admin/geocoding-history/D1'],
    ['post', '/api/admin/manual-coordinate-override/D1'],
    ['post', '/api/admin/test-address-geocoding'],
  ] as const)('When %s %s is called without a token or by a non-admin, Then 401 / 403', async (method, path) => {
    expect((await t.api()[method](path)).status).toBe(401);
    expect((await t.api()[method](path).set(t.delivery)).status).toBe(403);
    expect((await t.api()[method](path).set(t.dealer)).status).toBe(403);
  });
});

describe('map settings and categories', () => {
  test('When nothing was saved, Then the defaults of the spec are answered', async () => {
    const res = await t.api().get('/api/admin/map-settings').set(t.admin);
    expect(res.body.categories.map((c: { id: string }) => c.id)).toEqual(['dealer', 'manufacturer']);
    expect(res.body.categories[0]).toMatchObject({ color: 'blue', iconSize: 10 });
    expect(res.body.settings).toMatchObject({
      popupTextColor: '#333333',
      popupBgColor: '#ffffff',
      popupBorderRadius: 8,
      popupOpacity: 100,
      popupBlur: 10,
    });
  });

  test('When a category is added, used and deleted, Then its dealers become dealer again', async () => {
    const dealer = await t.newDealer();
    const categories = [
      { id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 10 },
      { id: 'manufacturer', name: 'Manufacturer', color: 'red', icon: null, iconSize: 10 },
      { id: 'pro_shop', name: 'Pro Shop', color: 'green', icon: null, iconSize: 25 },
    ];
    const saved = await t
      .api()
      .post('/api/admin/map-settings')
      .set(t.admin)
      .send({ categories, settings: { popupBlur: 4 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Map settings saved successfully!',
      settings: { popupBlur: 4, popupOpacity: 100 },
    });
    // the public locator is drawn with them: no token needed
    const shown = await t.api().get('/api/public/map-settings');
    expect(shown.status).toBe(200);
    expect(shown.body.categories.map((c: { id: string; name: string }) => c.name)).toEqual([
      'Dealer',
      'Manufacturer',
      'Pro Shop',
    ]);
    expect(shown.body.settings).toEqual(saved.body.settings);

    const set = await t
      .api()
      .post('/api/admin/update-dealer-category')
      .set(t.admin)
      .send({ dealer_id: dealer.dealer_id, category: 'pro_shop' });
    expect(set.status).toBe(200);
    expect((await mapDealer(dealer.dealer_id)).category).toBe('pro_shop');

    const unknown = await t
      .api()
      .post('/api/admin/update-dealer-category')
      .set(t.admin)
      .send({ dealer_id: dealer.dealer_id, category: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Error: Unknown map category nope');
    const noDealer = await t
      .api()
      .post('/api/admin/update-dealer-category')
      .set(t.admin)
      .send({ dealer_id: 'NOPE', category: 'dealer' });
    expect(noDealer.status).toBe(404);

    await t
      .api()
      .post('/api/admin/map-settings')
      .set(t.admin)
      .send({ categories: categories.slice(0, 2) })
      .expect(200);
    expect((await mapDealer(dealer.dealer_id)).category).toBe('dealer');
  });

  test.each([
    [
      { categories: [{ id: 'manufacturer', name: 'Manufacturer', color: 'red', icon: null, iconSize: 10 }] },
      'Cannot delete the default Dealer category',
    ],
    [{ categories: [] }, 'Cannot delete the default Dealer category'],
    [
      { categories: [{ id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 60 }] },
      'Error: Icon size must be between 5 and 50 percent',
    ],
    [
      { categories: [{ id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 4 }] },
      'Error: Icon size must be between 5 and 50 percent',
    ],
    [
      { categories: [{ id: 'dealer', name: '', color: 'blue', icon: null, iconSize: 10 }] },
      'Error: Category name is required',
    ],
    [
      {
        categories: [
          { id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 10 },
          { id: 'big_box', name: 'Outfitter', color: 'x', icon: null, iconSize: 10 },
        ],
      },
      'Error: The id of category Outfitter must be outfitter',
    ],
    [
      { categories: [{ id: 'dealer', name: 'Dealer', color: 'blue', icon: 'javascript:alert(1)', iconSize: 10 }] },
      'Error: A category icon must be an uploaded marker image',
    ],
    [
      {
        categories: [{ id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 10 }],
        settings: { popupBorderRadius: 21 },
      },
      'Error: Corner radius must be 0 to 20',
    ],
    [
      {
        categories: [{ id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 10 }],
        settings: { popupOpacity: 101 },
      },
      'Error: Transparency must be 0 to 100',
    ],
    [
      {
        categories: [{ id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 10 }],
        settings: { popupBlur: -1 },
      },
      'Error: Blur must be 0 to 20',
    ],
  ])('When map settings %j are saved, Then 400 "%s"', async (body, detail) => {
    const res = await t.api().post('/api/admin/map-settings').set(t.admin).send(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  test('When a marker image is uploaded, Then it is checked by content, stored and served', async () => {
    const res = await t.api().post('/api/admin/upload-marker-image').set(t.admin).attach('markerImage', PNG, 'pin.png');
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/api\/marker-images\/marker-[0-9a-f]+\.png$/);
    const served = await t.api().get(res.body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const withIcon = [{ id: 'dealer', name: 'Dealer', color: 'blue', icon: res.body.imageUrl, iconSize: 10 }];
    await t.api().post('/api/admin/map-settings').set(t.admin).send({ categories: withIcon }).expect(200);

    const fake = await t
      .api()
      .post('/api/admin/upload-marker-image')
      .set(t.admin)
      .attach('markerImage', Buffer.from('<svg onload=alert(1)>'), 'pin.png');
    expect(fake.status).toBe(415);
    expect(fake.body.detail).toBe('Error: Please select an image file');
    const none = await t.api().post('/api/admin/upload-marker-image').set(t.admin).field('x', '1');
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('Error: Please select an image first');
    expect((await t.api().get('/api/marker-images/missing.png')).status).toBe(404);
  });

  test.each([
    ['a PNG claiming 50000×50000 pixels', () => pngClaiming(50_000, 50_000)],
    ['a 20000×20000 decompression bomb', () => pngClaiming(20_000, 20_000)],
    ['GIF89a followed by a script', () => GIF_SCRIPT],
  ])('When the marker upload is %s, Then it is refused with 415', async (_what, bytes) => {
    const res = await t
      .api()
      .post('/api/admin/upload-marker-image')
      .set(t.admin)
      .attach('markerImage', bytes(), 'pin.gif');

    expect(res.status).toBe(415);
    expect(res.body.detail).toBe('Error: Please select an image file');
  });

  test('When a marker is a JPEG with GPS EXIF or a transparent PNG, Then what is served is re-encoded without metadata', async () => {
    const upload = async (bytes: Buffer, name: string) => {
      const res = await t.api().post('/api/admin/upload-marker-image').set(t.admin).attach('markerImage', bytes, name);
      expect(res.status).toBe(200);
      return t.api().get(res.body.imageUrl);
    };

    const photo = await upload(await jpegWithGps(), 'pin.jpg');
    const pin = await upload(await transparentPng(), 'pin.png');

    expect(photo.headers['content-type']).toBe('image/jpeg');
    const photoMeta = await sharp(photo.body).metadata();
    expect(photoMeta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(photoMeta.exif).toBeUndefined();
    expect(photo.body.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(pin.headers['content-type']).toBe('image/png');
    expect(await sharp(pin.body).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
  });
});

describe('coordinates set by an admin', () => {
  test('When the override is out of the console ranges or not a number, Then 400 with the message', async () => {
    const dealer = await t.newDealer();
    const url = `/api/admin/manual-coordinate-override/${dealer.dealer_id}`;
    const cases: [object, string][] = [
      [{ lat: 51, lng: -97 }, 'Please enter a latitude between 24.5 and 49.5'],
      [{ lat: 30, lng: -130 }, 'Please enter a longitude between -125.0 and -66.5'],
      [{ lat: '', lng: -97 }, 'Please select a dealer and enter valid coordinates'],
      [{ lat: 'abc', lng: -97 }, 'Please select a dealer and enter valid coordinates'],
      [{ lng: -97 }, 'Please select a dealer and enter valid coordinates'],
    ];
    for (const [body, detail] of cases) {
      const res = await t.api().post(url).set(t.admin).send(body);
      expect([res.status, res.body.detail]).toEqual([400, detail]);
    }
    const missing = await t
      .api()
      .post('/api/admin/manual-coordinate-override/NOPE')
      .set(t.admin)
      .send({ lat: 30, lng: -97 });
    expect(missing.status).toBe(404);
  });

  test('When an admin overrides coordinates, Then they are kept as manual, with who, from, to and notes', async () => {
    // written as a PostgreSQL array element: quotes, backslashes, braces, commas and the word NULL stay text
    const NOTES = 'Capitol parking lot, "north" gate {B} \\ NULL';
    const dealer = await t.newDealer();
    const before = (await mapDealer(dealer.dealer_id)).coordinates;
    const res = await t
      .api()
      .post(`/api/admin/manual-coordinate-override/${dealer.dealer_id}`)
      .set(t.admin)
      .send({ lat: '30.2747', lng: '-97.7404', notes: NOTES });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Coordinates updated successfully!',
      coordinates: { lat: 30.2747, lng: -97.7404 },
    });
    expect(await mapDealer(dealer.dealer_id)).toMatchObject({
      geocoding_status: 'manual',
      geocoding_source: 'manual',
      coordinates: { lat: 30.2747, lng: -97.7404 },
    });
    const [entry] = await history(dealer.dealer_id);
    expect(entry).toMatchObject({
      action: 'manual_override',
      actor: 'admin@example.com',
      status: 'manual',
      previous_coordinates: before,
      coordinates: { lat: 30.2747, lng: -97.7404 },
      source: 'manual',
      notes: NOTES,
    });
    await eventually(() =>
      expect(t.geocoded.some((e) => e.payload.dealer_id === dealer.dealer_id && e.payload.status === 'manual')).toBe(
        true,
      ),
    );
  });

  test('When Google coordinates come from the browser, Then they are kept as google with the formatted address', async () => {
    const dealer = await t.newDealer();
    const res = await t.api().post('/api/admin/update-dealer-coordinates').set(t.admin).send({
      dealer_id: dealer.dealer_id,
      google_latitude: 30.2747,
      google_longitude: -97.7404,
      google_formatted_address: '1100 Congress Ave, Austin, TX 78701, USA',
    });
    expect(res.status).toBe(200);
    expect(await mapDealer(dealer.dealer_id)).toMatchObject({
      google_latitude: 30.2747,
      google_longitude: -97.7404,
      geocoding_source: 'google',
    });
    expect((await history(dealer.dealer_id))[0]).toMatchObject({
      action: 'coordinates_update',
      matched_address: '1100 Congress Ave, Austin, TX 78701, USA',
    });
    const bad = await t
      .api()
      .post('/api/admin/update-dealer-coordinates')
      .set(t.admin)
      .send({ dealer_id: dealer.dealer_id, google_latitude: 'x' });
    expect(bad.status).toBe(400);
  });

  test('When the history of an unknown dealer is asked, Then 404', async () => {
    const res = await t.api().get('/api/admin/geocoding-history/NOPE').set(t.admin);
    expect([res.status, res.body.detail]).toEqual([404, 'Dealer not found']);
  });
});

describe('the geocoding console', () => {
  test('When a diagnosis runs, Then it finds a point outside its state and suggests repairs; the summary follows', async () => {
    const dealer = await t.newDealer();
    // Oklahoma City, for a Texas dealer
    await t
      .api()
      .post(`/api/admin/manual-coordinate-override/${dealer.dealer_id}`)
      .set(t.admin)
      .send({ lat: 35.4676, lng: -97.5164 })
      .expect(200);
    const res = await t.api().get('/api/admin/geocoding-diagnosis').set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Diagnosis completed successfully!');
    const { diagnosis } = res.body;
    const flagged = diagnosis.suspicious_coordinates.find(
      (d: { dealer_id: string }) => d.dealer_id === dealer.dealer_id,
    );
    expect(flagged).toMatchObject({
      issues: ['Outside its state (TX)'],
      severity: 'medium',
      coordinates: { lat: 35.4676, lng: -97.5164 },
    });
    const suggestion = diagnosis.repair_suggestions.find(
      (s: { title: string }) => s.title === 'Check dealers placed outside their state',
    );
    expect(suggestion.dealer_ids).toContain(dealer.dealer_id);
    const priorities = diagnosis.repair_suggestions.map((s: { priority: string }) => s.priority);
    expect(priorities).toEqual(
      [...priorities].sort(
        (a: string, b: string) => ['high', 'medium', 'low'].indexOf(a) - ['high', 'medium', 'low'].indexOf(b),
      ),
    );
    const total =
      diagnosis.summary.healthy_count +
      diagnosis.summary.missing_count +
      diagnosis.summary.error_count +
      diagnosis.summary.suspicious_count;
    expect(total).toBe(diagnosis.total_dealers);

    const summary = (await t.api().get('/api/admin/geocoding-summary').set(t.admin)).body.summary;
    expect(summary).toMatchObject({
      healthy_count: diagnosis.summary.healthy_count,
      suspicious_count: diagnosis.summary.suspicious_count,
      total_dealers: diagnosis.total_dealers,
      diagnosis_stale: false,
    });
    expect(summary.diagnosis_age_hours).toBeLessThan(0.1);
    expect(summary.health_percentage).toBeCloseTo((100 * summary.healthy_count) / summary.total_dealers, 0);
    expect(['Excellent', 'Good', 'Fair', 'Needs Attention']).toContain(summary.health_band);
  });

  test('When a dealer with a ZIP of another state is repaired, Then the strategies place it by its city', async () => {
    // 10001 is New York; the city and state say Austin, TX
    const dealer = await t.newDealer({ address: '500 W 2nd St', city: 'Austin', state: 'TX', zip_code: '10001' });
    expect((await mapDealer(dealer.dealer_id)).geocoding_confidence).toBe('city_centroid');
    const wrongCity = await t.newDealer({ address: '1 Main St', city: 'Austn', state: 'TX', zip_code: '99999' });
    const shown = await mapDealer(wrongCity.dealer_id);
    expect(shown).toBeUndefined(); // an error: no coordinates

    const partial = await t
      .api()
      .post(`/api/admin/repair-dealer-geocoding/${wrongCity.dealer_id}`)
      .set(t.admin)
      .send({ strategies: ['enhanced_geocoding', 'address_normalization', 'partial_address_geocoding'] });
    expect(partial.status).toBe(422);
    expect(partial.body.detail).toMatch(new RegExp(`^Failed to repair dealer ${wrongCity.dealer_id}`));

    const nearby = await t
      .api()
      .post(`/api/admin/repair-dealer-geocoding/${wrongCity.dealer_id}`)
      .set(t.admin)
      .send({ strategies: ['nearby_location_search'] });
    expect(nearby.status).toBe(200);
    expect(nearby.body).toMatchObject({
      message: `Dealer ${wrongCity.dealer_id} repaired successfully!`,
      strategy: 'nearby_location_search',
      confidence: 'city_centroid',
    });
    expect(nearby.body.coordinates.lat).toBeCloseTo(30.3, 0);
    const [entry] = await history(wrongCity.dealer_id);
    expect(entry).toMatchObject({
      action: 'repair',
      actor: 'admin@example.com',
      strategy: 'nearby_location_search',
      status: 'ok',
    });
    const summary = (await t.api().get('/api/admin/geocoding-summary').set(t.admin)).body.summary;
    expect(summary.recent_repairs_7_days).toBeGreaterThanOrEqual(1);

    const none = await t
      .api()
      .post(`/api/admin/repair-dealer-geocoding/${wrongCity.dealer_id}`)
      .set(t.admin)
      .send({ strategies: [] });
    expect([none.status, none.body.detail]).toEqual([400, 'Error: Select at least one repair strategy']);
    const unknown = await t
      .api()
      .post('/api/admin/repair-dealer-geocoding/NOPE')
      .set(t.admin)
      .send({ strategies: ['enhanced_geocoding'] });
    expect(unknown.status).toBe(404);
  });

  test('When the address normalization strategy runs, Then a whole address typed in the street field is placed', async () => {
    const dealer = await t.newDealer({
      address: '2 E Main St, Madison, WI 53703',
      city: null,
      state: null,
      zip_code: null,
    });
    expect(await mapDealer(dealer.dealer_id)).toBeUndefined();
    const enhanced = await t
      .api()
      .post(`/api/admin/repair-dealer-geocoding/${dealer.dealer_id}`)
      .set(t.admin)
      .send({ strategies: ['enhanced_geocoding'] });
    expect(enhanced.status).toBe(422);
    const normalized = await t
      .api()
      .post(`/api/admin/repair-dealer-geocoding/${dealer.dealer_id}`)
      .set(t.admin)
      .send({ strategies: ['address_normalization'] });
    expect(normalized.status).toBe(200);
    expect(normalized.body).toMatchObject({ strategy: 'address_normalization', confidence: 'zip_centroid' });
    expect(normalized.body.coordinates.lat).toBeCloseTo(43.07, 1);
  });

  test('When a bulk repair runs over every problem dealer, Then it reports X/Y and the batch completes', async () => {
    const broken = await t.newDealer({ city: 'Austin', state: 'TX', zip_code: '7870' }); // a ZIP that lost a digit
    const res = await t
      .api()
      .post('/api/admin/bulk-repair-geocoding')
      .set(t.admin)
      .send({
        dealer_ids: null,
        strategies: ['enhanced_geocoding', 'address_normalization', 'partial_address_geocoding'],
      });
    expect(res.status).toBe(200);
    const { repair_result } = res.body;
    expect(res.body.message).toBe(
      `Bulk repair completed! ${repair_result.successful_repairs}/${repair_result.total_processed} dealers repaired successfully.`,
    );
    expect(repair_result.total_processed).toBeGreaterThanOrEqual(1);
    expect(repair_result.failed_dealer_ids).not.toContain(broken.dealer_id);
    const summary = (await t.api().get('/api/admin/geocoding-summary').set(t.admin)).body.summary;
    expect(summary.batch).toMatchObject({
      state: 'complete',
      total: repair_result.total_processed,
      processed: repair_result.total_processed,
      successful: repair_result.successful_repairs,
    });

    const listed = await t
      .api()
      .post('/api/admin/bulk-repair-geocoding')
      .set(t.admin)
      .send({ dealer_ids: [broken.dealer_id], strategies: ['partial_address_geocoding'] });
    expect(listed.body.repair_result).toMatchObject({ total_processed: 1 });
    const none = await t
      .api()
      .post('/api/admin/bulk-repair-geocoding')
      .set(t.admin)
      .send({ dealer_ids: null, strategies: [] });
    expect([none.status, none.body.detail]).toEqual([400, 'Error: Select at least one repair strategy']);
  });

  test('When an address is tested, Then the geocoder answer shows source, confidence and matched address', async () => {
    const res = await t
      .api()
      .post('/api/admin/test-address-geocoding')
      .set(t.admin)
      .send({ address: '1600 Pennsylvania Ave NW', city: 'Washington', state: 'DC', zip_code: '20500' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      test_address: { address: '1600 Pennsylvania Ave NW', city: 'Washington', state: 'DC', zip_code: '20500' },
      geocoding_result: { status: 'ok', error: null, coordinates: { source: 'offline', confidence: 'zip_centroid' } },
    });
    const miss = await t
      .api()
      .post('/api/admin/test-address-geocoding')
      .set(t.admin)
      .send({ address: '1 Main', city: 'Atlantis', state: 'ZZ' });
    expect(miss.body.geocoding_result).toMatchObject({ status: 'error', coordinates: null });
    const incomplete = await t
      .api()
      .post('/api/admin/test-address-geocoding')
      .set(t.admin)
      .send({ address: '1 Main', city: '' });
    expect([incomplete.status, incomplete.body.detail]).toEqual([
      400,
      'Please fill in at least address, city, and state',
    ]);
  });

  test('When an address is geocoded, Then coordinates and the formatted address; unknown, Location not found', async () => {
    const res = await t.api().post('/api/admin/geocode-address').set(t.admin).send({ address: 'Denver, CO' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, formatted_address: 'Denver, CO', confidence: 'city_centroid' });
    expect(res.body.coordinates.lat).toBeCloseTo(39.7, 0);
    const miss = await t.api().post('/api/admin/geocode-address').set(t.admin).send({ address: 'qwertyuiop' });
    expect(miss.status).toBe(404);
    expect(miss.body.detail).toMatch(/^Location not found: /);
    const empty = await t.api().post('/api/admin/geocode-address').set(t.admin).send({ address: ' ' });
    expect([empty.status, empty.body.detail]).toEqual([400, 'Please enter a location to search']);
  });
});

describe('the public locator', () => {
  const maine = [
    ['04101', 'Portland'],
    ['04102', 'Portland'],
    ['04074', 'Scarborough'],
    ['04092', 'Westbrook'],
    ['04038', 'Gorham'],
    ['04401', 'Bangor'],
  ];
  const ids: string[] = [];
  beforeAll(async () => {
    for (const [zip, city] of maine)
      ids.push((await t.newDealer({ zip_code: zip, city, state: 'ME', address: '1 Main St' })).dealer_id);
  });

  test('When a ZIP is searched, Then the 5 closest dealers by great-circle miles, to one decimal, nearest first', async () => {
    const res = await t.api().get('/api/public/search-dealers').query({ query: '04101' });
    expect(res.status).toBe(200);
    const found = res.body.dealers;
    expect(found).toHaveLength(5);
    expect(found[0]).toMatchObject({ dealer_id: ids[0], distance: 0 });
    expect(found.map((d: { dealer_id: string }) => d.dealer_id)).not.toContain(ids[5]); // Bangor is 110 miles away
    const distances = found.map((d: { distance: number }) => d.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const d of distances) expect(Math.round(d * 10) / 10).toBe(d);
    expect(res.body.matched_address).toBe('Portland, ME 04101');
  });

  test('When a city or a position is searched, Then it is answered too; with a category, only those', async () => {
    const city = await t.api().get('/api/public/search-dealers').query({ query: 'Bangor, ME' });
    expect(city.body.dealers[0].dealer_id).toBe(ids[5]);
    const nearMe = await t.api().get('/api/public/search-dealers').query({ lat: 44.8, lng: -68.78 });
    expect(nearMe.body.dealers[0].dealer_id).toBe(ids[5]);
    const none = await t.api().get('/api/public/search-dealers').query({ query: '04101', category: 'manufacturer' });
    expect(none.body).toMatchObject({ dealers: [], message: 'No dealers found nearby' });
  });

  test('When no dealer is within the radius, Then none is listed and the nearest is offered', async () => {
    const far = await t.api().get('/api/public/search-dealers').query({ query: 'Caribou, ME', radius: 20 });
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ dealers: [], message: 'No dealers found nearby', nearest: { dealer_id: ids[5] } });
    const within = await t.api().get('/api/public/search-dealers').query({ query: '04101', radius: 10 });
    expect(within.body.dealers.length).toBeGreaterThanOrEqual(3);
    for (const d of within.body.dealers) expect(d.distance).toBeLessThanOrEqual(10);
    const badRadius = await t.api().get('/api/public/search-dealers').query({ query: '04101', radius: 0 });
    expect([badRadius.status, badRadius.body.detail]).toEqual([400, 'Error: Radius must be between 1 and 3000 miles']);
  });

  test('When nothing or an unknown place is searched, Then the spec messages', async () => {
    const empty = await t.api().get('/api/public/search-dealers').query({ query: '' });
    expect([empty.status, empty.body.detail]).toEqual([400, 'Please enter a location to search']);
    const unknown = await t.api().get('/api/public/search-dealers').query({ query: 'Xyzzyville Nowhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/^Location not found: /);
  });

  test('When another replica serves the search, Then a dealer archived through this one is gone there too; and it rate-limits', async () => {
    const replica = await startService(
      geocodingService,
      { ...t.geo.env, LOCATOR_SEARCHES_PER_MINUTE: '6' },
      // another process: its own bus (the events go to the one replica that consumes them), the same database
      { transport: createInProcessTransport({ logger }), revocations: await testRevocations(), logger },
    );
    try {
      const search = () =>
        // a client of its own: the limits count in one table, where this file's earlier searches already are
        fetch(`${replica.url}/api/public/search-dealers?query=04101`, {
          headers: { 'X-Forwarded-For': '203.0.113.200' },
        }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        }));
      const found = (answer: { body: unknown }) =>
        endpoints['public.searchDealers'].response.parse(answer.body).dealers;
      expect(found(await search())[0]?.dealer_id).toBe(ids[0]);
      await t.deliver(DealerArchived, ids[0] as string, {
        dealer_id: ids[0] as string,
        archived_at: new Date().toISOString(),
      });
      const after = await search();
      expect(found(after).map((d) => d.dealer_id)).not.toContain(ids[0]);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await search()).status);
      expect(statuses).toContain(429);
      const limited = await search();
      expect(ErrorBody.parse(limited.body).detail).toMatch(/^Too many searches\. Please try again in \d+ seconds\.$/);
    } finally {
      await replica.stop();
    }
  });
});
