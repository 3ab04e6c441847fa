import Supercluster from 'supercluster';
import type { LatLng } from './geo';

/** A marker to draw: one dealer, or a cluster of several. */
export type MapFeature =
  | { kind: 'dealer'; id: string; position: LatLng }
  | {
      kind: 'cluster';
      id: number;
      position: LatLng;
      count: number;
      /** the zoom at which it splits (asked when it is opened: costly for thousands of clusters at once) */
      expansionZoom: () => number;
    };

/** Beyond this many markers the map clusters them even when clustering is not switched on ("when dense"). */
export const DENSE_MARKERS = 150;
/** The radius (px) within which markers join a cluster. */
export const CLUSTER_RADIUS = 48;
/** Past this zoom every dealer is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;

/** Clustering is used when switched on and there is more than one marker, or always when the map is dense. */
export function shouldCluster(count: number, enabled: boolean): boolean {
  return count > DENSE_MARKERS || (enabled && count > 1);
}

export interface PointInput {
  id: string;
  position: LatLng;
}

/** An index of the points that answers the markers to draw at a zoom. */
export interface ClusterIndex {
  at(zoom: number): MapFeature[];
}

/** Every point on its own, at any zoom. */
export function noClusters(points: readonly PointInput[]): ClusterIndex {
  const features: MapFeature[] = points.map((point) => ({ kind: 'dealer', id: point.id, position: point.position }));
  return { at: () => features };
}

/** A supercluster index of the points: clusters (with their count and the zoom they split at) and single dealers. */
export function clusterIndex(points: readonly PointInput[]): ClusterIndex {
  const index = new Supercluster<{ id: string }>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 3,
  });
  index.load(
    points.map((point) => ({
      type: 'Feature' as const,
      properties: { id: point.id },
      geometry: { type: 'Point' as const, coordinates: [point.position.lng, point.position.lat] },
    })),
  );
  const byZoom = new Map<number, MapFeature[]>();
  return {
    at(zoom) {
      const z = Math.max(0, Math.min(CLUSTER_MAX_ZOOM + 1, Math.floor(zoom)));
      const cached = byZoom.get(z);
      if (cached) return cached;
      const features: MapFeature[] = index.getClusters([-180, -85, 180, 85], z).map((feature) => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          id?: string;
        };
        if (props.cluster && props.cluster_id !== undefined) {
          const clusterId = props.cluster_id;
          return {
            kind: 'cluster',
            id: props.cluster_id,
            position: { lat, lng },
            count: props.point_count ?? 0,
            expansionZoom: () => index.getClusterExpansionZoom(clusterId),
          };
        }
        return { kind: 'dealer', id: String(props.id), position: { lat, lng } };
      });
      byZoom.set(z, features);
      return features;
    },
  };
}

/** The label of a cluster's count: 1,234 as 1.2k. */
export function clusterLabel(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${(count / 1000).toFixed(1)}k`;
  return String(count);
}

/** A cluster's circle radius grows with the log of its count. */
export function clusterRadius(count: number): number {
  return Math.round(14 + Math.min(16, Math.log10(Math.max(1, count)) * 6));
}
