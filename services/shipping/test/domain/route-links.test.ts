import { routeLinks, STOPS_PER_LINK, stopLocation } from '../../src/domain/route-links';

const at = (lat: number, lng: number, full_address = '') => ({ coordinates: { lat, lng }, full_address });
const address = (full_address: string) => ({ coordinates: null, full_address });
const params = (link: string) => new URL(link).searchParams;

describe('Google Maps route links (001 §7)', () => {
  test('When stops have coordinates, Then the link joins them as waypoints and ends at the last stop', () => {
    const [link, ...rest] = routeLinks([at(39.1, -94.58), at(41.878114, -87.629798), at(25.7617, -80.1918)]);
    expect(rest).toEqual([]);
    expect(link?.startsWith('https://www.google.com/maps/dir/?api=1&')).toBe(true);
    const query = params(link as string);
    expect(query.get('origin')).toBeNull(); // starts where the driver is
    expect(query.get('waypoints')).toBe('39.1,-94.58|41.878114,-87.629798');
    expect(query.get('destination')).toBe('25.7617,-80.1918');
    expect(query.get('travelmode')).toBe('driving');
  });

  test('When a stop has no coordinates, Then its address stands in; a stop with neither is left out', () => {
    expect(stopLocation(address('1 Main St, Waco, TX 76701'))).toBe('1 Main St, Waco, TX 76701');
    expect(stopLocation(address('  '))).toBeNull();
    const [link] = routeLinks([address('1 Main St, Waco, TX 76701'), address(''), at(30, -97)]);
    expect(params(link as string).get('waypoints')).toBe('1 Main St, Waco, TX 76701');
    expect(params(link as string).get('destination')).toBe('30,-97');
  });

  test('When the route has more stops than one link carries, Then it is split and each link starts where the last ended', () => {
    const stops = Array.from({ length: 23 }, (_, i) => at(30 + i, -90));
    const links = routeLinks(stops);
    expect(STOPS_PER_LINK).toBe(10);
    expect(links).toHaveLength(3);
    const [first, second, third] = links.map(params);
    expect(first?.get('waypoints')?.split('|')).toHaveLength(9);
    expect(first?.get('destination')).toBe('39,-90');
    expect(second?.get('origin')).toBe('39,-90');
    expect(second?.get('waypoints')?.split('|')).toHaveLength(9);
    expect(second?.get('destination')).toBe('49,-90');
    expect(third?.get('origin')).toBe('49,-90');
    expect(third?.get('waypoints')?.split('|')).toEqual(['50,-90', '51,-90']);
    expect(third?.get('destination')).toBe('52,-90');
    // every stop is visited once, in order
    const visited = links.flatMap((link) => {
      const q = params(link);
      return [...(q.get('waypoints')?.split('|') ?? []), q.get('destination')];
    });
    expect(visited).toEqual(stops.map((stop) => `${stop.coordinates.lat},-90`));
  });

  test('When the route has exactly 10 stops or one stop or none, Then it is one link, one link, no link', () => {
    expect(routeLinks(Array.from({ length: 10 }, (_, i) => at(30 + i, -90)))).toHaveLength(1);
    const [single] = routeLinks([at(30, -90)]);
    expect(params(single as string).get('waypoints')).toBeNull();
    expect(routeLinks([])).toEqual([]);
  });
});
