import type { OrderStatus } from '@portal/contracts';
import {
  deliveryChangeRefusal,
  leavesShipment,
  routeChangeRefusal,
  shipmentStatus,
} from '../../src/domain/delivery-status';

describe('statuses allowed from the shipping screens (001 §4)', () => {
  test('When an order is in_shipment, Then it may go to shipped or delivered', () => {
    expect(deliveryChangeRefusal('in_shipment', 'shipped')).toBeNull();
    expect(deliveryChangeRefusal('in_shipment', 'delivered')).toBeNull();
  });

  test('When an order is shipped, Then it may go to delivered only', () => {
    expect(deliveryChangeRefusal('shipped', 'delivered')).toBeNull();
    expect(deliveryChangeRefusal('shipped', 'shipped')).toBe('Error: An order cannot go from shipped to shipped');
  });

  test('When an order is delivered, Then nothing more is allowed (delivered is final)', () => {
    for (const to of ['shipped', 'delivered'] as const)
      expect(deliveryChangeRefusal('delivered', to)).toBe('Error: This order is already delivered; delivered is final');
  });

  test('When an order is not in a shipment state, Then the shipping screens cannot move it', () => {
    for (const from of ['pending', 'confirmed', 'cancelled'] as const)
      expect(deliveryChangeRefusal(from, 'delivered')).toBe(`Error: An order cannot go from ${from} to delivered`);
  });
});

describe('derived shipment status (001 §4)', () => {
  const cases: [OrderStatus[], string][] = [
    [['delivered', 'delivered'], 'COMPLETED'],
    [['delivered', 'shipped'], 'IN PROGRESS'],
    [['delivered', 'in_shipment'], 'IN PROGRESS'],
    [['shipped', 'shipped'], 'READY'],
    [['in_shipment'], 'READY'],
    [[], 'READY'],
  ];
  test.each(cases)('When the orders are %j, Then the shipment is %s', (statuses, expected) => {
    expect(shipmentStatus(statuses)).toBe(expected);
  });
});

describe('route changes', () => {
  test('When every order is delivered (COMPLETED), Then the route may no longer change; before that it may', () => {
    expect(routeChangeRefusal(['delivered', 'delivered'])).toBe(
      'Error: This shipment is completed; its route can no longer change',
    );
    expect(routeChangeRefusal(['delivered', 'shipped'])).toBeNull();
    expect(routeChangeRefusal(['in_shipment'])).toBeNull();
  });
});

describe('an order leaving its shipment', () => {
  test('When the order service moved it back before in_shipment, Then it leaves; a lagging confirmed stays', () => {
    expect(leavesShipment('confirmed', 'in_shipment')).toBe(true);
    expect(leavesShipment('cancelled', 'cancelled')).toBe(true);
    expect(leavesShipment('pending', 'confirmed')).toBe(true);
    expect(leavesShipment('confirmed', 'confirmed')).toBe(false);
    expect(leavesShipment('confirmed', null)).toBe(false);
    expect(leavesShipment('in_shipment', 'confirmed')).toBe(false);
    expect(leavesShipment('delivered', 'shipped')).toBe(false);
  });
});
