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
 */
type Feature = import('geojson').Feature;
interface Shape {
  feature: Feature;
  box: [number, number, number, number]; // min lng, min lat, max lng, max lat
  /** every ring of every polygon, as flat [lng0, lat0, lng1, lat1, ...] */
  rings: Float64Array[];
}

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

export interface StateShapes {
  contains: StateCheck;
  readonly states: number;
}

let loading: Promise<StateShapes> | undefined;

export function loadStateShapes(): Promise<StateShapes> {
  loading ??= build();
  return loading;
}

const MEMO_LIMIT = 200_000;

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
    shapes.set(code, { feature: f, box: [minLng, minLat, maxLng, maxLat], rings: ringsOf(f) });
  }
  const memo = new Map<string, boolean>();
  const contains: StateCheck = (state, lat, lng) => {
    const shape = shapes.get(state.toUpperCase());
    if (!shape) return null;
    const [minLng, minLat, maxLng, maxLat] = shape.box;
    // boxes that cross the antimeridian (Alaska) come back with min > max: skip the shortcut for them
    if (minLng <= maxLng && (lng < minLng || lng > maxLng || lat < minLat || lat > maxLat)) return false;
    const key = `${state}|${lat}|${lng}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const inside = planarContains(shape.rings, lng, lat) ?? geoContains(shape.feature, [lng, lat]);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, inside);
    return inside;
  };
  return { contains, states: shapes.size };
}
