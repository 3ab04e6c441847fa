import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts';
import { deliveryProof, MAX_SIGNATURE_BYTES, signaturePng } from '../../src/domain/delivery-proof';
import { boundedOrderTotalCents, lineTotalCents, orderTotalCents, sameLines } from '../../src/domain/order-lines';
import {
  canChangeStatus,
  canUndoDelivery,
  linesEditable,
  ORDER_STATUS_TRANSITIONS,
  orderNumber,
} from '../../src/domain/order-status';
import { balanceCents, paymentStatus, refusePayment } from '../../src/domain/payments';

describe('line and order totals', () => {
  test('When a line has a quantity and a unit price, Then its total is their product in cents', () => {
    expect(lineTotalCents({ quantity: 3, price_cents: 1999 })).toBe(5997);
  });

  test('When an order has lines, Then its total is their sum (tax 0: grand total = subtotal)', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30
    expect(
      orderTotalCents([
        { quantity: 1, price_cents: 10 },
        { quantity: 1, price_cents: 20 },
      ]),
    ).toBe(30);
    expect(orderTotalCents([])).toBe(0);
  });

  test('When a total would pass $9,999,999,999.99, Then it is not a total (no inexact integers)', () => {
    expect(boundedOrderTotalCents([{ quantity: 100000, price_cents: 999_999_999 }])).toBeNull();
    const big = { quantity: 1000, price_cents: 999_999_999 }; // $9,999,999,990 each
    expect(boundedOrderTotalCents([big])).toBe(999_999_999_000);
    expect(boundedOrderTotalCents([big, { quantity: 1, price_cents: 1000 }])).toBeNull();
    expect(boundedOrderTotalCents([{ quantity: 2, price_cents: 150 }])).toBe(300);
  });

  test('When two line lists differ only in a quantity, Then they are not the same', () => {
    const line = { product_id: 'p1', title: 'Hub', description: null, quantity: 2, price_cents: 100, is_custom: false };
    expect(sameLines([line], [{ ...line }])).toBe(true);
    expect(sameLines([line], [{ ...line, quantity: 3 }])).toBe(false);
    expect(sameLines([line], [])).toBe(false);
  });
});

describe('payment status and balance', () => {
  test('When nothing is paid, Then the order is unpaid', () => {
    expect(paymentStatus(10000, 0)).toBe('unpaid');
  });
  test('When part of the total is paid, Then the order is partially_paid', () => {
    expect(paymentStatus(10000, 2500)).toBe('partially_paid');
    expect(balanceCents(10000, 2500)).toBe(7500);
  });
  test('When a payment covers the balance, Then the order is fully_paid', () => {
    const order = { status: 'pending' as const, totalCents: 10000, paidCents: 2500 };
    expect(refusePayment(order, 7500)).toBeNull();
    expect(paymentStatus(10000, 2500 + 7500)).toBe('fully_paid');
    expect(balanceCents(10000, 10000)).toBe(0);
  });
  test('When a payment is more than the balance, Then it is refused as an overpayment', () => {
    expect(refusePayment({ status: 'confirmed', totalCents: 10000, paidCents: 2500 }, 7501)).toEqual({
      reason: 'overpayment',
      balanceCents: 7500,
    });
  });
  test('When the order is cancelled, Then a payment is refused', () => {
    expect(refusePayment({ status: 'cancelled', totalCents: 10000, paidCents: 0 }, 100)).toEqual({
      reason: 'cancelled',
    });
  });
  test('When the order is already fully paid, Then another payment is refused', () => {
    expect(refusePayment({ status: 'delivered', totalCents: 10000, paidCents: 10000 }, 1)).toEqual({
      reason: 'already_paid',
    });
  });
});

