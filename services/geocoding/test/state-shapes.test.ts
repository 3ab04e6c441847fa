import { classifyDealer } from '../src/domain/diagnosis';
import { acceptable } from '../src/domain/strategies';
import { OfflineGeocoder } from '../src/geocoders/offline';
import { COAST_TOLERANCE_KM, loadStateShapes, type StateShapes } from '../src/geocoders/state-shapes';

/**
 * The state check over the real us-atlas shapes. Their outlines follow the shoreline, and the centroids of
 * coastal and island ZIP codes lie in the water just off it: those count as inside their state (within
 * COAST_TOLERANCE_KM, inside no other state); a point on another state's land, or far out at sea, does not.
 */
let shapes: StateShapes;
beforeAll(async () => {
  shapes = await loadStateShapes();
});

const geocoder = new OfflineGeocoder();
const zipCentroid = (zip: string) => {
  const result = geocoder.zip({ address: null, city: null, state: null, zip_code: zip });
  if (!result.ok) throw new Error(`${zip}: ${result.error}`);
  return result.answer;
};

describe('coastal ZIP codes', () => {
  test.each([
    ['02564', 'MA', 'Siasconset, Nantucket'],
    ['27964', 'NC', 'Point Harbor, Outer Banks'],
    ['33924', 'FL', 'Captiva Island'],
    ['77554', 'TX', 'Galveston'],
    ['08212', 'NJ', 'Cape May Point'],
    ['04852', 'ME', 'Monhegan Island'],
    ['60601', 'IL', 'Chicago, on Lake Michigan'],
  ])(
    'When the centroid of ZIP %s (%s, %s) lies off the shore, Then it still counts as inside its state',
    (zip, state) => {
      const { lat, lng } = zipCentroid(zip);
      expect(shapes.onLand(state, lat, lng)).toBe(false); // in the water: what marked these dealers before
      expect(shapes.contains(state, lat, lng)).toBe(true);
      expect(acceptable({ lat, lng }, state, shapes.contains)).toBe(true);
      const dealer = {
        dealer_id: `D${zip}`,
        business_name: 'Blinds',
        address: '1 Main St',
        city: null,
        state,
        zip_code: zip,
        lat,
        lng,
        geocoding_status: 'ok',
        geocoding_error: null,
        geocode_confidence: 'zip_centroid' as const,
      };
      expect(classifyDealer(dealer, shapes.contains).health).toBe('healthy');
    },
  );

  test.each([
    ['33040', 'FL', 'Key West'],
    ['27954', 'NC', 'Manteo, Outer Banks'],
    ['02554', 'MA', 'Nantucket'],
  ])('When the centroid of island ZIP %s (%s, %s) is on the outline’s land, Then it is inside', (zip, state) => {
    const { lat, lng } = zipCentroid(zip);
    expect(shapes.onLand(state, lat, lng)).toBe(true);
    expect(shapes.contains(state, lat, lng)).toBe(true);
  });

  test('When a point is on another state’s land or far out at sea, Then it is outside, tolerance or not', () => {
    // Kansas City, Kansas: a few kilometres from Missouri's outline, but on Kansas's land
    expect(shapes.contains('MO', 39.1141, -94.6275)).toBe(false);
    expect(shapes.contains('KS', 39.1141, -94.6275)).toBe(true);
    // the Gulf of Mexico, about 150 km off Florida's west coast
    expect(shapes.contains('FL', 27.0, -84.6)).toBe(false);
    // New York City is not in Florida, nor 0/0 anywhere
    expect(shapes.contains('FL', 40.75, -73.99)).toBe(false);
    expect(shapes.contains('XX', 40.75, -73.99)).toBeNull();
  });

  test('When a point lies just beyond the tolerance off the coast, Then it is outside', () => {
    // due south of Key West, in open water: inside the tolerance, then beyond it
    const shore = zipCentroid('33040');
    const kmPerDegree = 110.574;
    const near = { lat: shore.lat - (COAST_TOLERANCE_KM - 5) / kmPerDegree, lng: shore.lng };
    const far = { lat: shore.lat - (COAST_TOLERANCE_KM + 5) / kmPerDegree, lng: shore.lng };
    expect(shapes.onLand('FL', near.lat, near.lng)).toBe(false);
    expect(shapes.contains('FL', near.lat, near.lng)).toBe(true);
    expect(shapes.contains('FL', far.lat, far.lng)).toBe(false);
  });
});
