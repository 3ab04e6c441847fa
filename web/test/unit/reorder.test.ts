import { reorderFill, reorderNotice } from '../../src/features/order-products/reorder';
import {
  clearAllSavedQuantities,
  readReorderNotice,
  saveReorderNotice,
} from '../../src/features/order-products/savedQuantities';
import { memoryStorage } from './memoryStorage';

const line = (product_id: string, title: string, quantity: number, is_custom = false) => ({
  product_id,
  title,
  quantity,
  is_custom,
});
const offered = (...ids: string[]) => ids.map((product_id) => ({ product_id }));

describe('Order Again: reorderFill', () => {
  test('When every product is still offered, Then each gets its quantity and none is named', () => {
    const fill = reorderFill([line('p1', 'Hub Blind', 2), line('p2', 'Blind Chair', 7)], offered('p1', 'p2', 'p3'));
    expect(fill).toEqual({ quantities: { p1: 2, p2: 7 }, unavailable: [] });
    expect(reorderNotice(fill)).toBeNull();
  });

  test('When products are inactive or deleted, or a line is custom, Then they are named once as unavailable', () => {
    const fill = reorderFill(
      [
        line('p1', 'Hub Blind', 2),
        line('gone', 'Old Stand', 1),
        line('gone', 'Old Stand', 4),
        line('custom_1', 'Delivery fee', 1, true),
      ],
      offered('p1', 'custom_1'),
    );
    expect(fill).toEqual({ quantities: { p1: 2 }, unavailable: ['Old Stand', 'Delivery fee'] });
    expect(reorderNotice(fill)).toBe('Not added, no longer available: Old Stand, Delivery fee.');
  });

  test('When a quantity is over 100 or a product is on two lines, Then the sum is clamped to 0–100', () => {
    const fill = reorderFill(
      [line('p1', 'Hub Blind', 250), line('p2', 'Blind Chair', 60), line('p2', 'Blind Chair', 70)],
      offered('p1', 'p2'),
    );
    expect(fill.quantities).toEqual({ p1: 100, p2: 100 });
  });

  test('When nothing can be ordered, Then no quantity is filled and the notice says so', () => {
    const fill = reorderFill([line('gone', 'Old Stand', 1)], offered('p1'));
    expect(fill.quantities).toEqual({});
    expect(reorderNotice(fill)).toBe("None of this order's products can be ordered now. Unavailable: Old Stand.");
  });
});

describe("Order Again's notice in storage", () => {
  test('When saved, Then read for its user only; null removes it and sign-out clears it', () => {
    const storage = memoryStorage();
    saveReorderNotice(storage, 'D1', 'Not added, no longer available: Old Stand.');
    expect(readReorderNotice(storage, 'D1')).toBe('Not added, no longer available: Old Stand.');
    expect(readReorderNotice(storage, 'D2')).toBeNull();
    saveReorderNotice(storage, 'D1', null);
    expect(readReorderNotice(storage, 'D1')).toBeNull();
    saveReorderNotice(storage, 'D1', 'x');
    clearAllSavedQuantities(storage);
    expect(readReorderNotice(storage, 'D1')).toBeNull();
  });
});
