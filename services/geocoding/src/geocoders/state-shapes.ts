import type { StateCheck } from '../domain/diagnosis';
import { US_STATE_NAMES } from '../domain/us-states';

/**
 * The states' shapes from us-atlas (US Census Bureau cartographic boundaries, 1:10m), converted from TopoJSON
 * with topojson-client, and d3-geo's spherical point-in-polygon (geoContains) as the authority. geoContains
 * costs about 0.2 ms per point for a large state, too much for a diagnosis of 10,000 dealers, so a point is
 * first checked against the state's bounding box, then by a planar even-odd test over the same rings that also
 * measures how far the point is from the border: only a point within BORDER_DEGREES of an edge (where a planar
 * and a spherical answer may differ) is handed to geoContains. Answers are remembered per point, since dealers
 * share ZIP and city centroids. d3-geo and topojson-client are ES modules: loaded once, asynchronously, when
 * the service starts.
 *
 * The shapes follow the shoreline, and the centroid of a coastal or island ZIP (Key West, the Outer Banks,
 * Nantucket) often lies in the water just off it. So a point outside its state still counts as inside when it is
 * within COAST_TOLERANCE_KM of the state's outline and inside no other state: water next to the state, never the
 * neighbouring state's land (a point across a land border stays outside).
 */
type Feature = import('geojson').Feature;
interface Shape {
  feature: Feature;
  box: [number, number, number, number]; // min lng, min lat, max lng, max lat
  /** every ring of every polygon, as flat [lng0, lat0, lng1, lat1, ...] */
  rings: Float64Array[];
  /** answers already worked out: latitude → longitude → inside */
  memo: Map<number, Map<number, boolean>>;
}

/** A point in the water (inside no state) this close to its state's outline counts as inside the state. */
export const COAST_TOLERANCE_KM = 15;

/** Closer to a border than this (in degrees, about 2 km), geoContains decides. */
export const BORDER_DEGREES = 0.02;

/** Even-odd planar test, and whether the point is near an edge (then the answer is null: ask geoContains). */
export function planarContains(rings: readonly Float64Array[], lng: number, lat: number): boolean | null {
  let inside = false;
  const near = BORDER_DEGREES * BORDER_DEGREES;
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const xi = ring[i] as number;
      const yi = ring[i + 1] as number;
      const xj = ring[j] as number;
      const yj = ring[j + 1] as number;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      // squared distance from the point to the segment
      const dx = xj - xi;
      const dy = yj - yi;
      const len = dx * dx + dy * dy;
      let t = len > 0 ? ((lng - xi) * dx + (lat - yi) * dy) / len : 0;
      t = Math.min(1, Math.max(0, t));
      const px = xi + t * dx - lng;
      const py = yi + t * dy - lat;
      if (px * px + py * py < near) return null;
    }
  }
  return inside;
}

function ringsOf(feature: Feature): Float64Array[] {
  const g = feature.geometry;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  return polygons.flatMap((polygon) => polygon.map((ring) => Float64Array.from(ring.flat())));
}

const KM_PER_DEGREE_LAT = 110.574;
const KM_PER_DEGREE_LNG_AT_EQUATOR = 111.32;

/**
 * How far a point is from the nearest edge of the rings, in kilometres: each edge measured in a plane local to
 * the point (longitudes shortened by the cosine of its latitude), which is within a fraction of a percent of the
 * great-circle distance over the few kilometres that matter here. Infinity when no ring comes near `withinKm`.
 */
export function distanceToRingsKm(rings: readonly Float64Array[], lng: number, lat: number, withinKm: number): number {
  const kx = KM_PER_DEGREE_LNG_AT_EQUATOR * Math.cos((lat * Math.PI) / 180);
  const ky = KM_PER_DEGREE_LAT;
  let best = withinKm * withinKm;
  let found = false;
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const xi = ((ring[i] as number) - lng) * kx;
      const yi = ((ring[i + 1] as number) - lat) * ky;
      const xj = ((ring[j] as number) - lng) * kx;
      const yj = ((ring[j + 1] as number) - lat) * ky;
      const dx = xj - xi;
      const dy = yj - yi;
      const len = dx * dx + dy * dy;
      let t = len > 0 ? (-xi * dx - yi * dy) / len : 0;
      t = Math.min(1, Math.max(0, t));
      const px = xi + t * dx;
      const py = yi + t * dy;
      const d = px * px + py * py;
      if (d <= best) {
        best = d;
        found = true;
      }
    }
  }
  return found ? Math.sqrt(best) : Number.POSITIVE_INFINITY;
}

