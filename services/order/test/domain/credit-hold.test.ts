import {
  confirmsOrder,
  type DealerCreditPosition,
  dueDate,
  holdReason,
  PAST_DUE_REASON,
} from '../../src/domain/credit-hold';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-03-01T12:00:00.000Z');

const position = (fields: Partial<DealerCreditPosition> = {}): DealerCreditPosition => ({
  credit_limit_cents: 100_000,
  unpaid_cents: 0,
  oldest_unpaid_due_at: null,
  ...fields,
});

describe('credit hold: the credit limit', () => {
  test('When the new order takes the unpaid balance exactly to the limit, Then it is not held', () => {
    expect(holdReason(position({ unpaid_cents: 60_000 }), 40_000, NOW)).toBeNull();
  });

  test('When the new order takes the balance one cent over the limit, Then it is held, naming the limit', () => {
    expect(holdReason(position({ unpaid_cents: 60_000 }), 40_001, NOW)).toBe('Over the credit limit of $1000.00');
  });

  test('When the dealer has no limit (null), Then no balance holds an order', () => {
    expect(holdReason(position({ credit_limit_cents: null, unpaid_cents: 999_999_999 }), 50_000, NOW)).toBeNull();
  });

  test('When the limit is 0, Then any order with a total is held and a free one is not', () => {
    expect(holdReason(position({ credit_limit_cents: 0 }), 1, NOW)).toBe('Over the credit limit of $0.00');
    expect(holdReason(position({ credit_limit_cents: 0 }), 0, NOW)).toBeNull();
  });
});

describe('credit hold: past due', () => {
  test('When the oldest unpaid invoice is exactly 30 days past due, Then the order is not held', () => {
    expect(holdReason(position({ oldest_unpaid_due_at: new Date(NOW.getTime() - 30 * DAY) }), 100, NOW)).toBeNull();
  });

  test('When it is 30 days and one millisecond past due, Then the order is held as past due', () => {
    expect(holdReason(position({ oldest_unpaid_due_at: new Date(NOW.getTime() - 30 * DAY - 1) }), 100, NOW)).toBe(
      PAST_DUE_REASON,
    );
    expect(PAST_DUE_REASON).toBe('An invoice is more than 30 days past due');
  });

  test('When the dealer has no limit but is past due, Then the order is still held', () => {
    const late = position({ credit_limit_cents: null, oldest_unpaid_due_at: new Date(NOW.getTime() - 45 * DAY) });
    expect(holdReason(late, 100, NOW)).toBe(PAST_DUE_REASON);
  });

  test('When an order is confirmed, Then it is due its terms days later (0 days: at once)', () => {
    const confirmed = new Date('2026-01-10T15:00:00.000Z');
    expect(dueDate(confirmed, 30).toISOString()).toBe('2026-02-09T15:00:00.000Z');
    expect(dueDate(confirmed, 0).toISOString()).toBe('2026-01-10T15:00:00.000Z');
  });
});

describe('credit hold: what it blocks', () => {
  test('When a held order would move forward, Then that move confirms it; pending and cancelled do not', () => {
    expect(['confirmed', 'in_shipment', 'shipped', 'delivered'].every(confirmsOrder)).toBe(true);
    expect(confirmsOrder('pending')).toBe(false);
    expect(confirmsOrder('cancelled')).toBe(false);
  });
});
