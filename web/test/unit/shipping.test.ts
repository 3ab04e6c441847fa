import type { Order, OrderStatus, RouteStop, Shipment, ShippingOrder } from '@portal/contracts';
import {
  DEFAULT_DELIVERY_SORT,
  deliveryOrderQuery,
  NO_FILTERS,
  nextDeliverySort,
} from '../../src/features/delivery-orders/deliveryOrderList';
import { orderPlace } from '../../src/features/orders/orderList';
import {
  DELIVERY_ACTION_LABELS,
  deliveryActions,
  deliveryProgress,
  shipmentStatusClass,
} from '../../src/features/shipping/deliveryActions';
import { cityLine, detailsOfOrder, detailsOfShippingOrder } from '../../src/features/shipping/orderDetails';
import {
  keepListed,
  SELECT_ORDERS,
  selectAllState,
  shipmentDraft,
  toggleAll,
  toggleOrder,
} from '../../src/features/shipping/orderSelection';
import {
  formatEta,
  formatMiles,
  itemCount,
  ROUTE_FINAL,
  ROUTE_MODE_OPTIONS,
  routeBasis,
  routeEditable,
  routeLinks,
  routeModeLabel,
  stopMoves,
  stopName,
  stopOrders,
} from '../../src/features/shipping/routeDisplay';
import {
  BOTH_COORDINATES,
  COORDINATES_NUMBERS,
  companyAddress,
  formOfSettings,
  settingsBody,
} from '../../src/features/shipping/routeSettingsForm';
import { shippingFailure } from '../../src/features/shipping/shippingMessages';

function shippingOrder(id: string, fields: Partial<ShippingOrder> = {}): ShippingOrder {
  return {
    order_id: id,
    order_number: id.slice(-8).toUpperCase(),
    created_at: '2025-03-04T14:30:00.000Z',
    formatted_date: 'Mar 4, 2025',
    status: 'in_shipment',
    dealer_id: 'd1',
    dealer_business_name: 'Timber Ridge Outdoors',
    dealer_full_name: 'Jordan Ridge',
    dealer_city: 'Missoula',
    dealer_state: 'MT',
    dealer_address: '4 Pine Street',
    dealer_zip_code: '59801',
    dealer_email: 'jordan@timber.test',
    dealer_phone: '(406) 555-0199',
    product_details: [{ title: 'Ridge Hub Blind', description: null, quantity: 2, price: 24.35 }],
    total_value: 48.7,
    notes: null,
    delivery: null,
    ...fields,
  };
}

function stop(dealerId: string, orderIds: string[], fields: Partial<RouteStop> = {}): RouteStop {
  return {
    dealer_id: dealerId,
    business_name: `Dealer ${dealerId}`,
    full_address: '4 Pine Street, Missoula, MT 59801',
    coordinates: { lat: 46.87, lng: -113.99 },
    stop_number: 1,
    phone: null,
    order_ids: orderIds,
    locked: false,
    leg_miles: 12.34,
    eta_minutes: 31,
    ...fields,
  };
}

function shipment(fields: Partial<Shipment> = {}): Shipment {
  return {
    shipment_id: 's1',
    shipment_name: 'Montana run',
    created_at: '2025-03-04T14:30:00.000Z',
    total_orders: 0,
    delivery_stats: { total_stops: 0, delivered_orders: 0, shipped_orders: 0 },
    route: [],
    orders: [],
    status: 'READY',
    route_mode: 'original',
    route_links: [],
    total_miles: 0,
    driver: null,
    departed_at: null,
    next_stop: null,
    ...fields,
  };
}

function order(id: string, fields: Partial<Order> = {}): Order {
  return {
    order_id: id,
    order_number: id.slice(-8).toUpperCase(),
    dealer_id: 'd1',
    created_at: '2025-03-04T14:30:00.000Z',
    formatted_date: 'Mar 4, 2025',
    status: 'pending',
    payment_status: 'unpaid',
    total_value: 10,
    total_paid: 0,
    balance: 10,
    payments: [],
    notes: null,
    dealer_business_name: null,
    dealer_full_name: null,
    dealer_email: null,
    dealer_city: null,
    dealer_state: null,
    dealer_info: { business_name: null, city: null, state: null, email: null, phone: null },
    product_details: [],
    delivered_at: null,
    delivered_to: null,
    po_number: null,
    confirmed_at: null,
    on_hold: false,
    hold_reason: null,
    hold_released_at: null,
    hold_release_note: null,
    ...fields,
  };
}

