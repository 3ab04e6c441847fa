import {
  productImageFilename,
  productImageFiles,
  productImageKey,
  productImageUrl,
} from '../../src/domain/image-files';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('product image names', () => {
  test('When an image is uploaded, Then the original and its renditions share a fresh base name', () => {
    expect(productImageFiles(ID, 'jpeg', 'a1b2c3d4e5f60718')).toEqual({
      image: `${ID}-a1b2c3d4e5f60718.jpg`,
      thumbnail: `${ID}-a1b2c3d4e5f60718-320.webp`,
      preview: `${ID}-a1b2c3d4e5f60718-800.webp`,
    });
    expect(productImageFiles(ID, 'png', 'r').image).toBe(`${ID}-r.png`);
    expect(productImageFiles(ID, 'gif', 'r').image).toBe(`${ID}-r.gif`);
  });

  test('When the same product gets another upload, Then every name changes (a new URL for the long cache)', () => {
    const first = productImageFiles(ID, 'png', 'aaaa');
    const second = productImageFiles(ID, 'png', 'bbbb');
    for (const name of ['image', 'thumbnail', 'preview'] as const) expect(second[name]).not.toBe(first[name]);
  });

  test('When a file name is kept, Then its key is in the products folder and the key gives the name back', () => {
    expect(productImageKey('x-1.png')).toBe('products/x-1.png');
    expect(productImageFilename(productImageKey('x-1-320.webp'))).toBe('x-1-320.webp');
  });

  test('When a URL is made, Then it is the root-relative image route', () => {
    expect(productImageUrl(`${ID}-r.png`)).toBe(`/api/product-images/${ID}-r.png`);
  });
});