describe('order status transitions', () => {
  test('When an order is delivered, Then it is final', () => {
    for (const to of ORDER_STATUSES) expect(canChangeStatus('delivered', to)).toBe(to === 'delivered');
  });
  test('When shipping moves an order, Then in_shipment may go to shipped or delivered, and shipped to delivered', () => {
    expect(canChangeStatus('in_shipment', 'shipped')).toBe(true);
    expect(canChangeStatus('in_shipment', 'delivered')).toBe(true);
    expect(canChangeStatus('shipped', 'delivered')).toBe(true);
    expect(canChangeStatus('shipped', 'in_shipment')).toBe(false);
    expect(canChangeStatus('shipped', 'pending')).toBe(false);
  });
  test('When goods have left, Then the order can no longer be cancelled', () => {
    expect(canChangeStatus('in_shipment', 'cancelled')).toBe(false);
    expect(canChangeStatus('shipped', 'cancelled')).toBe(false);
    expect(canChangeStatus('pending', 'cancelled')).toBe(true);
    expect(canChangeStatus('confirmed', 'cancelled')).toBe(true);
  });
  test('When an order is cancelled, Then it may only be reopened as pending', () => {
    expect(ORDER_STATUS_TRANSITIONS.cancelled).toEqual(['pending']);
  });
  test('When the status stays the same, Then it is allowed', () => {
    for (const status of ORDER_STATUSES) expect(canChangeStatus(status, status)).toBe(true);
  });
  test('When the table is read, Then it names every status and only known ones', () => {
    expect(Object.keys(ORDER_STATUS_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_STATUS_TRANSITIONS))
      for (const to of targets) expect(ORDER_STATUSES).toContain(to as OrderStatus);
  });
  test('When an order is not pending, Then its lines are not editable', () => {
    expect(ORDER_STATUSES.filter(linesEditable)).toEqual(['pending']);
  });
  test('When an order id is shown, Then its number is the last 8 characters upper-cased', () => {
    expect(orderNumber('3f2b9c1e-0d4a-4b8e-9f00-a1b2c3d4e5f6')).toBe('C3D4E5F6');
  });
});

describe('undoing a delivery', () => {
  test('When shipping undoes a delivered mark, Then the order may return to in_shipment or shipped, and only from delivered', () => {
    expect(canUndoDelivery('delivered', 'shipped')).toBe(true);
    expect(canUndoDelivery('delivered', 'in_shipment')).toBe(true);
    for (const to of ['pending', 'confirmed', 'delivered', 'cancelled'] as const)
      expect(canUndoDelivery('delivered', to)).toBe(false);
    for (const from of ['pending', 'confirmed', 'in_shipment', 'shipped', 'cancelled'] as const)
      expect(canUndoDelivery(from, 'shipped')).toBe(false);
  });

  test('When any other path asks to leave delivered, Then delivered stays final', () => {
    for (const to of ORDER_STATUSES) expect(canChangeStatus('delivered', to)).toBe(to === 'delivered');
  });
});

describe("the driver's proof of delivery", () => {
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('rest of the image')]);

  test('When the proof has a name, a time and a PNG signature, Then the order keeps them (name trimmed)', () => {
    expect(
      deliveryProof(
        {
          delivered_at: '2026-01-07T15:05:00-06:00',
          recipient_name: '  Sam Yard ',
          signature_png_base64: PNG.toString('base64'),
        },
        '2026-01-07T21:06:00.000Z',
      ),
    ).toEqual({ delivered_at: '2026-01-07T21:05:00.000Z', delivered_to: 'Sam Yard', signature_png: PNG });
  });

  test('When the name is blank or the time is not a time, Then no name and the event time are kept', () => {
    expect(
      deliveryProof(
        { delivered_at: 'yesterday', recipient_name: '   ', signature_png_base64: null },
        '2026-01-07T21:06:00.000Z',
      ),
    ).toEqual({ delivered_at: '2026-01-07T21:06:00.000Z', delivered_to: null, signature_png: null });
  });

  test('When the signature is not a PNG or larger than 64 KB, Then it is not kept', () => {
    expect(signaturePng(Buffer.from('GIF89a....').toString('base64'))).toBeNull();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_SIGNATURE_BYTES)]);
    expect(signaturePng(big.toString('base64'))).toBeNull();
    expect(signaturePng('')).toBeNull();
    expect(signaturePng(PNG.toString('base64'))).toEqual(PNG);
  });
});