describe('Orders Ready to Ship: the selection', () => {
  test('When orders are ticked one by one, Then the selection keeps the order they were picked in, and a second tick removes one', () => {
    let selection = toggleOrder([], 'c');
    selection = toggleOrder(selection, 'a');
    selection = toggleOrder(selection, 'b');
    expect(selection).toEqual(['c', 'a', 'b']);
    expect(toggleOrder(selection, 'a')).toEqual(['c', 'b']);
  });

  test('When some, none or all listed orders are selected, Then select-all reads mixed, clear or ticked', () => {
    const listed = ['a', 'b', 'c'];
    expect(selectAllState([], listed)).toBe('none');
    expect(selectAllState(['b'], listed)).toBe('some');
    expect(selectAllState(['c', 'a', 'b'], listed)).toBe('all');
    expect(selectAllState([], [])).toBe('none');
  });

  test('When select-all is used, Then it adds the missing orders after those picked, and clears when all are picked', () => {
    const listed = ['a', 'b', 'c'];
    expect(toggleAll(['c'], listed)).toEqual(['c', 'a', 'b']);
    expect(toggleAll(['c', 'a', 'b'], listed)).toEqual([]);
    // an order no longer listed is left alone by select-all
    expect(toggleAll(['x', 'a', 'b', 'c'], listed)).toEqual(['x']);
  });

  test('When the list no longer holds a selected order, Then it leaves the selection (the same selection when nothing left)', () => {
    const selection = ['a', 'b'];
    expect(keepListed(selection, ['b', 'c'])).toEqual(['b']);
    expect(keepListed(selection, ['a', 'b', 'c'])).toBe(selection);
  });

  test("When nothing is selected, Then Create Shipment says the spec's 'Please select orders to create a shipment'", () => {
    expect(shipmentDraft([], 'Run')).toEqual({ ok: false, problem: SELECT_ORDERS });
    expect(SELECT_ORDERS).toBe('Please select orders to create a shipment');
  });

  test('When orders are selected, Then the request carries them in order and the trimmed name, or no name when blank', () => {
    expect(shipmentDraft(['b', 'a'], '  Montana run ')).toEqual({
      ok: true,
      body: { order_ids: ['b', 'a'], shipment_name: 'Montana run' },
    });
    expect(shipmentDraft(['a'], '   ')).toEqual({ ok: true, body: { order_ids: ['a'] } });
  });
});

describe('Generated Routes: status buttons and badges', () => {
  test('When an order is in a shipment, Then it may be marked shipped or delivered; shipped only delivered; delivered is final', () => {
    expect(deliveryActions('in_shipment')).toEqual(['shipped', 'delivered']);
    expect(deliveryActions('shipped')).toEqual(['delivered']);
    expect(deliveryActions('delivered')).toEqual([]);
    for (const status of ['pending', 'confirmed', 'cancelled'] as OrderStatus[]) {
      expect(deliveryActions(status)).toEqual([]);
    }
    expect(DELIVERY_ACTION_LABELS).toEqual({ shipped: 'Mark Shipped', delivered: 'Mark Delivered' });
  });

  test('When a shipment is COMPLETED, IN PROGRESS or READY, Then its badge has its own class', () => {
    expect(shipmentStatusClass('COMPLETED')).toContain('shipment-status--completed');
    expect(shipmentStatusClass('IN PROGRESS')).toContain('shipment-status--in-progress');
    expect(shipmentStatusClass('READY')).toContain('shipment-status--ready');
  });

  test('When orders are delivered or shipped, Then the progress line counts them', () => {
    expect(deliveryProgress({ delivered_orders: 1, shipped_orders: 1 }, 3)).toBe('1 of 3 orders delivered, 1 shipped');
    expect(deliveryProgress({ delivered_orders: 0, shipped_orders: 0 }, 1)).toBe('0 of 1 order delivered');
  });
});

