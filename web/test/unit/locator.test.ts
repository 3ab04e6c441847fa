import { clusterIndex, clusterLabel, noClusters, shouldCluster } from '../../src/features/locator/clusters';
import { DEFAULT_LOCATOR_CONFIG, locatorConfigFromHash, locatorConfigOf } from '../../src/features/locator/embedConfig';
import {
  dealerPosition,
  formatMiles,
  insideUsBounds,
  isUsableCoordinate,
  milesBetween,
} from '../../src/features/locator/geo';
import { LOCATOR_MESSAGES, notFoundMessage, outcomeOf } from '../../src/features/locator/locatorOutcome';
import {
  baseScale,
  clusterZoom,
  fitView,
  initialView,
  LOCATOR_FIT_PADDING,
  project,
  scaleOfZoom,
  toScreen,
  zoomOfScale,
} from '../../src/features/locator/mapView';
import { iconPixels, markerColor } from '../../src/features/locator/markers';
import { addressLines, phoneHref, popupBackground, websiteHref } from '../../src/features/locator/popup';

const AUSTIN = { lat: 30.2672, lng: -97.7431 };
const DALLAS = { lat: 32.7767, lng: -96.797 };

describe('Great-circle distances of the locator', () => {
  test('When Austin and Dallas are compared, Then they are about 182 miles apart (earth radius 3959)', () => {
    expect(milesBetween(AUSTIN, DALLAS)).toBeCloseTo(182.1, 0);
    expect(milesBetween(AUSTIN, AUSTIN)).toBe(0);
  });

  test('When a distance is shown, Then it reads in miles to one decimal', () => {
    expect(formatMiles(182.149)).toBe('182.1 mi');
    expect(formatMiles(0.04)).toBe('0.0 mi');
    expect(formatMiles(3)).toBe('3.0 mi');
  });
});

describe('Which coordinates the map uses', () => {
  test('When a coordinate is 0 or not a number, Then it is ignored', () => {
    expect(isUsableCoordinate({ lat: 0, lng: -97 })).toBe(false);
    expect(isUsableCoordinate({ lat: Number.NaN, lng: -97 })).toBe(false);
    expect(isUsableCoordinate({ lat: '30', lng: -97 })).toBe(false);
    expect(isUsableCoordinate(AUSTIN)).toBe(true);
  });

  test('When a dealer has no coordinates, Then its Google fields are used', () => {
    const base = { coordinates: null, google_latitude: 30.1, google_longitude: -97.2 };
    expect(dealerPosition(base)).toEqual({ lat: 30.1, lng: -97.2 });
    expect(dealerPosition({ ...base, google_latitude: null })).toBeNull();
  });

  test('When a point is outside lat 24.5–49.5 / lng −124.5–−66.5, Then it is not drawn on the admin map', () => {
    expect(insideUsBounds(AUSTIN)).toBe(true);
    expect(insideUsBounds({ lat: 21.3, lng: -157.8 })).toBe(false);
    expect(insideUsBounds({ lat: 49.6, lng: -100 })).toBe(false);
  });
});

