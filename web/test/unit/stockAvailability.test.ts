import { lowStockAlert } from '../../src/features/dashboard/alertTexts';
import { availabilityLabel, STOCK_BADGES, stockFigures } from '../../src/features/products/stockAvailability';

describe('stock as the screens show it', () => {
  test('When a dealer sees a product, Then its availability is a word, never a number', () => {
    expect(availabilityLabel('in_stock')).toBe('In stock');
    expect(availabilityLabel('low_stock')).toBe('Low stock');
    expect(availabilityLabel('backorder')).toBe('Backorder');
    expect(Object.keys(STOCK_BADGES).sort()).toEqual(['backorder', 'in_stock', 'low_stock']);
  });

  test('When an admin sees a product, Then available, reserved and on hand are shown, or that stock is not tracked', () => {
    expect(stockFigures({ stock_on_hand: 12, stock_reserved: 4, stock_available: 8 })).toBe(
      '8 available · 4 reserved · 12 on hand',
    );
    expect(stockFigures({ stock_on_hand: null, stock_reserved: 0, stock_available: null })).toBe('Stock not tracked');
  });

  test('When products are low on stock, Then the dashboard alert counts them in words', () => {
    expect(lowStockAlert(1)).toBe('1 product is low on stock');
    expect(lowStockAlert(3)).toBe('3 products are low on stock');
  });
});
