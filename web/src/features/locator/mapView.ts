import { geoAlbersUsa } from 'd3-geo';
import type { LatLng } from './geo';

/**
 * The offline map's geometry. Points are projected with Albers USA into the 975 × 610 space us-atlas's
 * pre-projected states use (`states-albers-10m`); a view transform `{k, x, y}` maps that space to the screen
 * (screen = world × k + (x, y)), as d3-zoom's transform does. Zoom levels follow web maps: at zoom 4 the US fills the
 * view, each level doubles the scale (001 §9: initial 4, min 3, max 18, search 10).
 */
export const WORLD_WIDTH = 975;
export const WORLD_HEIGHT = 610;

/** 001 §9: the default centre, zooms, and the locator's fit padding. */
export const MAP_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 };
export const INITIAL_ZOOM = 4;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 18;
export const SEARCH_ZOOM = 10;
export const FIT_MAX_ZOOM = 12;
export const ADMIN_FIT_PADDING = 50;
export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}
export const LOCATOR_FIT_PADDING: Padding = { top: 80, bottom: 60, left: 60, right: 60 };
/** 001 §4: fit bounds 2 s after dealers arrive; refit 0.5 s after the results panel closes. */
export const AUTO_FIT_DELAY_MS = 2000;
export const REFIT_AFTER_CLOSE_MS = 500;
/**
 * Below this map width (a phone) the country fits in a third of the pixels: the clusters' circles are drawn smaller
 * (clusters.ts: clusterRadius), as their spacing on the screen stays the same.
 */
export const COMPACT_MAP_WIDTH = 560;

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}
export interface Viewport {
  width: number;
  height: number;
}

const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);

/** A point in the map's world space, or null outside the projection (Albers USA covers the 50 states). */
export function project(point: LatLng): [number, number] | null {
  return projection([point.lng, point.lat]);
}

/** The scale at which the US (the world space) fits the viewport: zoom 4. */
export function baseScale(view: Viewport): number {
  return Math.max(1e-6, Math.min(view.width / WORLD_WIDTH, view.height / WORLD_HEIGHT));
}

export function scaleOfZoom(zoom: number, view: Viewport): number {
  return baseScale(view) * 2 ** (zoom - INITIAL_ZOOM);
}

export function zoomOfScale(k: number, view: Viewport): number {
  return INITIAL_ZOOM + Math.log2(k / baseScale(view));
}

/** The scale range d3-zoom allows: zoom 3 to 18. */
export function scaleExtent(view: Viewport): [number, number] {
  return [scaleOfZoom(MIN_ZOOM, view), scaleOfZoom(MAX_ZOOM, view)];
}

/** The view centred on a world point at a zoom. */
export function centredOn(world: [number, number], zoom: number, view: Viewport): ViewTransform {
  const k = scaleOfZoom(zoom, view);
  return { k, x: view.width / 2 - world[0] * k, y: view.height / 2 - world[1] * k };
}

/** The starting view: centred on the continental US at zoom 4. */
export function initialView(view: Viewport): ViewTransform {
  const centre = project(MAP_CENTER) ?? [WORLD_WIDTH / 2, WORLD_HEIGHT / 2];
  return centredOn(centre, INITIAL_ZOOM, view);
}

/**
 * The view that shows every world point inside the padding, at most at `maxZoom` (one point: centred at
 * `maxZoom`); the initial view when there is none.
 */
export function fitView(
  points: readonly [number, number][],
  view: Viewport,
  padding: Padding,
  maxZoom = FIT_MAX_ZOOM,
): ViewTransform {
  if (points.length === 0) return initialView(view);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const innerWidth = Math.max(1, view.width - padding.left - padding.right);
  const innerHeight = Math.max(1, view.height - padding.top - padding.bottom);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const fitK = Math.min(spanX > 0 ? innerWidth / spanX : Infinity, spanY > 0 ? innerHeight / spanY : Infinity);
  const [minK] = scaleExtent(view);
  const k = Math.max(minK, Math.min(fitK, scaleOfZoom(maxZoom, view)));
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return {
    k,
    x: padding.left + innerWidth / 2 - cx * k,
    y: padding.top + innerHeight / 2 - cy * k,
  };
}

/** A padding of the same size on every side (the admin map's 50). */
export function evenPadding(size: number): Padding {
  return { top: size, right: size, bottom: size, left: size };
}

/** Where a world point lands on the screen. */
export function toScreen(world: [number, number], t: ViewTransform): [number, number] {
  return [world[0] * t.k + t.x, world[1] * t.k + t.y];
}

/**
 * The zoom the cluster index is asked at: supercluster's tiles have 512 px × 2^z across 360° of longitude, about the
 * Albers scale 1300 of the world space at z = 4, so the screen scale k gives z = 4 + log2(k).
 */
export function clusterZoom(k: number): number {
  return Math.max(0, Math.floor(INITIAL_ZOOM + Math.log2(k)));
}