describe('The offline map view', () => {
  const view = { width: 1280, height: 600 };

  test('When the map opens, Then the continental US is centred at zoom 4', () => {
    const start = initialView(view);
    expect(zoomOfScale(start.k, view)).toBeCloseTo(4);
    const centre = project({ lat: 39.8283, lng: -98.5795 });
    expect(centre).not.toBeNull();
    const [x, y] = toScreen(centre as [number, number], start);
    expect(x).toBeCloseTo(640);
    expect(y).toBeCloseTo(300);
  });

  test('When zoom levels are converted, Then each level doubles the scale', () => {
    expect(scaleOfZoom(5, view) / scaleOfZoom(4, view)).toBeCloseTo(2);
    expect(scaleOfZoom(4, view)).toBeCloseTo(baseScale(view));
  });

  test('When results are fitted, Then every point lands inside the locator padding (80 top, 60 elsewhere)', () => {
    const points = [AUSTIN, DALLAS, { lat: 29.4241, lng: -98.4936 }].map((p) => project(p) as [number, number]);
    const t = fitView(points, view, LOCATOR_FIT_PADDING, 18);
    for (const point of points) {
      const [x, y] = toScreen(point, t);
      expect(x).toBeGreaterThanOrEqual(60 - 1e-6);
      expect(x).toBeLessThanOrEqual(view.width - 60 + 1e-6);
      expect(y).toBeGreaterThanOrEqual(80 - 1e-6);
      expect(y).toBeLessThanOrEqual(view.height - 60 + 1e-6);
    }
    // the tighter side touches its padding
    const ys = points.map((p) => toScreen(p, t)[1]);
    expect(Math.min(...ys)).toBeCloseTo(80, 0);
  });

  test('When one point is fitted, Then the view is centred on it at the maximum fit zoom', () => {
    const point = project(AUSTIN) as [number, number];
    const t = fitView([point], view, LOCATOR_FIT_PADDING, 12);
    expect(zoomOfScale(t.k, view)).toBeCloseTo(12);
  });

  test('When nothing is fitted, Then the initial view is kept', () => {
    expect(fitView([], view, LOCATOR_FIT_PADDING)).toEqual(initialView(view));
  });

  test('When the cluster index is asked, Then its zoom follows the screen scale', () => {
    expect(clusterZoom(1)).toBe(4);
    expect(clusterZoom(4)).toBe(6);
  });
});

describe('Clustering when dense', () => {
  const points = Array.from({ length: 400 }, (_, i) => ({
    id: `D${i}`,
    position: { lat: 30 + (i % 20) * 0.01, lng: -97 - Math.floor(i / 20) * 0.01 },
  }));

  test('When clustering is on, Then markers are clustered; when off, Then never, however many', () => {
    expect(shouldCluster(5, false)).toBe(false);
    expect(shouldCluster(5, true)).toBe(true);
    expect(shouldCluster(1, true)).toBe(false);
    expect(shouldCluster(1000, false)).toBe(false);
    expect(shouldCluster(1000, true)).toBe(true);
  });

  test('When 400 close dealers are seen from afar, Then they form clusters that count every dealer', () => {
    const features = clusterIndex(points).at(4);
    const clusters = features.filter((f) => f.kind === 'cluster');
    expect(clusters.length).toBeGreaterThan(0);
    expect(features.length).toBeLessThan(10);
    const counted = features.reduce((sum, f) => sum + (f.kind === 'cluster' ? f.count : 1), 0);
    expect(counted).toBe(400);
  });

  test('When zoomed far in, Then every dealer is drawn on its own', () => {
    const features = clusterIndex(points).at(16);
    expect(features.filter((f) => f.kind === 'dealer')).toHaveLength(400);
    expect(noClusters(points).at(3)).toHaveLength(400);
  });

  test('When a cluster is large, Then its label is short', () => {
    expect(clusterLabel(12)).toBe('12');
    expect(clusterLabel(1234)).toBe('1.2k');
    expect(clusterLabel(25_000)).toBe('25k');
  });
});

