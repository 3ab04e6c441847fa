import { greatCircleMiles } from '../../src/domain/geo';
import { optimizeStops } from '../../src/domain/optimize-route';
import { routeMetrics } from '../../src/domain/route-metrics';

const waco = { lat: 31.5493, lng: -97.1467 };
const austin = { lat: 30.2672, lng: -97.7431 };
const dallas = { lat: 32.7767, lng: -96.797 };

describe('per-stop distance and ETA', () => {
  test('When a route starts at a depot, Then each leg is measured from the previous stop and ETAs add service time', () => {
    const { stops, total_miles } = routeMetrics(
      [{ coordinates: austin }, { coordinates: null }, { coordinates: dallas }],
      {
        start: waco,
        average_speed_mph: 60,
        service_minutes: 10,
      },
    );
    const first = greatCircleMiles(waco, austin);
    const second = greatCircleMiles(austin, dallas);
    expect(stops[0]).toEqual({ leg_miles: Math.round(first * 10) / 10, eta_minutes: Math.round(first) });
    expect(stops[1]).toEqual({ leg_miles: null, eta_minutes: null });
    // from the last stop with coordinates; two stops served before it
    expect(stops[2]).toEqual({ leg_miles: Math.round(second * 10) / 10, eta_minutes: Math.round(first + second + 20) });
    expect(total_miles).toBe(Math.round((first + second) * 10) / 10);
  });

  test('When no start point is set, Then the route starts at its first stop', () => {
    const { stops } = routeMetrics([{ coordinates: austin }, { coordinates: dallas }], {
      start: null,
      average_speed_mph: 45,
      service_minutes: 15,
    });
    expect(stops[0]).toEqual({ leg_miles: 0, eta_minutes: 0 });
    expect(stops[1]?.eta_minutes).toBe(Math.round((greatCircleMiles(austin, dallas) / 45) * 60 + 15));
  });
});

describe('Optimise on stops', () => {
  test('When a stop is locked or has no coordinates, Then it keeps its position; the others are reordered', () => {
    const stops = [
      { dealer_id: 'dallas', coordinates: dallas },
      { dealer_id: 'unknown', coordinates: null },
      { dealer_id: 'austin', coordinates: austin },
      { dealer_id: 'waco', coordinates: waco },
      { dealer_id: 'houston', coordinates: { lat: 29.7604, lng: -95.3698 } },
    ];
    const order = optimizeStops(stops, new Set(['houston']), austin);
    expect(order[1]).toBe('unknown');
    expect(order[4]).toBe('houston');
    expect(order[0]).toBe('austin'); // the start is in Austin
    expect([...order].sort()).toEqual(stops.map((stop) => stop.dealer_id).sort());
  });
});