/**
 * How far past the viewport (screen px) the map asks for the markers it draws, so that a pan or a zoom out shows them
 * at once: the area is asked for again when the view nears its edge (see `markersToDraw`), and its markers get
 * elements as they come into view (`markerLayer`). A sixth of the viewport: the area of half a viewport past each
 * edge held four to five times the markers in view.
 */
export function drawMargin(view: Viewport): number {
  return Math.round(Math.max(120, Math.max(view.width, view.height) / 6));
}

/**
 * How far past the viewport (screen px) the land image reaches: a pan or a zoom out only moves and scales it until
 * it no longer covers the map. A quarter of the viewport: the image (the map and the margins, about three million
 * pixels at 1280 × 860) is drawn in a worker, but handing it to the page and compositing it are the page's work.
 */
export function landMargin(view: Viewport): number {
  return Math.round(Math.max(120, Math.max(view.width, view.height) / 4));
}

/** The box of the world space drawn for the view `t`: its viewport with `margin` screen px past each edge. */
export function worldArea(t: ViewTransform, view: Viewport, margin: number): [number, number, number, number] {
  return [
    (-margin - t.x) / t.k,
    (-margin - t.y) / t.k,
    (view.width + margin - t.x) / t.k,
    (view.height + margin - t.y) / t.k,
  ];
}

/**
 * Whether what was drawn for the view `drawn`, `margin` px past each edge of its viewport, still covers the viewport
 * of the view `now` with `edge` px around it.
 */
export function areaCovers(
  drawn: ViewTransform,
  now: ViewTransform,
  view: Viewport,
  margin: number,
  edge = 0,
): boolean {
  const toWorld = (t: ViewTransform, sx: number, sy: number): [number, number] => [(sx - t.x) / t.k, (sy - t.y) / t.k];
  const [nx0, ny0] = toWorld(now, -edge, -edge);
  const [nx1, ny1] = toWorld(now, view.width + edge, view.height + edge);
  const [dx0, dy0] = toWorld(drawn, -margin, -margin);
  const [dx1, dy1] = toWorld(drawn, view.width + margin, view.height + margin);
  return nx0 >= dx0 && ny0 >= dy0 && nx1 <= dx1 && ny1 <= dy1;
}

/** How far (screen px) a marker's symbol reaches past its point: a large pin is about 70 px tall. */
export const SYMBOL_REACH = 80;

/** Zoomed in this much since the markers were drawn, most of them are off the map: dropped when the view settles. */
export const DRAWN_MAX_MAGNIFICATION = 1.5;
/** During a gesture, the clusters may stay this many zoom levels coarser than the view's before they are split. */
export const MAX_CLUSTER_LAG = 2;

/** What the markers were drawn for: the view, and the cluster zoom they were drawn at. */
export interface DrawnMarkers {
  t: ViewTransform;
  level: number;
}

/**
 * The cluster zoom at which the markers are to be drawn again for the view `now`, or null while the markers drawn
 * (every marker within `margin` px of the viewport of `drawn.t`, clustered at `drawn.level`) still serve it.
 *
 * They are drawn again when the view's cluster zoom is coarser than theirs (zoomed out: merged clusters, fewer
 * markers), when the viewport of `now` with `edge` px around it (a marker's symbol reaches that far past its point)
 * leaves the area drawn, and, once the view has settled (`moving` false), when it is at a finer cluster zoom or
 * zoomed in 1.5 times since (most of the markers are off the map then). While the view moves the clusters are split
 * only when they lag more than two levels behind: splitting redraws every cluster in view, and a wheel zoom crosses
 * a level every few notches. Until then they spread apart with the view, as when a gesture ends before a level.
 */
export function markersToDraw(
  drawn: DrawnMarkers,
  now: ViewTransform,
  view: Viewport,
  margin: number,
  moving: boolean,
  edge = SYMBOL_REACH,
): number | null {
  const level = clusterZoom(now.k);
  const target = moving && level > drawn.level && level - drawn.level <= MAX_CLUSTER_LAG ? drawn.level : level;
  if (target !== drawn.level) return target;
  if (!areaCovers(drawn.t, now, view, margin, edge)) return target;
  if (!moving && now.k / drawn.t.k > DRAWN_MAX_MAGNIFICATION) return target;
  return null;
}

/**
 * Whether the land drawn (as an image) for the view `drawn` can still be shown, moved and scaled, for `now`: it
 * covers the viewport with `edge` px around it (a new image is asked for before the old one runs out) and is
 * magnified at most twice (sharper again when the gesture ends).
 */
export function landImageServes(
  drawn: ViewTransform,
  now: ViewTransform,
  view: Viewport,
  margin: number,
  edge = 0,
): boolean {
  return now.k / drawn.k <= 2 && areaCovers(drawn, now, view, margin, edge);
}
