import Supercluster from 'supercluster';
import type { LatLng } from './geo';
import { project, WORLD_HEIGHT, WORLD_WIDTH } from './mapView';

/** A marker to draw: one dealer, or a cluster of several, at its point in the map's world space. */
export type MapFeature =
  | { kind: 'dealer'; id: string; world: [number, number] }
  | {
      kind: 'cluster';
      /** the same cluster at the same zoom has the same key (the map keeps its element while it stays drawn) */
      key: string;
      world: [number, number];
      count: number;
      /** the zoom at which it splits (asked when it is opened: costly for thousands of clusters at once) */
      expansionZoom: () => number;
    };

/** A box of the world space: [x0, y0, x1, y1]. */
export type WorldBox = readonly [number, number, number, number];

/** The radius (px of supercluster's tiles, see `TILE_PER_WORLD`) within which markers join a cluster. */
export const CLUSTER_RADIUS = 48;
/** Past this zoom every dealer is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;

/**
 * The index is built in the map's world space (Albers USA), not in longitude/latitude: the map asks it for the
 * clusters of the area it draws, a box of the world space, and gets world points back without projecting them.
 * supercluster works in a unit square (its tile at zoom z is 512 × 2^z px across it): the world space is placed
 * in the middle of that square at `1 / TILE_PER_WORLD` units per world unit. 1.29 tile px per world unit at zoom 4
 * is what a world unit was in Web Mercator at the US's middle latitudes (about 39°N) when the index took
 * longitude/latitude, so the clusters keep the size they had (48 tile px are 37–74 screen px).
 */
const TILE_PER_WORLD = (512 * 16) / 1.29;
const toUnitX = (x: number) => 0.5 + (x - WORLD_WIDTH / 2) / TILE_PER_WORLD;
const toUnitY = (y: number) => 0.5 + (y - WORLD_HEIGHT / 2) / TILE_PER_WORLD;
const fromUnitX = (u: number) => WORLD_WIDTH / 2 + (u - 0.5) * TILE_PER_WORLD;
const fromUnitY = (u: number) => WORLD_HEIGHT / 2 + (u - 0.5) * TILE_PER_WORLD;
// supercluster's own conversions (longitude/latitude to its unit square and back), so that a point given as the
// "longitude/latitude" of a unit point lands exactly there
const unitToLng = (u: number) => (u - 0.5) * 360;
const unitToLat = (u: number) => (360 * Math.atan(Math.exp(((180 - u * 360) * Math.PI) / 180))) / Math.PI - 90;
const lngToUnit = (lng: number) => lng / 360 + 0.5;
const latToUnit = (lat: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
};

/**
 * Clustering is used only when switched on ("Cluster nearby markers") and there is more than one marker: switched
 * off, every dealer is its own marker however many there are.
 */
export function shouldCluster(count: number, enabled: boolean): boolean {
  return enabled && count > 1;
}

export interface PointInput {
  id: string;
  position: LatLng;
}

/** An index of the points that answers the markers to draw at a zoom, all of them or those in an area. */
export interface ClusterIndex {
  at(zoom: number, area?: WorldBox): MapFeature[];
}

const inside = ([x, y]: [number, number], area: WorldBox | undefined) =>
  !area || (x >= area[0] && y >= area[1] && x <= area[2] && y <= area[3]);

/** The points the map can draw (Albers USA covers the 50 states), with their world points. */
function projected(points: readonly PointInput[]): { id: string; world: [number, number] }[] {
  return points.flatMap((point) => {
    const world = project(point.position);
    return world ? [{ id: point.id, world }] : [];
  });
}

/** Every point on its own, at any zoom. */
export function noClusters(points: readonly PointInput[]): ClusterIndex {
  const features: MapFeature[] = projected(points).map(({ id, world }) => ({ kind: 'dealer', id, world }));
  return { at: (_zoom, area) => (area ? features.filter((feature) => inside(feature.world, area)) : features) };
}

/** A supercluster index of the points: clusters (with their count and the zoom they split at) and single dealers. */
export function clusterIndex(points: readonly PointInput[]): ClusterIndex {
  const index = new Supercluster<{ id: string }>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 3,
  });
  const worlds = new Map<string, [number, number]>();
  index.load(
    projected(points).map(({ id, world }) => {
      worlds.set(id, world);
      return {
        type: 'Feature' as const,
        properties: { id },
        geometry: {
          type: 'Point' as const,
          coordinates: [unitToLng(toUnitX(world[0])), unitToLat(toUnitY(world[1]))],
        },
      };
    }),
  );
  return {
    at(zoom, area) {
      const z = Math.max(0, Math.min(CLUSTER_MAX_ZOOM + 1, Math.floor(zoom)));
      const box: [number, number, number, number] = area
        ? [
            unitToLng(toUnitX(area[0])),
            unitToLat(toUnitY(area[3])),
            unitToLng(toUnitX(area[2])),
            unitToLat(toUnitY(area[1])),
          ]
        : [-180, -90, 180, 90];
      return index.getClusters(box, z).map((feature): MapFeature => {
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          id?: string;
        };
        if (props.cluster && props.cluster_id !== undefined) {
          const [lng, lat] = feature.geometry.coordinates as [number, number];
          const clusterId = props.cluster_id;
          return {
            kind: 'cluster',
            key: `${z}:${clusterId}`,
            world: [fromUnitX(lngToUnit(lng)), fromUnitY(latToUnit(lat))],
            count: props.point_count ?? 0,
            expansionZoom: () => index.getClusterExpansionZoom(clusterId),
          };
        }
        const id = String(props.id);
        return { kind: 'dealer', id, world: worlds.get(id) ?? [0, 0] };
      });
    },
  };
}

/** The label of a cluster's count: 1,234 as 1.2k. */
export function clusterLabel(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${(count / 1000).toFixed(1)}k`;
  return String(count);
}

/**
 * A cluster's circle radius grows with the log of its count (14–30 px; 10–18 px on a compact map, where clusters of
 * the same screen spacing hold three times the dealers and full-size circles would cover each other).
 */
export function clusterRadius(count: number, compact = false): number {
  const growth = Math.log10(Math.max(1, count));
  return compact ? Math.round(10 + Math.min(8, growth * 3.5)) : Math.round(14 + Math.min(16, growth * 6));
}
