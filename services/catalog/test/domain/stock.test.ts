import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts';
import {
  isStockLine,
  lowStockStep,
  type StockFigures,
  stockAvailability,
  stockEffect,
  stockHolding,
} from '../../src/domain/stock';

describe('stockEffect: what an order moving between statuses does to stock, per unit', () => {
  test.each([
    ['pending', 'confirmed', { reserved: 1, on_hand: 0 }],
    ['confirmed', 'cancelled', { reserved: -1, on_hand: 0 }],
    ['confirmed', 'pending', { reserved: -1, on_hand: 0 }],
    ['confirmed', 'in_shipment', { reserved: -1, on_hand: -1 }],
    ['in_shipment', 'confirmed', { reserved: 1, on_hand: 1 }],
    ['in_shipment', 'shipped', { reserved: 0, on_hand: 0 }],
    ['shipped', 'delivered', { reserved: 0, on_hand: 0 }],
    ['delivered', 'shipped', { reserved: 0, on_hand: 0 }],
    ['delivered', 'in_shipment', { reserved: 0, on_hand: 0 }],
    ['pending', 'cancelled', { reserved: 0, on_hand: 0 }],
    ['pending', 'in_shipment', { reserved: 0, on_hand: -1 }],
    ['in_shipment', 'cancelled', { reserved: 0, on_hand: 1 }],
  ] as const)('When an order goes from %s to %s, Then stock changes by %o per unit', (from, to, change) => {
    expect(stockEffect(from, to)).toEqual(change);
  });

  test('When a new order arrives, Then it counts from no holding: a pending one changes nothing, a confirmed one reserves', () => {
    expect(stockEffect(null, 'pending')).toEqual({ reserved: 0, on_hand: 0 });
    expect(stockEffect(null, 'confirmed')).toEqual({ reserved: 1, on_hand: 0 });
    expect(stockEffect(null, 'delivered')).toEqual({ reserved: 0, on_hand: -1 });
  });

  test('When an order is re-announced without a status change, Then stock does not move', () => {
    for (const status of ORDER_STATUSES) expect(stockEffect(status, status)).toEqual({ reserved: 0, on_hand: 0 });
  });

  test('When any chain of moves is applied in any order, Then the sum equals the move from the first to the last status', () => {
    // a deterministic pseudo-random walk over the statuses
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return ORDER_STATUSES[seed % ORDER_STATUSES.length] as OrderStatus;
    };
    for (let walk = 0; walk < 200; walk++) {
      const chain: OrderStatus[] = Array.from({ length: 2 + (walk % 6) }, next);
      const moves = chain.slice(1).map((to, i) => stockEffect(chain[i] as OrderStatus, to));
      const sum = moves
        .reverse()
        .reduce((a, b) => ({ reserved: a.reserved + b.reserved, on_hand: a.on_hand + b.on_hand }));
      expect(sum).toEqual(stockEffect(chain[0] as OrderStatus, chain[chain.length - 1] as OrderStatus));
    }
  });

  test('Holdings: pending and cancelled hold nothing, confirmed reserves, on a truck and after it is taken', () => {
    expect(ORDER_STATUSES.map(stockHolding)).toEqual(['none', 'reserved', 'taken', 'taken', 'taken', 'none']);
  });
});

describe('which order lines hold stock', () => {
  test('When a line is a catalogue product, Then it holds stock; a custom line does not', () => {
    expect(isStockLine({ product_id: 'p-1', is_custom: false })).toBe(true);
    expect(isStockLine({ product_id: 'custom_abc', is_custom: true })).toBe(false);
    expect(isStockLine({ product_id: 'custom_abc', is_custom: false })).toBe(false);
  });
});

describe('availability: what a dealer is told', () => {
  test.each([
    [null, 0, 5, null],
    [10, 0, 5, 'in_stock'],
    [10, 4, 5, 'in_stock'],
    [10, 5, 5, 'low_stock'],
    [6, 0, 5, 'in_stock'],
    [5, 0, 5, 'low_stock'],
    [1, 0, 5, 'low_stock'],
    [0, 0, 5, 'backorder'],
    [3, 3, 5, 'backorder'],
    [2, 7, 5, 'backorder'],
    [1, 0, null, 'in_stock'],
    [0, 0, null, 'backorder'],
    [0, 0, 0, 'backorder'],
    [1, 0, 0, 'in_stock'],
  ] as const)('When on hand is %s, reserved %s and the level %s, Then it is %s', (onHand, reserved, level, label) => {
    expect(stockAvailability(onHand, reserved, level)).toBe(label);
  });
});

describe('the low-stock notice', () => {
  const figures = (available: number, level: number | null = 5): StockFigures => ({
    stock_on_hand: available + 2,
    stock_reserved: 2,
    low_stock_threshold: level,
  });

  test('When a product reaches its level and was not announced, Then it is announced; once announced, not again', () => {
    expect(lowStockStep(figures(5), false)).toBe('announce');
    expect(lowStockStep(figures(-3), false)).toBe('announce');
    expect(lowStockStep(figures(4), true)).toBe('none');
  });

  test('When it rises above its level after an announcement, Then the announcement is forgotten', () => {
    expect(lowStockStep(figures(6), true)).toBe('forget');
    expect(lowStockStep(figures(6), false)).toBe('none');
  });

  test('When it has no level or is not tracked, Then nothing is announced and an old announcement is forgotten', () => {
    expect(lowStockStep(figures(0, null), false)).toBe('none');
    expect(lowStockStep(figures(0, null), true)).toBe('forget');
    expect(lowStockStep({ stock_on_hand: null, stock_reserved: 0, low_stock_threshold: 5 }, false)).toBe('none');
  });
});
