import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'us-atlas/states-albers-10m.json';

export interface UsShapes {
  /** every state's outline, one path (already projected by us-atlas: Albers USA, 975 × 610) */
  land: string;
  /** the borders between states */
  borders: string;
}

let shapes: UsShapes | undefined;

/** The US drawn once: land and inner state borders, as SVG path data in the map's world space. */
export function usShapes(): UsShapes {
  if (shapes) return shapes;
  const topology = atlas as unknown as Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
  const path = geoPath();
  shapes = {
    land: path(feature(topology, topology.objects.nation)) ?? '',
    borders: path(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? '',
  };
  return shapes;
}