describe('Generated Routes: the route as shown', () => {
  test('When a shipment is COMPLETED, Then its route controls are off; READY and IN PROGRESS routes may change', () => {
    expect(routeEditable({ status: 'COMPLETED' })).toBe(false);
    expect(routeEditable({ status: 'IN PROGRESS' })).toBe(true);
    expect(routeEditable({ status: 'READY' })).toBe(true);
    expect(ROUTE_FINAL).toBe('This shipment is completed: its route is kept as it was driven.');
  });

  test('When a route has one Google Maps link, Then it reads Open in Google Maps; when split, each part is numbered', () => {
    expect(routeLinks([])).toEqual([]);
    expect(routeLinks(['https://maps/1'])).toEqual([{ href: 'https://maps/1', label: 'Open in Google Maps' }]);
    expect(routeLinks(['https://maps/1', 'https://maps/2']).map((link) => link.label)).toEqual([
      'Open in Google Maps (part 1 of 2)',
      'Open in Google Maps (part 2 of 2)',
    ]);
  });

  test('When miles and minutes are shown, Then miles have one decimal and ETAs read minutes or hours; none is a dash', () => {
    expect(formatMiles(12.345)).toBe('12.3 mi');
    expect(formatMiles(0)).toBe('0.0 mi');
    expect(formatMiles(null)).toBe('—');
    expect(formatEta(45.4)).toBe('45 min');
    expect(formatEta(125)).toBe('2 h 05 min');
    expect(formatEta(60)).toBe('1 h 00 min');
    expect(formatEta(null)).toBe('—');
  });

  test('When stops move, Then the first cannot go up and the last cannot go down', () => {
    expect(stopMoves(0, 3)).toEqual({ up: false, down: true });
    expect(stopMoves(1, 3)).toEqual({ up: true, down: true });
    expect(stopMoves(2, 3)).toEqual({ up: true, down: false });
    expect(stopMoves(0, 1)).toEqual({ up: false, down: false });
  });

  test('When the route order is chosen, Then the four modes of the spec are offered, and Optimise reads Optimised', () => {
    expect(ROUTE_MODE_OPTIONS.map((option) => option.value)).toEqual([
      'original',
      'closest_first',
      'closest_last',
      'manual',
    ]);
    expect(routeModeLabel('closest_first')).toBe('Closest first');
    expect(routeModeLabel('optimized')).toBe('Optimised');
  });

  test('When a start point is set or not, Then the note says what the miles and ETAs are measured from', () => {
    const settings = {
      start_label: null,
      start_coordinates: null,
      average_speed_mph: 45,
      service_minutes: 15,
      proof_signature_required: true,
      proof_photo_required: false,
    };
    expect(routeBasis(settings)).toBe(
      'Miles and ETAs are straight-line from the first stop (no start point is set), at 45 mph with 15 min at each stop.',
    );
    expect(
      routeBasis({ ...settings, start_label: 'Depot, Dallas TX', start_coordinates: { lat: 32.7, lng: -96.8 } }),
    ).toBe('Miles and ETAs are straight-line from Depot, Dallas TX, at 45 mph with 15 min at each stop.');
  });

  test("When a stop lists its orders, Then they come in the stop's order and unknown ids are left out", () => {
    const a = shippingOrder('order-aaaaaaaa');
    const b = shippingOrder('order-bbbbbbbb');
    const held = shipment({ orders: [a, b] });
    expect(stopOrders(held, stop('d1', ['order-bbbbbbbb', 'gone', 'order-aaaaaaaa']))).toEqual([b, a]);
    expect(itemCount(shippingOrder('x', { product_details: [] }))).toBe(0);
    expect(itemCount(a)).toBe(2);
    expect(stopName(stop('d9', [], { business_name: '  ' }))).toBe('Dealer d9');
  });
});

describe('Shipping messages and order details', () => {
  test("When a call fails, Then the spec's prefix is followed by the server's detail, without a second 'Error:'", () => {
    const refused = { status: 409, data: { detail: 'Error: This order is already delivered; delivered is final' } };
    expect(shippingFailure('Error updating order status', refused)).toBe(
      'Error updating order status: This order is already delivered; delivered is final',
    );
    expect(shippingFailure('Error fetching shipments', { status: 'FETCH_ERROR', error: 'offline' })).toBe(
      'Error fetching shipments: Network error',
    );
    expect(shippingFailure('Error creating shipment', { status: 500, data: 'oops' })).toBe(
      'Error creating shipment: HTTP 500',
    );
  });

  test('When an order ready to ship opens its details, Then the dealer, address, lines and total are there', () => {
    const details = detailsOfShippingOrder(shippingOrder('order-aaaaaaaa', { notes: '  Leave at the back door ' }));
    expect(details.dealer_name).toBe('Timber Ridge Outdoors');
    expect(details.address).toEqual(['4 Pine Street', 'Missoula, MT 59801']);
    expect(details.phone).toBe('(406) 555-0199');
    expect(details.notes).toBe('Leave at the back door');
    expect(details.lines).toEqual([{ title: 'Ridge Hub Blind', description: null, quantity: 2, price: 24.35 }]);
    expect(cityLine(null, 'MT', null)).toBe('MT');
    expect(cityLine(null, null, null)).toBeNull();
    expect(detailsOfOrder(order('o-1', { dealer_info: { ...order('x').dealer_info, phone: '555' } })).phone).toBe(
      '555',
    );
  });
});

