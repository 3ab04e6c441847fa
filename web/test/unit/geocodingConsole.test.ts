import {
  batchLabel,
  batchPercent,
  bulkRepairMessage,
  diagnosisAgeText,
  formatCoordinates,
  geocodingBadge,
  healthBandOf,
  isDiagnosisStale,
  mapLinks,
  overrideReady,
  overrideSearch,
  PRESELECTED_STRATEGIES,
  rememberTest,
  SINGLE_REPAIR_STRATEGIES,
} from '../../src/features/geocoding-console/consoleRules';

describe('Geocoding health', () => {
  test('When coordinates are printed, Then both show 5 decimals', () => {
    expect(formatCoordinates({ lat: 30.2672, lng: -97.7431 })).toBe('30.26720, -97.74310');
  });

  test('When the health percentage is shown, Then it falls in the spec bands', () => {
    expect(healthBandOf(100)).toEqual({ band: 'Excellent', tone: 'green' });
    expect(healthBandOf(95)).toEqual({ band: 'Excellent', tone: 'green' });
    expect(healthBandOf(94.9)).toEqual({ band: 'Good', tone: 'amber' });
    expect(healthBandOf(85)).toEqual({ band: 'Good', tone: 'amber' });
    expect(healthBandOf(84)).toMatchObject({ band: 'Fair' });
    expect(healthBandOf(70)).toMatchObject({ band: 'Fair' });
    expect(healthBandOf(69.9)).toEqual({ band: 'Needs Attention', tone: 'red' });
  });

  test('When the diagnosis age is shown, Then hours below 24, days after, and stale past 24 hours', () => {
    expect(diagnosisAgeText(null)).toBe('Never');
    expect(diagnosisAgeText(0.2)).toBe('Less than an hour ago');
    expect(diagnosisAgeText(1)).toBe('1 hour ago');
    expect(diagnosisAgeText(23.9)).toBe('23 hours ago');
    expect(diagnosisAgeText(49)).toBe('2 days ago');
    expect(isDiagnosisStale(23)).toBe(false);
    expect(isDiagnosisStale(24.5)).toBe(true);
    expect(isDiagnosisStale(null)).toBe(true);
  });
});

describe('Repairs', () => {
  test('When the tools open, Then the first two strategies are preselected; single repairs send the first three', () => {
    expect(PRESELECTED_STRATEGIES).toEqual(['enhanced_geocoding', 'address_normalization']);
    expect(SINGLE_REPAIR_STRATEGIES).toEqual([
      'enhanced_geocoding',
      'address_normalization',
      'partial_address_geocoding',
    ]);
  });

  test("When a bulk repair runs, Then the bar follows the server's processed count", () => {
    const batch = {
      state: 'running' as const,
      total: 200,
      processed: 50,
      successful: 45,
      started_at: null,
      finished_at: null,
    };
    expect(batchPercent(batch)).toBe(25);
    expect(batchLabel(batch)).toBe('Repairing: 50 of 200 dealers processed');
    expect(batchPercent({ ...batch, state: 'complete' })).toBe(100);
    expect(batchPercent({ ...batch, state: 'idle', total: 0 })).toBe(0);
    expect(batchLabel({ ...batch, state: 'complete' })).toBe('Complete: 45 of 200 dealers repaired');
  });

  test('When a bulk repair ends, Then the spec message names X/Y', () => {
    expect(bulkRepairMessage(7, 9)).toBe('Bulk repair completed! 7/9 dealers repaired successfully.');
  });
});

describe('Dealer status badge', () => {
  test('When a dealer is shown, Then it reads Error, Ready or Needs Geocoding', () => {
    expect(geocodingBadge({ geocoding_status: 'error', coordinates: { lat: 30, lng: -97 } })).toBe('Error');
    expect(geocodingBadge({ geocoding_status: 'ok', coordinates: { lat: 30, lng: -97 } })).toBe('Ready');
    expect(geocodingBadge({ geocoding_status: 'manual', coordinates: { lat: 30, lng: -97 } })).toBe('Ready');
    expect(geocodingBadge({ geocoding_status: null, coordinates: null })).toBe('Needs Geocoding');
    expect(geocodingBadge({ geocoding_status: 'pending', coordinates: { lat: 0, lng: 0 } })).toBe('Needs Geocoding');
  });
});

describe('Manual Override', () => {
  const dealers = Array.from({ length: 30 }, (_, i) => ({
    dealer_id: `DLR-${i}`,
    business_name: i % 2 ? `Timber Outfitters ${i}` : `Bow Shop ${i}`,
    city: i === 3 ? 'Austin' : 'Dallas',
  }));

  test('When fewer than 2 characters are typed, Then nothing is searched', () => {
    expect(overrideSearch(dealers, 'T')).toEqual([]);
    expect(overrideSearch(dealers, ' ')).toEqual([]);
  });

  test('When a name, dealer id or city matches in any case, Then at most 10 dealers are offered', () => {
    expect(overrideSearch(dealers, 'timber')).toHaveLength(10);
    expect(overrideSearch(dealers, 'dlr-29').map((d) => d.dealer_id)).toEqual(['DLR-29']);
    expect(overrideSearch(dealers, 'AUSTIN').map((d) => d.dealer_id)).toEqual(['DLR-3']);
  });

  test('When a coordinate is empty, Then Update Coordinates is disabled', () => {
    expect(overrideReady('D1', '30.1', '')).toBe(false);
    expect(overrideReady(null, '30.1', '-97')).toBe(false);
    expect(overrideReady('D1', '30.1', '-97')).toBe(true);
  });

  test('When helper links are made, Then they search the address on a maps service and an open map', () => {
    const links = mapLinks('1 Main St, Austin, TX');
    expect(links.maps).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Austin%2C%20TX');
    expect(links.openMap).toContain('openstreetmap.org/search?query=1%20Main%20St');
  });
});

describe('Address Tester history', () => {
  const test1 = (n: number) => ({
    input: { address: `${n} Main St`, city: 'Austin', state: 'TX', zip_code: '' },
    result: n,
    at: `t${n}`,
  });

  test('When more than 5 addresses are tested, Then the last 5 are kept, newest first', () => {
    let history: ReturnType<typeof test1>[] = [];
    for (let n = 1; n <= 7; n += 1) history = rememberTest(history, test1(n));
    expect(history.map((entry) => entry.result)).toEqual([7, 6, 5, 4, 3]);
  });

  test('When an address is retested, Then it moves to the top once', () => {
    let history = [test1(1), test1(2)].reduce<ReturnType<typeof test1>[]>((h, e) => rememberTest(h, e), []);
    history = rememberTest(history, { ...test1(1), input: { ...test1(1).input, city: 'AUSTIN ' }, result: 9 });
    expect(history.map((entry) => entry.result)).toEqual([9, 2]);
  });
});
