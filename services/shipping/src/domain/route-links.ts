import type { Coordinates } from '@portal/contracts';

/**
 * Stops one Google Maps directions link carries besides its origin: 9 waypoints and the destination (the Maps
 * URLs API takes at most 9 waypoints).
 */
export const STOPS_PER_LINK = 10;
const DIRECTIONS = 'https://www.google.com/maps/dir/?api=1';

export interface LinkStop {
  coordinates: Coordinates | null;
  full_address: string;
}

/** Where Google Maps should go for a stop: its coordinates, else its address; null when it has neither. */
export function stopLocation(stop: LinkStop): string | null {
  if (stop.coordinates) return `${round6(stop.coordinates.lat)},${round6(stop.coordinates.lng)}`;
  const address = stop.full_address.trim();
  return address || null;
}

const round6 = (value: number) => Number(value.toFixed(6));

/**
 * Links that open the route in Google Maps (001 §7: stop coordinates as waypoints, the address when a stop has
 * none), in route order. The first link starts where the driver is (no origin) and carries up to 10 stops; when
 * the route has more, each further link starts at the previous link's last stop and carries the next 10.
 */
export function routeLinks(stops: readonly LinkStop[]): string[] {
  const locations = stops.map(stopLocation).filter((location): location is string => location !== null);
  const links: string[] = [];
  for (let start = 0; start < locations.length; start += STOPS_PER_LINK) {
    const chunk = locations.slice(start, start + STOPS_PER_LINK);
    const origin = start > 0 ? locations[start - 1] : undefined;
    const destination = chunk[chunk.length - 1] as string;
    const waypoints = chunk.slice(0, -1);
    let link = DIRECTIONS;
    if (origin) link += `&origin=${encodeURIComponent(origin)}`;
    link += `&destination=${encodeURIComponent(destination)}`;
    if (waypoints.length) link += `&waypoints=${waypoints.map(encodeURIComponent).join('%7C')}`;
    links.push(`${link}&travelmode=driving`);
  }
  return links;
}
