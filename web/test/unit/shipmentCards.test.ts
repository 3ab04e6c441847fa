import type { ShipmentSummary } from '@portal/contracts';
import { shipmentDraft } from '../../src/features/shipping/orderSelection';
import {
  cardSummaryText,
  driverFilterOptions,
  driverLabel,
  driverOptions,
  glanceText,
  myRoutesStatus,
  newestOf,
  nextStopText,
} from '../../src/features/shipping/shipmentSummary';
import { dateFormatIn } from '../../src/format/date';
import { deliveredText } from '../../src/format/delivered';

function summary(fields: Partial<ShipmentSummary> = {}): ShipmentSummary {
  return {
    shipment_id: 'sh-1',
    shipment_name: 'Plains run',
    created_at: '2025-03-04T14:30:00.000Z',
    total_orders: 3,
    delivery_stats: { total_stops: 2, delivered_orders: 1, shipped_orders: 1 },
    status: 'IN PROGRESS',
    route_mode: 'original',
    total_miles: 812.44,
    driver: { email: 'dana@portal.test', full_name: 'Dana Driver' },
    departed_at: '2025-03-04T15:00:00.000Z',
    next_stop: { stop_number: 2, business_name: 'Prairie Blind Supply', full_address: '1 Main St, Wichita, KS' },
    ...fields,
  };
}

describe('A collapsed shipment card', () => {
  test('When a route has a driver, stops and a next stop, Then the card reads them at a glance', () => {
    expect(glanceText(summary())).toBe('Driver: Dana Driver · 2 stops · 812.4 mi');
    expect(nextStopText(summary())).toBe('Stop 2 · Prairie Blind Supply');
    expect(cardSummaryText(summary())).toBe(
      'Plains run: Driver: Dana Driver · 2 stops · 812.4 mi; IN PROGRESS; 1 of 3 orders delivered, 1 shipped; ' +
        'next: Stop 2 · Prairie Blind Supply',
    );
  });

  test('When nobody drives it, Then it says Unassigned; a driver without a name shows as their email', () => {
    expect(driverLabel(null)).toBe('Unassigned');
    expect(
      glanceText(summary({ driver: null, delivery_stats: { total_stops: 1, delivered_orders: 0, shipped_orders: 0 } })),
    ).toBe('Driver: Unassigned · 1 stop · 812.4 mi');
    expect(driverLabel({ email: 'x@portal.test', full_name: '  ' })).toBe('x@portal.test');
  });

  test('When every order is delivered, Then there is no next stop; a stop without a business name shows its address', () => {
    const done = summary({ status: 'COMPLETED', next_stop: null });
    expect(nextStopText(done)).toBe('Every order delivered');
    expect(cardSummaryText(done)).not.toContain('next:');
    expect(
      nextStopText(summary({ next_stop: { stop_number: 1, business_name: null, full_address: '9 Elm St' } })),
    ).toBe('Stop 1 · 9 Elm St');
  });
});

describe('Drivers: the filter, the Assign control and the create form', () => {
  const users = [
    { email: 'zed@portal.test', full_name: 'Zed Wheeler' },
    { email: 'b@portal.test', full_name: 'Alex Road' },
    { email: 'a@portal.test', full_name: 'Alex Road' },
  ];

  test('When delivery users are listed, Then they are by name, and two of one name are told apart by email', () => {
    expect(driverOptions(users)).toEqual([
      { value: 'a@portal.test', label: 'Alex Road (a@portal.test)' },
      { value: 'b@portal.test', label: 'Alex Road (b@portal.test)' },
      { value: 'zed@portal.test', label: 'Zed Wheeler' },
    ]);
  });

  test('When the Driver filter opens, Then it offers Anyone, Unassigned and each delivery user', () => {
    expect(driverFilterOptions(users.slice(0, 1))).toEqual([
      { value: '', label: 'Anyone' },
      { value: 'none', label: 'Unassigned' },
      { value: 'zed@portal.test', label: 'Zed Wheeler' },
    ]);
  });

  test('When a driver is chosen in the create form, Then the request names them; none chosen sends none', () => {
    expect(shipmentDraft(['a'], 'Run', ' zed@portal.test ')).toEqual({
      ok: true,
      body: { order_ids: ['a'], shipment_name: 'Run', driver_email: 'zed@portal.test' },
    });
    expect(shipmentDraft(['a'], '', '')).toEqual({ ok: true, body: { order_ids: ['a'] } });
  });
});

describe('My Routes', () => {
  test('When the driver opens My Routes, Then the open routes are asked for; the completed ones only on request', () => {
    expect(myRoutesStatus(false)).toBe('ready,in_progress');
    expect(myRoutesStatus(true)).toBe('completed');
  });

  test('When several copies of a route are known, Then the one changed last is shown; absent ones are skipped', () => {
    const listed = { value: 'listed', at: 1 };
    const read = { value: 'read', at: 3 };
    const answered = { value: 'answered', at: 5 };
    expect(newestOf([listed, read, answered])?.value).toBe('answered');
    expect(newestOf([answered, { value: undefined, at: 9 }, null])?.value).toBe('answered');
    expect(newestOf([{ value: 'saved', at: 7 }, read])?.value).toBe('saved');
    expect(newestOf([])).toBeUndefined();
  });
});

describe("The dealer's My Orders: a delivered order", () => {
  const chicago = dateFormatIn('America/Chicago');

  test('When an order is delivered, Then it says when (in the system timezone) and to whom', () => {
    expect(deliveredText({ delivered_at: '2025-03-04T20:30:00.000Z', delivered_to: ' Jane Doe ' }, chicago)).toBe(
      'Delivered on Mar 4, 2025, 2:30 PM to Jane Doe',
    );
    expect(
      deliveredText({ delivered_at: '2025-03-05T03:30:00.000Z', delivered_to: 'Jane Doe' }, dateFormatIn('Asia/Tokyo')),
    ).toBe('Delivered on Mar 5, 2025, 12:30 PM to Jane Doe');
  });

  test('When no recipient was named, Then only when; not delivered, Then nothing', () => {
    expect(deliveredText({ delivered_at: '2025-03-04T20:30:00.000Z', delivered_to: null }, chicago)).toBe(
      'Delivered on Mar 4, 2025, 2:30 PM',
    );
    expect(deliveredText({ delivered_at: null, delivered_to: null }, chicago)).toBeNull();
  });
});
