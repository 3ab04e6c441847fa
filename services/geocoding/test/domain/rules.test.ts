import { addressKey, hasAddress } from '../../src/domain/address';
import { drawable, insideUsBounds } from '../../src/domain/bounds';
import { classifyDealer, diagnoseDealers, type GeoDealer, repairSuggestions } from '../../src/domain/diagnosis';
import { greatCircleMiles, roundMiles } from '../../src/domain/distance';
import { diagnosisAgeHours, healthBand, healthPercentage, isStale } from '../../src/domain/health';
import { acceptable, normalizeAddress, normalizeZip, repairAttempts } from '../../src/domain/strategies';
import { stateCode } from '../../src/domain/us-states';

const dealer = (fields: Partial<GeoDealer> = {}): GeoDealer => ({
  dealer_id: 'D1',
  business_name: 'Blinds',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  lat: 30.27,
  lng: -97.74,
  geocoding_status: 'ok',
  geocoding_error: null,
  geocode_confidence: 'zip_centroid',
  ...fields,
});
// a stand-in for the state shapes: Texas is a box here
const inTexasBox = (state: string, lat: number, lng: number) =>
  state === 'TX' ? lat > 25.8 && lat < 36.5 && lng > -106.7 && lng < -93.5 : null;

describe('distance', () => {
  test('When two cities are measured, Then great-circle miles with radius 3959, shown to one decimal', () => {
    // New York to Los Angeles: about 2,445 miles
    expect(greatCircleMiles(40.7128, -74.006, 34.0522, -118.2437)).toBeCloseTo(2445, -1);
    expect(greatCircleMiles(30, -97, 30, -97)).toBe(0);
    expect(roundMiles(12.345)).toBe(12.3);
    expect(roundMiles(0.04)).toBe(0);
  });
});

describe('bounds', () => {
  test('When points are checked, Then only the US box of 001 §9 is drawn', () => {
    expect(insideUsBounds(24.5, -124.5)).toBe(true);
    expect(insideUsBounds(49.5, -66.5)).toBe(true);
    expect(insideUsBounds(24.4, -100)).toBe(false);
    expect(insideUsBounds(40, -124.6)).toBe(false);
    expect(drawable(0, 0)).toBe(false);
    expect(drawable(null, -97)).toBe(false);
  });
});

describe('health bands', () => {
  test.each([
    [100, 'Excellent'],
    [95, 'Excellent'],
    [94.9, 'Good'],
    [85, 'Good'],
    [84.9, 'Fair'],
    [70, 'Fair'],
    [69.9, 'Needs Attention'],
    [0, 'Needs Attention'],
  ])('When the health is %s %%, Then the band is %s', (pct, band) => {
    expect(healthBand(pct)).toBe(band);
  });
  test('When percentages and ages are computed, Then one decimal, and stale after 24 h', () => {
    expect(healthPercentage(2, 3)).toBe(66.7);
    expect(healthPercentage(0, 0)).toBe(100);
    const now = new Date('2025-01-02T12:00:00Z');
    expect(diagnosisAgeHours(new Date('2025-01-01T12:00:00Z'), now)).toBe(24);
    expect(isStale(24)).toBe(false);
    expect(isStale(24.1)).toBe(true);
    expect(isStale(null)).toBe(true);
  });
});

