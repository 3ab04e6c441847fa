/** Order Products' search and category filter (issue 24): what a dealer's search and category choice leave shown. */
import type { DealerProduct } from '@portal/contracts';
import { filterProducts, isFiltering, NO_PRODUCT_FILTER } from '../../src/features/order-products/productFilter';
import { knownCategories } from '../../src/format/categories';

const product = (title: string, sku: string | null, category: string | null) =>
  ({ product_id: title, title, sku, category }) as DealerProduct;

const CATALOGUE = [
  product('Ridge Hub Blind', 'RHB-5', 'Blinds'),
  product('Tower Stand', 'TS-200', 'Stands'),
  product('Ladder Stand', null, 'Stands'),
  product('Scent Wafers', 'SW-12', null),
];
const titles = (products: DealerProduct[]) => products.map((p) => p.title);

describe('Filtering Order Products', () => {
  test('When nothing is typed or chosen, Then every product is shown in its order', () => {
    expect(filterProducts(CATALOGUE, NO_PRODUCT_FILTER)).toEqual(CATALOGUE);
    expect(isFiltering(NO_PRODUCT_FILTER)).toBe(false);
    expect(isFiltering({ q: '   ', category: '' })).toBe(false);
  });

  test('When text is typed, Then products whose name or SKU contain it are shown, whatever the case and spaces', () => {
    expect(titles(filterProducts(CATALOGUE, { q: 'stand', category: '' }))).toEqual(['Tower Stand', 'Ladder Stand']);
    expect(titles(filterProducts(CATALOGUE, { q: ' ts-2 ', category: '' }))).toEqual(['Tower Stand']);
    expect(titles(filterProducts(CATALOGUE, { q: 'sw-12', category: '' }))).toEqual(['Scent Wafers']);
    expect(filterProducts(CATALOGUE, { q: 'decoy', category: '' })).toEqual([]);
    expect(isFiltering({ q: 'decoy', category: '' })).toBe(true);
  });

  test('When a category is chosen, Then only its products are shown, and together with text both must match', () => {
    expect(titles(filterProducts(CATALOGUE, { q: '', category: 'Stands' }))).toEqual(['Tower Stand', 'Ladder Stand']);
    expect(titles(filterProducts(CATALOGUE, { q: 'ts-', category: 'Stands' }))).toEqual(['Tower Stand']);
    expect(filterProducts(CATALOGUE, { q: 'rhb', category: 'Stands' })).toEqual([]);
    expect(isFiltering({ q: '', category: 'Stands' })).toBe(true);
  });

  test('When the category choices are listed, Then they are the distinct categories present, sorted, none blank', () => {
    expect(knownCategories(CATALOGUE)).toEqual(['Blinds', 'Stands']);
  });
});
