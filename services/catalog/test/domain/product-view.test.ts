import {
  dealerProductView,
  isVisibleToDealers,
  type ProductRecord,
  productSnapshot,
  productView,
} from '../../src/domain/product-view';

const record = (overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  product_id: 'p-1',
  title: 'Ground Blind',
  description: 'Two-person hub blind',
  price_cents: 24999,
  status: 'active',
  sku: 'GB-2P',
  category: 'Blinds',
  image_filename: 'p-1-ab.png',
  image_key: 'products/p-1-ab.png',
  thumbnail_key: 'products/p-1-ab-320.webp',
  preview_key: 'products/p-1-ab-800.webp',
  created_at: '2026-11-22T10:00:00.000Z',
  stock_on_hand: 12,
  low_stock_threshold: 5,
  stock_reserved: 4,
  stock_low_announced: false,
  ...overrides,
});

describe('a product as the contract shows it', () => {
  test('When an admin reads a product, Then the price is dollars and the image URLs point at the image route', () => {
    expect(productView(record())).toEqual({
      product_id: 'p-1',
      title: 'Ground Blind',
      description: 'Two-person hub blind',
      price: 249.99,
      status: 'active',
      active: true,
      image_filename: 'p-1-ab.png',
      full_image_url: '/api/product-images/p-1-ab.png',
      thumbnail_url: '/api/product-images/p-1-ab-320.webp',
      preview_url: '/api/product-images/p-1-ab-800.webp',
      created_at: '2026-11-22T10:00:00.000Z',
      sku: 'GB-2P',
      category: 'Blinds',
      stock_on_hand: 12,
      low_stock_threshold: 5,
      stock_reserved: 4,
      stock_available: 8,
      availability: 'in_stock',
    });
  });

  test('When stock is not tracked, Then available and availability are null', () => {
    expect(productView(record({ stock_on_hand: null, stock_reserved: 3 }))).toMatchObject({
      stock_on_hand: null,
      stock_reserved: 3,
      stock_available: null,
      availability: null,
    });
  });

  test.each([
    ['active', true],
    ['inactive', false],
    ['admin_only', false],
  ] as const)(
    'When the status is %s, Then the legacy active flag is %s and so is dealer visibility',
    (status, active) => {
      expect(productView(record({ status })).active).toBe(active);
      expect(isVisibleToDealers(status)).toBe(active);
    },
  );

  test('When a product has no image or no renditions, Then its URLs are null', () => {
    const view = productView(record({ image_filename: null, image_key: null, thumbnail_key: null, preview_key: null }));
    expect(view).toMatchObject({ full_image_url: null, thumbnail_url: null, preview_url: null });
  });

  test('When a dealer reads a product, Then status, the legacy flag, created_at and the stock figures are not shown; SKU, category and availability are', () => {
    expect(dealerProductView(record({ stock_on_hand: 6 })).availability).toBe('low_stock');
    expect(Object.keys(dealerProductView(record())).sort()).toEqual([
      'availability',
      'category',
      'description',
      'full_image_url',
      'image_filename',
      'preview_url',
      'price',
      'product_id',
      'sku',
      'thumbnail_url',
      'title',
    ]);
  });

  test('When the product is announced, Then its snapshot carries integer cents and the image file name', () => {
    expect(productSnapshot(record())).toEqual({
      product_id: 'p-1',
      title: 'Ground Blind',
      description: 'Two-person hub blind',
      price_cents: 24999,
      status: 'active',
      image_filename: 'p-1-ab.png',
    });
  });
});
