import { DEFAULT_MAP_CENTRE, degreeDistance } from '../../src/domain/geo';
import { moveStopInOrder, orderStops } from '../../src/domain/route-order';

// in the original order: Kansas City (near the centre), Denver, Chicago, no coordinates, Miami
const stops = [
  { dealer_id: 'kc', coordinates: { lat: 39.1, lng: -94.58 } },
  { dealer_id: 'den', coordinates: { lat: 39.74, lng: -104.99 } },
  { dealer_id: 'chi', coordinates: { lat: 41.88, lng: -87.63 } },
  { dealer_id: 'nowhere', coordinates: null },
  { dealer_id: 'mia', coordinates: { lat: 25.76, lng: -80.19 } },
];
const ids = (list: readonly { dealer_id: string }[]) => list.map((stop) => stop.dealer_id);

describe('route order modes (001 §4)', () => {
  test('When the mode is original, Then the stops keep the order of the shipment', () => {
    expect(ids(orderStops(stops, 'original', []))).toEqual(['kc', 'den', 'chi', 'nowhere', 'mia']);
  });

  test('When the mode is closest_first, Then stops go by straight-line degree distance from the map centre, unknown places last', () => {
    const ordered = orderStops(stops, 'closest_first', []);
    expect(ids(ordered)).toEqual(['kc', 'den', 'chi', 'mia', 'nowhere']);
    const distances = ordered.flatMap((stop) =>
      stop.coordinates ? [degreeDistance(stop.coordinates, DEFAULT_MAP_CENTRE)] : [],
    );
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  test('When the mode is closest_last, Then the furthest stop comes first and the closest last, unknown places after', () => {
    expect(ids(orderStops(stops, 'closest_last', []))).toEqual(['mia', 'chi', 'den', 'kc', 'nowhere']);
  });

  test('When two stops are equally far, Then they keep their original order', () => {
    const twins = [
      { dealer_id: 'east', coordinates: { lat: 39.8283, lng: -97.5795 } },
      { dealer_id: 'west', coordinates: { lat: 39.8283, lng: -99.5795 } },
    ];
    expect(ids(orderStops(twins, 'closest_first', []))).toEqual(['east', 'west']);
    expect(ids(orderStops(twins, 'closest_last', []))).toEqual(['east', 'west']);
  });

  test('When the mode is manual, Then the kept sequence orders the stops and a stop it does not name comes after', () => {
    expect(ids(orderStops(stops, 'manual', ['mia', 'kc', 'gone', 'chi']))).toEqual([
      'mia',
      'kc',
      'chi',
      'den',
      'nowhere',
    ]);
    expect(ids(orderStops(stops, 'optimized', ['den', 'kc', 'chi', 'nowhere', 'mia']))).toEqual([
      'den',
      'kc',
      'chi',
      'nowhere',
      'mia',
    ]);
  });
});

describe('moving a stop', () => {
  const order = ['a', 'b', 'c'];
  test('When a stop moves up or down, Then it swaps with its neighbour', () => {
    expect(moveStopInOrder(order, 'b', 'up')).toEqual({ ok: true, order: ['b', 'a', 'c'] });
    expect(moveStopInOrder(order, 'b', 'down')).toEqual({ ok: true, order: ['a', 'c', 'b'] });
    expect(order).toEqual(['a', 'b', 'c']);
  });

  test('When the first moves up, the last down or an unknown stop moves, Then the move is refused with its reason', () => {
    expect(moveStopInOrder(order, 'a', 'up')).toEqual({ ok: false, reason: 'first' });
    expect(moveStopInOrder(order, 'c', 'down')).toEqual({ ok: false, reason: 'last' });
    expect(moveStopInOrder(order, 'x', 'up')).toEqual({ ok: false, reason: 'unknown' });
  });
});
