import { clusterIndex, clusterRadius, type MapFeature, noClusters } from '../../src/features/locator/clusters';
import {
  clusterZoom,
  drawMargin,
  initialView,
  landImageServes,
  landMargin,
  markersToDraw,
  project,
  scaleOfZoom,
  worldArea,
} from '../../src/features/locator/mapView';
import { pinPathAfterPoint } from '../../src/features/locator/markerLayer';

/** When the dealer map must draw its markers again during a pan or zoom (the rest of the time it moves them). */
describe('The drawn area of the dealer map', () => {
  const view = { width: 1000, height: 600 };
  const margin = drawMargin(view);
  const start = initialView(view);

  test('The markers are drawn a sixth of the viewport past each edge, the land a quarter, at least 120 px', () => {
    expect(margin).toBe(167);
    expect(drawMargin({ width: 200, height: 100 })).toBe(120);
    expect(landMargin(view)).toBe(250);
    expect(landMargin({ width: 200, height: 100 })).toBe(120);
  });

  // the markers drawn for a view at the cluster zoom of its scale
  const drawnFor = (t: { k: number; x: number; y: number }) => ({ t, level: clusterZoom(t.k) });
  const settled = (drawn: ReturnType<typeof drawnFor>, now: { k: number; x: number; y: number }) =>
    markersToDraw(drawn, now, view, margin, false);
  const moving = (drawn: ReturnType<typeof drawnFor>, now: { k: number; x: number; y: number }) =>
    markersToDraw(drawn, now, view, margin, true);

  test('When the view has not moved, Then the drawn markers serve it', () => {
    expect(settled(drawnFor(start), start)).toBeNull();
    expect(moving(drawnFor(start), start)).toBeNull();
  });

  test('When the view is panned within the margin, Then the drawn markers serve it; past it, they are drawn again', () => {
    const drawn = drawnFor(start);
    // a marker's symbol reaches 80 px past its point: 87 + 80 = 167
    expect(moving(drawn, { ...start, x: start.x - 87 })).toBeNull();
    expect(moving(drawn, { ...start, y: start.y + 87 })).toBeNull();
    expect(moving(drawn, { ...start, x: start.x - 88 })).toBe(drawn.level);
    expect(settled(drawn, { ...start, y: start.y - 88 })).toBe(drawn.level);
  });

  describe('Zooming', () => {
    // zoom 4 at scale k = 0.984 is cluster zoom 3: scale 1 (cluster zoom 4) to just under 2 stays one level
    const one = { k: 1, x: 0, y: 0 };
    const cx = view.width / 2;
    const cy = view.height / 2;
    const zoomed = (k: number) => ({ k, x: cx - (cx - one.x) * k, y: cy - (cy - one.y) * k });

    test('When the view is zoomed in within a level, Then the drawn markers serve it; settled past 1.5 times, the off-map ones go', () => {
      expect(settled(drawnFor(one), zoomed(1.5))).toBeNull();
      expect(settled(drawnFor(one), zoomed(1.6))).toBe(4);
      expect(moving(drawnFor(one), zoomed(1.6))).toBeNull();
      expect(scaleOfZoom(4, view)).toBeLessThan(1);
    });

    test('When the view is zoomed in past a level during a gesture, Then the clusters split only when two levels behind, or when it settles', () => {
      expect(settled(drawnFor(one), zoomed(2))).toBe(5);
      expect(moving(drawnFor(one), zoomed(2))).toBeNull();
      expect(moving(drawnFor(one), zoomed(7.9))).toBeNull();
      expect(moving(drawnFor(one), zoomed(8))).toBe(7);
      expect(settled({ t: zoomed(1.2), level: 4 }, zoomed(5))).toBe(6);
    });

    test('When the view is zoomed out past a level, Then the clusters merge at once', () => {
      expect(moving(drawnFor(one), zoomed(0.99))).toBe(3);
      // clusters left behind during a zoom in stay while the view zooms out towards their level
      expect(moving({ t: zoomed(2.5), level: 4 }, zoomed(2.4))).toBeNull();
      expect(moving({ t: zoomed(2.5), level: 5 }, zoomed(1.9))).toBe(4);
    });

    test('When the view is zoomed out within a level, Then the drawn markers serve it until the view leaves the area drawn', () => {
      // the view and 80 px around it must stay inside the area drawn: (1000 + 160) / 1.7 ≤ (1000 + 334) / 1.9
      expect(moving(drawnFor(zoomed(1.9)), zoomed(1.7))).toBeNull();
      expect(moving(drawnFor(zoomed(1.9)), zoomed(1.5))).toBe(4);
    });
  });

  test('When the land image is moved or scaled, Then it serves while it covers the map and is magnified at most twice', () => {
    const one = { k: 1, x: 0, y: 0 };
    const land = landMargin(view);
    const cx = view.width / 2;
    const cy = view.height / 2;
    const zoomed = (k: number) => ({ k, x: cx - cx * k, y: cy - cy * k });
    expect(landImageServes(one, one, view, land)).toBe(true);
    expect(landImageServes(one, { ...one, x: -250 }, view, land)).toBe(true);
    expect(landImageServes(one, { ...one, x: -251 }, view, land)).toBe(false);
    // asked for anew before it runs out: with half the margin still to go
    expect(landImageServes(one, { ...one, x: -125 }, view, land, land / 2)).toBe(true);
    expect(landImageServes(one, { ...one, x: -126 }, view, land, land / 2)).toBe(false);
    expect(landImageServes(one, zoomed(2), view, land)).toBe(true);
    expect(landImageServes(one, zoomed(2.1), view, land)).toBe(false);
    // zoomed out to two thirds, the image (the map and a quarter of it past each edge) just covers the map
    expect(landImageServes(one, zoomed(0.67), view, land)).toBe(true);
    expect(landImageServes(one, zoomed(0.66), view, land)).toBe(false);
  });

  test('The area drawn is the viewport and the margin, in world space', () => {
    const t = { k: 2, x: -100, y: 50 };
    expect(worldArea(t, view, 100)).toEqual([0, -75, 600, 325]);
  });
});

