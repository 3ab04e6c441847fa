import type { OrderStatus } from '@portal/contracts';
import {
  type DealerRecord,
  type OrderRecord,
  type RouteSettings,
  type ShipmentRecord,
  shipmentSummaryView,
  shipmentView,
} from '../../src/domain/shipment-view';

const SETTINGS: RouteSettings = {
  start_label: null,
  start_coordinates: null,
  average_speed_mph: 45,
  service_minutes: 15,
  proof_signature_required: true,
  proof_photo_required: false,
};

const dealer = (name: string, lat: number | null, lng: number | null): DealerRecord => ({
  business_name: name,
  full_name: null,
  email: null,
  phone: null,
  address: `1 ${name} Way`,
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  lat,
  lng,
});

const DEALERS: Record<string, DealerRecord> = {
  A: dealer('Alpha Blinds', 30.27, -97.74),
  B: dealer('Bravo Shades', 30.5, -97.6),
  C: dealer('Charlie Shutters', null, null),
};

const order = (orderId: string, dealerId: string, status: OrderStatus): OrderRecord => ({
  order_id: orderId,
  dealer_id: dealerId,
  status,
  created_at: '2026-01-05T15:00:00.000Z',
  formatted_date: 'Jan 5, 2026',
  total_cents: 1000,
  items: [],
  notes: null,
  dealer: DEALERS[dealerId] as DealerRecord,
});

const shipment = (fields: Partial<ShipmentRecord> = {}): ShipmentRecord => ({
  shipment_id: 'S1',
  shipment_name: 'Morning run',
  created_at: '2026-01-05T14:00:00.000Z',
  route_mode: 'original',
  stop_sequence: [],
  locked_stops: [],
  driver_email: null,
  driver_name: null,
  departed_at: null,
  ...fields,
});

describe('a shipment as a collapsed card', () => {
  test('When the first stop is delivered, Then the next stop is the second in route order', () => {
    const orders = [order('o1', 'A', 'delivered'), order('o2', 'B', 'shipped'), order('o3', 'C', 'in_shipment')];
    const card = shipmentSummaryView(shipment(), orders, SETTINGS);
    expect(card.next_stop).toEqual({
      stop_number: 2,
      business_name: 'Bravo Shades',
      full_address: '1 Bravo Shades Way, Austin, TX 78701',
    });
    expect(card.delivery_stats).toEqual({ total_stops: 3, delivered_orders: 1, shipped_orders: 1 });
    expect(card.status).toBe('IN PROGRESS');
  });

  test('When a stop still has one of its orders to deliver, Then it stays the next stop; a cancelled order is not waited for', () => {
    const waiting = [order('o1', 'A', 'delivered'), order('o2', 'A', 'shipped'), order('o3', 'B', 'in_shipment')];
    expect(shipmentSummaryView(shipment(), waiting, SETTINGS).next_stop?.stop_number).toBe(1);
    const cancelled = [order('o1', 'A', 'delivered'), order('o2', 'A', 'cancelled'), order('o3', 'B', 'in_shipment')];
    expect(shipmentSummaryView(shipment(), cancelled, SETTINGS).next_stop?.stop_number).toBe(2);
  });

  test('When every order is delivered, Then there is no next stop', () => {
    const orders = [order('o1', 'A', 'delivered'), order('o2', 'B', 'delivered')];
    const card = shipmentSummaryView(shipment(), orders, SETTINGS);
    expect([card.next_stop, card.status]).toEqual([null, 'COMPLETED']);
  });

  test('When the route is in another order, Then the next stop follows it', () => {
    const orders = [order('o1', 'A', 'in_shipment'), order('o2', 'B', 'in_shipment')];
    const card = shipmentSummaryView(shipment({ route_mode: 'manual', stop_sequence: ['B', 'A'] }), orders, SETTINGS);
    expect(card.next_stop).toMatchObject({ stop_number: 1, business_name: 'Bravo Shades' });
  });

  test('When a driver is assigned and the route has left, Then the card says who and when', () => {
    const card = shipmentSummaryView(
      shipment({
        driver_email: 'dana@example.com',
        driver_name: 'Dana Driver',
        departed_at: '2026-01-05T16:00:00.000Z',
      }),
      [order('o1', 'A', 'shipped')],
      SETTINGS,
    );
    expect([card.driver, card.departed_at]).toEqual([
      { email: 'dana@example.com', full_name: 'Dana Driver' },
      '2026-01-05T16:00:00.000Z',
    ]);
    expect(shipmentSummaryView(shipment(), [order('o1', 'A', 'shipped')], SETTINGS).driver).toBeNull();
  });

  test('When the full shipment is shown, Then it is the summary plus route, orders and links', () => {
    const orders = [order('o1', 'A', 'delivered'), order('o2', 'B', 'shipped')];
    const record = shipment({ driver_email: 'dana@example.com', driver_name: 'Dana Driver' });
    const full = shipmentView(record, orders, SETTINGS);
    const { route, orders: shown, route_links, ...summary } = full;
    expect(summary).toEqual(shipmentSummaryView(record, orders, SETTINGS));
    expect([route.length, shown.length, route_links.length > 0]).toEqual([2, 2, true]);
  });
});
