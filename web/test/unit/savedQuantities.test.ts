import {
  clearAllSavedQuantities,
  loadSavedQuantities,
  savedQuantitiesKey,
  saveQuantities,
} from '../../src/features/order-products/savedQuantities';
import { memoryStorage } from './memoryStorage';

describe("A dealer's typed Order Products quantities, kept until sent or cleared", () => {
  test('When quantities are saved and read back by the same user, Then the chosen ones come back; 0s are not kept', () => {
    const storage = memoryStorage();
    saveQuantities(storage, 'D-1', { a: 3, b: 0, c: 100 });
    expect(loadSavedQuantities(storage, 'D-1')).toEqual({ a: 3, c: 100 });
  });

  test('When another user signs in on the same computer, Then they see none of the first one’s quantities', () => {
    const storage = memoryStorage();
    saveQuantities(storage, 'D-1', { a: 3 });
    expect(loadSavedQuantities(storage, 'D-2')).toEqual({});
  });

  test('When nothing is chosen any more (sent, or Clear), Then the saved entry is removed', () => {
    const storage = memoryStorage();
    saveQuantities(storage, 'D-1', { a: 3 });
    saveQuantities(storage, 'D-1', {});
    expect(storage.getItem(savedQuantitiesKey('D-1'))).toBeNull();
  });

  test('When the stored data cannot be parsed or holds no valid quantity, Then it is ignored and removed', () => {
    for (const bad of ['{', 'null', '[1,2]', '"x"', '{"a":"3"}', '{"a":101}', '{"a":-1}', '{"a":1.5}']) {
      const storage = memoryStorage();
      storage.setItem(savedQuantitiesKey('D-1'), bad);
      expect(loadSavedQuantities(storage, 'D-1')).toEqual({});
      expect(storage.getItem(savedQuantitiesKey('D-1'))).toBeNull();
    }
  });

  test('When someone signs out, Then every saved cart is removed and the session-independent keys stay', () => {
    const storage = memoryStorage();
    saveQuantities(storage, 'D-1', { a: 1 });
    saveQuantities(storage, 'D-2', { b: 2 });
    storage.setItem('googleMapSettings', '{}');
    clearAllSavedQuantities(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('googleMapSettings')).toBe('{}');
  });
});
