import {
  drawMargin,
  drawnAreaCovers,
  initialView,
  landImageServes,
  scaleOfZoom,
} from '../../src/features/locator/mapView';

/** When the dealer map must draw its markers again during a pan or zoom (the rest of the time it moves them). */
describe('The drawn area of the dealer map', () => {
  const view = { width: 1000, height: 600 };
  const margin = drawMargin(view);
  const start = initialView(view);

  test('The markers are drawn half a viewport past each edge, at least 120 px', () => {
    expect(margin).toBe(500);
    expect(drawMargin({ width: 200, height: 100 })).toBe(120);
  });

  test('When the view has not moved, Then the drawn markers serve it', () => {
    expect(drawnAreaCovers(start, start, view, margin)).toBe(true);
  });

  test('When the view is panned within the margin, Then the drawn markers serve it; past it, they are drawn again', () => {
    expect(drawnAreaCovers(start, { ...start, x: start.x - 400 }, view, margin)).toBe(true);
    expect(drawnAreaCovers(start, { ...start, y: start.y + 400 }, view, margin)).toBe(true);
    // a marker's symbol reaches 60 px past its point: 441 + 60 > 500
    expect(drawnAreaCovers(start, { ...start, x: start.x - 441 }, view, margin)).toBe(false);
    expect(drawnAreaCovers(start, { ...start, y: start.y - 600 }, view, margin)).toBe(false);
  });

  test('When the view is zoomed within a cluster zoom level, Then the drawn markers serve it; across a level, not', () => {
    // zoom 4 at scale k = 0.984 is cluster zoom 3: scale 1 (cluster zoom 4) to just under 2 stays one level
    const one = { k: 1, x: 0, y: 0 };
    const cx = view.width / 2;
    const cy = view.height / 2;
    const zoomed = (k: number) => ({ k, x: cx - (cx - one.x) * k, y: cy - (cy - one.y) * k });
    expect(drawnAreaCovers(one, zoomed(1.5), view, margin)).toBe(true);
    expect(drawnAreaCovers(one, zoomed(2), view, margin)).toBe(false);
    expect(drawnAreaCovers(zoomed(1.9), zoomed(1.2), view, margin)).toBe(true);
    expect(drawnAreaCovers(zoomed(1.9), zoomed(0.9), view, margin)).toBe(false);
    expect(scaleOfZoom(4, view)).toBeLessThan(1);
  });

  test('When the land image is moved or scaled, Then it serves while it covers the map and is magnified at most twice', () => {
    const one = { k: 1, x: 0, y: 0 };
    const cx = view.width / 2;
    const cy = view.height / 2;
    const zoomed = (k: number) => ({ k, x: cx - cx * k, y: cy - cy * k });
    expect(landImageServes(one, one, view, margin)).toBe(true);
    expect(landImageServes(one, { ...one, x: -500 }, view, margin)).toBe(true);
    expect(landImageServes(one, { ...one, x: -501 }, view, margin)).toBe(false);
    expect(landImageServes(one, zoomed(2), view, margin)).toBe(true);
    expect(landImageServes(one, zoomed(2.1), view, margin)).toBe(false);
    // zoomed out to half, the image (the map and half of it past each edge) just covers the map
    expect(landImageServes(one, zoomed(0.5), view, margin)).toBe(true);
    expect(landImageServes(one, zoomed(0.45), view, margin)).toBe(false);
  });
});