describe('diagnosis', () => {
  test('When dealers are classified, Then healthy, missing, error and the kinds of suspicious', () => {
    expect(classifyDealer(dealer(), inTexasBox).health).toBe('healthy');
    expect(classifyDealer(dealer({ lat: null, lng: null }), inTexasBox)).toMatchObject({
      health: 'missing',
      severity: 'high',
    });
    expect(
      classifyDealer(
        dealer({ address: null, city: null, state: null, zip_code: null, lat: null, lng: null }),
        inTexasBox,
      ).issues,
    ).toEqual(['No address to geocode', 'No coordinates']);
    expect(
      classifyDealer(dealer({ geocoding_status: 'error', geocoding_error: 'Unknown ZIP' }), inTexasBox).issues,
    ).toEqual(['Geocoding failed: Unknown ZIP']);
    expect(classifyDealer(dealer({ lat: 0, lng: 0 }), inTexasBox).issues).toEqual(['Coordinates are 0/0']);
    expect(classifyDealer(dealer({ lat: 51.5, lng: -0.12 }), inTexasBox).issues).toEqual(['Outside the US bounds']);
    expect(classifyDealer(dealer({ lat: 35.47, lng: -97.52 + 10 }), inTexasBox).issues).toEqual([
      'Outside its state (TX)',
    ]);
  });

  test('When many dealers at different places share one point, Then they are suspicious; one centroid is not', () => {
    const sameZip = [1, 2, 3].map((i) => dealer({ dealer_id: `Z${i}`, address: `${i} Main St` }));
    const oneSpot = [1, 2, 3].map((i) =>
      dealer({ dealer_id: `R${i}`, address: `${i} Elm St`, lat: 31, lng: -99, geocode_confidence: 'rooftop' }),
    );
    const diagnosed = diagnoseDealers([...sameZip, ...oneSpot], inTexasBox);
    expect(diagnosed.filter((d) => d.health === 'suspicious').map((d) => d.dealer_id)).toEqual(['R1', 'R2', 'R3']);
    expect(diagnosed.find((d) => d.dealer_id === 'R1')?.issues).toEqual([
      'Shares one point with 2 other dealers at other addresses',
    ]);
    // ZIPs the postal data puts on one point (Washington, DC's PO-box ZIPs), each dealer on its ZIP's centroid
    const oneCentroid = ['20038', '20076', '20090'].map((zip, i) =>
      dealer({
        dealer_id: `C${i}`,
        address: `${i} K St`,
        city: 'Washington',
        state: 'DC',
        zip_code: zip,
        lat: 38.8933,
      }),
    );
    expect(diagnoseDealers(oneCentroid, () => true).map((d) => d.health)).toEqual(['healthy', 'healthy', 'healthy']);
    const suggestions = repairSuggestions(diagnosed);
    expect(suggestions).toEqual([
      expect.objectContaining({
        title: 'Check dealers sharing one point',
        priority: 'low',
        dealer_ids: ['R1', 'R2', 'R3'],
      }),
    ]);
  });

  test('When there are errors, missing and misplaced dealers, Then suggestions come high first', () => {
    const diagnosed = diagnoseDealers(
      [
        dealer({ dealer_id: 'S', lat: 35.47, lng: -87 }),
        dealer({ dealer_id: 'E', geocoding_status: 'error' }),
        dealer({ dealer_id: 'M', lat: null, lng: null }),
      ],
      inTexasBox,
    );
    expect(repairSuggestions(diagnosed).map((s) => [s.priority, s.dealer_ids])).toEqual([
      ['high', ['E']],
      ['high', ['M']],
      ['medium', ['S']],
    ]);
  });
});

describe('addresses and strategies', () => {
  test('When only case, spacing or ZIP+4 differ, Then the address key is the same', () => {
    const a = { address: '1 Main  St', city: 'Austin', state: 'tx', zip_code: '78701-1234' };
    expect(addressKey(a)).toBe(addressKey({ address: '1 main st', city: 'AUSTIN', state: 'TX', zip_code: '78701' }));
    expect(hasAddress({ address: ' ', city: null, state: null, zip_code: null })).toBe(false);
  });

  test('When an address is normalized, Then state names, ZIPs and a whole address in the street field are fixed', () => {
    expect(stateCode('Texas')).toBe('TX');
    expect(stateCode('tx')).toBe('TX');
    expect(stateCode('Atlantis')).toBeNull();
    expect(normalizeZip('2134')).toBe('02134');
    expect(normalizeZip('78701-1234')).toBe('78701');
    expect(normalizeZip('123')).toBeNull();
    expect(
      normalizeAddress({ address: '1100 Congress Avenue', city: 'austin', state: 'Texas', zip_code: '787011234' }),
    ).toEqual({
      address: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
    });
    expect(
      normalizeAddress({ address: '2 E Main St, Madison, WI 53703', city: null, state: null, zip_code: null }),
    ).toEqual({
      address: '2 E Main St',
      city: 'Madison',
      state: 'WI',
      zip_code: '53703',
    });
  });

  test('When strategies are chosen, Then each asks something different, in the order given', () => {
    const raw = { address: '1 Main St', city: 'Austin', state: 'Texas', zip_code: '78701' };
    const attempts = repairAttempts(
      ['nearby_location_search', 'enhanced_geocoding', 'address_normalization', 'partial_address_geocoding'],
      raw,
    );
    expect(attempts.map((a) => [a.strategy, a.mode])).toEqual([
      ['nearby_location_search', 'nearby'],
      ['enhanced_geocoding', 'full'],
      ['address_normalization', 'full'],
      ['partial_address_geocoding', 'zip'],
      ['partial_address_geocoding', 'city'],
    ]);
    expect(attempts[1]?.input).toBe(raw);
    expect(attempts[2]?.input.state).toBe('TX');
    expect(attempts[3]?.input).toMatchObject({ address: null, city: null, zip_code: '78701' });
    expect(attempts[4]?.input).toMatchObject({ address: null, zip_code: null, city: 'Austin' });
  });

  test('When an answer is outside the US, at 0/0 or outside the dealer state, Then it is not acceptable', () => {
    expect(acceptable({ lat: 30.27, lng: -97.74 }, 'TX', inTexasBox)).toBe(true);
    expect(acceptable({ lat: 0, lng: 0 }, 'TX', inTexasBox)).toBe(false);
    expect(acceptable({ lat: 40.75, lng: -73.99 }, 'Texas', inTexasBox)).toBe(false);
    expect(acceptable({ lat: 40.75, lng: -73.99 }, null, inTexasBox)).toBe(true);
  });
});