/** The map asks the cluster index only for the area it draws (its world box), at the view's cluster zoom. */
describe('The clusters of the drawn area', () => {
  // 2,000 dealers on a grid over Texas and Oklahoma
  const points = Array.from({ length: 2000 }, (_, i) => ({
    id: `D${i}`,
    position: { lat: 29 + (i % 50) * 0.1, lng: -103 + Math.floor(i / 50) * 0.2 },
  }));
  const index = clusterIndex(points);
  const counted = (features: MapFeature[]) =>
    features.reduce((sum, f) => sum + (f.kind === 'cluster' ? f.count : 1), 0);
  const keyOf = (f: MapFeature) => (f.kind === 'cluster' ? f.key : f.id);

  test('When the whole world is asked, Then the clusters count every dealer at every zoom', () => {
    for (const zoom of [3, 6, 9, 12, 15]) expect(counted(index.at(zoom))).toBe(2000);
    expect(index.at(15).every((f) => f.kind === 'dealer')).toBe(true);
  });

  test('When an area is asked, Then only the markers whose points are inside it come, the same as in the whole world', () => {
    const whole = index.at(8);
    const [x0, y0] = project({ lat: 33.05, lng: -99.9 }) ?? [0, 0];
    const [x1, y1] = project({ lat: 31.05, lng: -96.9 }) ?? [0, 0];
    const area = [x0, y0, x1, y1] as const;
    const inArea = index.at(8, area);
    const expected = whole.filter(({ world: [x, y] }) => x >= area[0] && y >= area[1] && x <= area[2] && y <= area[3]);
    expect(inArea.length).toBeGreaterThan(5);
    expect(inArea.length).toBeLessThan(whole.length);
    expect(inArea.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
  });

  test('When a dealer is drawn on its own, Then it is at its own projected point', () => {
    const point = points[123];
    const single = index.at(15).find((f) => f.kind === 'dealer' && f.id === 'D123');
    expect(point && single?.world).toEqual(point && project(point.position));
  });

  test('When the map is not dense, Then every dealer is its own marker, in the area asked', () => {
    const few = noClusters(points.slice(0, 10));
    expect(few.at(3)).toHaveLength(10);
    expect(few.at(3, [0, 0, 1, 1])).toHaveLength(0);
  });

  test('A pin is drawn from its point with relative path commands, scaled', () => {
    expect(pinPathAfterPoint(1)).toBe('c-1.2 -4.2 -6 -7.3 -6 -11.6a6 6 0 0 1 12 0c0 4.3 -4.8 7.4 -6 11.6z');
    expect(pinPathAfterPoint(2)).toBe('c-2.4 -8.4 -12 -14.6 -12 -23.2a12 12 0 0 1 24 0c0 8.6 -9.6 14.8 -12 23.2z');
  });
});

describe("The size of a cluster's circle", () => {
  test('When a cluster holds more dealers, Then its circle is larger, up to a bound', () => {
    expect(clusterRadius(3)).toBeLessThan(clusterRadius(300));
    expect(clusterRadius(300)).toBeLessThan(clusterRadius(30_000));
    expect(clusterRadius(10_000_000)).toBe(30);
  });

  test('When the map is phone-width, Then circles are smaller, so clusters a screen spacing apart do not cover each other', () => {
    for (const count of [3, 300, 3_000, 30_000]) expect(clusterRadius(count, true)).toBeLessThan(clusterRadius(count));
    // a level merges dealers within 37–74 screen px: two of the largest circles fit side by side in the shortest
    expect(clusterRadius(10_000_000, true)).toBe(18);
  });
});