describe('Dealer popups', () => {
  test('When a website lacks http, Then https:// is prefixed for Visit Website', () => {
    expect(websiteHref('dealer.example.com')).toBe('https://dealer.example.com');
    expect(websiteHref('http://dealer.example.com')).toBe('http://dealer.example.com');
    expect(websiteHref('  ')).toBeNull();
  });

  test('When a phone is linked, Then only digits and + remain', () => {
    expect(phoneHref('(512) 555-0101')).toBe('tel:5125550101');
    expect(phoneHref(null)).toBeNull();
  });

  test('When the popup transparency is 0, Then the background is transparent; otherwise opacity is value / 100', () => {
    expect(popupBackground('#ffffff', 0)).toBe('transparent');
    expect(popupBackground('#ffffff', 100)).toBe('#ffffff');
    expect(popupBackground('#ff0000', 50)).toBe('rgba(255, 0, 0, 0.5)');
  });

  test('When an address is shown, Then it is the street line then "City, ST ZIP"', () => {
    expect(
      addressLines({ street_address: null, address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' }),
    ).toEqual(['1 Main St', 'Austin, TX 78701']);
  });
});

describe('Markers', () => {
  test('When a category has no colour, Then manufacturer is red, distributor amber and dealer blue', () => {
    expect(markerColor('manufacturer')).toBe('#dc2626');
    expect(markerColor('distributor')).toBe('#d97706');
    expect(markerColor('dealer')).toBe('#2563eb');
    expect(markerColor('dealer', 'green')).toBe('#16a34a');
    expect(markerColor('pro_shop')).toMatch(/^#[0-9a-f]{6}$/);
  });

  test('When an icon size is out of 5–50 %, Then it is clamped', () => {
    expect(iconPixels(1)).toBe(iconPixels(5));
    expect(iconPixels(80)).toBe(iconPixels(50));
    expect(iconPixels(50)).toBeGreaterThan(iconPixels(10));
  });
});

describe('The locator search answers', () => {
  const dealer = {
    dealer_id: 'D1',
    business_name: 'Acme',
    full_name: null,
    category: 'dealer',
    street_address: null,
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    phone: null,
    email: null,
    website: null,
    coordinates: AUSTIN,
    google_latitude: null,
    google_longitude: null,
    geocoding_status: 'ok' as const,
    geocoding_error: null,
    geocoding_source: 'offline',
    geocoding_confidence: 'zip_centroid' as const,
    distance: 1.2,
  };

  test('When the place is unknown, Then "Location not found: " and the reason, or the spec fallback', () => {
    expect(notFoundMessage('Location not found: Nowhere')).toBe('Location not found: Nowhere');
    expect(notFoundMessage(undefined)).toBe('Location not found: Please try a different location');
    expect(outcomeOf({ error: { status: 404, data: { detail: 'Location not found: Qwz' } } })).toEqual({
      ok: false,
      message: 'Location not found: Qwz',
    });
  });

  test('When the network fails, Then the spec asks to check the connection', () => {
    expect(outcomeOf({ error: { status: 'FETCH_ERROR', error: 'offline' } })).toEqual({
      ok: false,
      message: LOCATOR_MESSAGES.searchFailed,
    });
  });

  test('When the server answers, Then at most 5 dealers are kept with the centre', () => {
    const outcome = outcomeOf({
      data: {
        success: true,
        center: AUSTIN,
        matched_address: 'Austin, TX',
        dealers: Array.from({ length: 7 }, (_, i) => ({ ...dealer, dealer_id: `D${i}` })),
        nearest: null,
      },
    });
    expect(outcome.ok && outcome.answer.dealers).toHaveLength(5);
  });
});

describe('The settings an embed code carries', () => {
  test('When nothing is passed, Then the spec defaults apply', () => {
    expect(locatorConfigFromHash('')).toEqual(DEFAULT_LOCATOR_CONFIG);
    expect(locatorConfigFromHash('#config=%7Bbroken')).toEqual(DEFAULT_LOCATOR_CONFIG);
  });

  test('When values are out of range or unsafe, Then they are clamped or dropped', () => {
    const config = locatorConfigOf({
      popup: { radius: 99, opacity: -5, padding: 2, textColor: 'url(x)' },
      categories: [
        { id: 'pro_shop', name: 'Pro Shop', color: 'green', icon: 'javascript:alert(1)', iconSize: 90 },
        { id: 'Bad Id', name: 'x' },
      ],
      marker: { type: 'custom', url: 'data:image/png;base64,AAA' },
      zoom: 30,
    });
    expect(config.popup).toMatchObject({ radius: 20, opacity: 0, padding: 8, textColor: '#333333' });
    expect(config.categories).toEqual([{ id: 'pro_shop', name: 'Pro Shop', color: 'green', icon: null, iconSize: 50 }]);
    expect(config.marker.type).toBe('default');
    expect(config.zoom).toBe(18);
  });

  test('When the widget writes the config in the hash, Then the page reads it back', () => {
    const hash = `#config=${encodeURIComponent(JSON.stringify({ clustering: true, marker: { size: 'large' } }))}`;
    const config = locatorConfigFromHash(hash);
    expect(config.clustering).toBe(true);
    expect(config.marker.size).toBe('large');
  });
});