export interface StateShapes {
  /** inside the state, or in the water within COAST_TOLERANCE_KM of it (remembered per point) */
  contains: StateCheck;
  /** inside the state's own outline, no tolerance */
  onLand: StateCheck;
  readonly states: number;
}

let loading: Promise<StateShapes> | undefined;

export function loadStateShapes(): Promise<StateShapes> {
  loading ??= build();
  return loading;
}

const MEMO_LIMIT = 200_000;

/**
 * Whether a point is inside a box grown by the margins (degrees). Boxes that cross the antimeridian (Alaska)
 * come back from geoBounds with min > max: every point passes (the shape decides).
 */
function inBox(box: Shape['box'], lat: number, lng: number, marginLat: number, marginLng: number): boolean {
  const [minLng, minLat, maxLng, maxLat] = box;
  if (minLng > maxLng) return true;
  return (
    lng >= minLng - marginLng && lng <= maxLng + marginLng && lat >= minLat - marginLat && lat <= maxLat + marginLat
  );
}

async function build(): Promise<StateShapes> {
  const [{ geoContains, geoBounds }, { feature }] = await Promise.all([import('d3-geo'), import('topojson-client')]);
  // biome-ignore lint/suspicious/noExplicitAny: the TopoJSON file's shape is checked by topojson-client
  const topology: any = require('us-atlas/states-10m.json');
  const collection = feature(topology, topology.objects.states) as unknown as { features: Feature[] };
  const codeOf = new Map(Object.entries(US_STATE_NAMES).map(([code, name]) => [name, code]));
  const shapes = new Map<string, Shape>();
  for (const f of collection.features) {
    const code = codeOf.get((f.properties as { name?: string } | null)?.name ?? '');
    if (!code) continue;
    const [[minLng, minLat], [maxLng, maxLat]] = geoBounds(f);
    shapes.set(code, { feature: f, box: [minLng, minLat, maxLng, maxLat], rings: ringsOf(f), memo: new Map() });
  }
  const inShape = (shape: Shape, lat: number, lng: number) =>
    inBox(shape.box, lat, lng, 0, 0) &&
    (planarContains(shape.rings, lng, lat) ?? geoContains(shape.feature, [lng, lat]));
  /** outside its state: in the water within the tolerance of its outline (inside no other state) */
  const offItsCoast = (shape: Shape, lat: number, lng: number) => {
    if (distanceToRingsKm(shape.rings, lng, lat, COAST_TOLERANCE_KM) > COAST_TOLERANCE_KM) return false;
    for (const other of shapes.values()) if (other !== shape && inShape(other, lat, lng)) return false;
    return true;
  };
  let remembered = 0;
  const contains: StateCheck = (state, lat, lng) => {
    const shape = shapes.get(state) ?? shapes.get(state.toUpperCase());
    if (!shape) return null;
    // remembered per state by latitude, then longitude (number keys: no string to build per point)
    let byLng = shape.memo.get(lat);
    const known = byLng?.get(lng);
    if (known !== undefined) return known;
    const marginLat = COAST_TOLERANCE_KM / KM_PER_DEGREE_LAT;
    const marginLng = COAST_TOLERANCE_KM / (KM_PER_DEGREE_LNG_AT_EQUATOR * Math.cos((lat * Math.PI) / 180));
    if (!inBox(shape.box, lat, lng, marginLat, marginLng)) return false;
    const inside =
      (planarContains(shape.rings, lng, lat) ?? geoContains(shape.feature, [lng, lat])) || offItsCoast(shape, lat, lng);
    if (remembered >= MEMO_LIMIT) {
      for (const s of shapes.values()) s.memo.clear();
      remembered = 0;
      byLng = undefined;
    }
    if (!byLng) {
      byLng = new Map();
      shape.memo.set(lat, byLng);
    }
    byLng.set(lng, inside);
    remembered += 1;
    return inside;
  };
  const onLand: StateCheck = (state, lat, lng) => {
    const shape = shapes.get(state) ?? shapes.get(state.toUpperCase());
    return shape ? inShape(shape, lat, lng) : null;
  };
  return { contains, onLand, states: shapes.size };
}