describe('Route settings', () => {
  const settings = {
    start_label: null,
    start_coordinates: null,
    average_speed_mph: 45,
    service_minutes: 15,
    proof_signature_required: true,
    proof_photo_required: false,
  };

  test('When the settings are shown, Then the form holds them as text, coordinates blank when there is no start point', () => {
    expect(formOfSettings(settings)).toEqual({
      start_label: '',
      latitude: '',
      longitude: '',
      average_speed_mph: '45',
      service_minutes: '15',
      proof_signature_required: true,
      proof_photo_required: false,
    });
  });

  test('When a start point is typed, Then both coordinates are sent as numbers; neither sends no start point', () => {
    const form = formOfSettings(settings);
    expect(settingsBody({ ...form, start_label: ' Depot ', latitude: '32.7767', longitude: '-96.797' })).toEqual({
      ok: true,
      body: {
        start_label: 'Depot',
        start_coordinates: { lat: 32.7767, lng: -96.797 },
        average_speed_mph: 45,
        service_minutes: 15,
        proof_signature_required: true,
        proof_photo_required: false,
      },
    });
    expect(settingsBody({ ...form, proof_signature_required: false, proof_photo_required: true })).toEqual({
      ok: true,
      body: {
        start_coordinates: null,
        average_speed_mph: 45,
        service_minutes: 15,
        proof_signature_required: false,
        proof_photo_required: true,
      },
    });
  });

  test('When one coordinate is missing or out of range, Then the form says so; a blank speed is sent as not a number', () => {
    const form = formOfSettings(settings);
    expect(settingsBody({ ...form, latitude: '32' })).toEqual({ ok: false, problem: BOTH_COORDINATES });
    expect(settingsBody({ ...form, latitude: '95', longitude: '10' })).toEqual({
      ok: false,
      problem: COORDINATES_NUMBERS,
    });
    expect(settingsBody({ ...form, latitude: 'north', longitude: '10' })).toEqual({
      ok: false,
      problem: COORDINATES_NUMBERS,
    });
    const blank = settingsBody({ ...form, average_speed_mph: ' ' });
    expect(blank.ok && Number.isNaN(blank.body.average_speed_mph)).toBe(true);
  });

  test('When the company has an address, Then it is geocoded as one line; without street or city there is none', () => {
    expect(companyAddress({ address: '12 Mill Road', city: 'Dallas', state: 'TX', zip_code: '75201' })).toBe(
      '12 Mill Road, Dallas, TX 75201',
    );
    expect(companyAddress({ address: '', city: 'Dallas', state: 'TX', zip_code: '' })).toBe('Dallas, TX');
    expect(companyAddress({ address: ' ', city: '', state: 'TX', zip_code: '75201' })).toBeNull();
  });
});

describe("The delivery user's Orders list", () => {
  test('When nothing is typed or chosen, Then the server is asked for every order, newest first', () => {
    expect(deliveryOrderQuery(NO_FILTERS, DEFAULT_DELIVERY_SORT)).toEqual({ q: '', status: '', sort: '-created_at' });
  });

  test('When a search or a status is chosen, Then they go to the server as q and status (the search trimmed)', () => {
    expect(deliveryOrderQuery({ search: '  Alpha ', status: 'in_shipment' }, DEFAULT_DELIVERY_SORT)).toEqual({
      q: 'Alpha',
      status: 'in_shipment',
      sort: '-created_at',
    });
    expect(orderPlace(order('o-1', { dealer_city: 'Austin', dealer_state: 'TX' }))).toBe('Austin, TX');
  });

  test('When a column is sorted, Then it starts ascending (dates newest first), flips on a second click, and is sent as its server column', () => {
    const byDealer = nextDeliverySort(DEFAULT_DELIVERY_SORT, 'dealer');
    expect(byDealer).toEqual({ column: 'dealer', ascending: true });
    expect(deliveryOrderQuery(NO_FILTERS, byDealer).sort).toBe('dealer_business_name');
    expect(deliveryOrderQuery(NO_FILTERS, nextDeliverySort(byDealer, 'dealer')).sort).toBe('-dealer_business_name');
    expect(deliveryOrderQuery(NO_FILTERS, nextDeliverySort(DEFAULT_DELIVERY_SORT, 'total')).sort).toBe('total_value');
    expect(deliveryOrderQuery(NO_FILTERS, nextDeliverySort(DEFAULT_DELIVERY_SORT, 'status')).sort).toBe('status');
    expect(nextDeliverySort(nextDeliverySort(DEFAULT_DELIVERY_SORT, 'total'), 'date')).toEqual({
      column: 'date',
      ascending: false,
    });
    expect(nextDeliverySort(DEFAULT_DELIVERY_SORT, 'date')).toEqual({ column: 'date', ascending: true });
  });
});
