/**
 * The rules of the product and picture screens that need no browser: what the forms refuse before sending (in
 * the contract's words and the spec's order), what each call's success and failure reads (000 §8), how prices
 * and sizes are shown, and which image a card or grid asks for (never a picture's original).
 */
import type { DealerProduct, Picture, Product } from '@portal/contracts';
import { uploadReply } from '../../src/api/uploadReply';
import { picturePreviewUrl, pictureThumbnailUrl } from '../../src/features/pictures/pictureImages';
import {
  deleteFailureMessage,
  downloadFailureMessage,
  downloadingMessage,
  uploadFailureMessage,
} from '../../src/features/pictures/pictureMessages';
import {
  EMPTY_PICTURE,
  knownCategories,
  pictureFormData,
  pictureUploadProblem,
} from '../../src/features/pictures/pictureUpload';
import { productCardImageUrl, productImageUrl } from '../../src/features/products/productImage';
import { PRODUCT_STATUS_OPTIONS } from '../../src/features/products/productStatus';
import {
  draftOf,
  EMPTY_PRODUCT,
  type ProductDraft,
  productFormData,
  productFormProblem,
  productSavedMessage,
} from '../../src/features/settings/products/productForm';
import { formatFileSize } from '../../src/format/fileSize';
import { formatPrice } from '../../src/format/money';
import { acceptedTypes } from '../../src/ui/imageFile';
import { messageTone } from '../../src/ui/messageTone';

const TEN_MB = 10485760;

function file(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

const PRODUCT: Product = {
  product_id: 'p-1',
  title: 'Ridge Hub Blind',
  description: 'Five-hub ground blind',
  price: 1249.5,
  status: 'active',
  active: true,
  image_filename: 'ridge hub.png',
  full_image_url: null,
  thumbnail_url: null,
  preview_url: null,
  created_at: '2025-03-04T14:30:00.000Z',
  sku: 'RHB-5',
  category: 'Blinds',
  stock_on_hand: 12,
  low_stock_threshold: 3,
  stock_reserved: 2,
  stock_available: 10,
  availability: 'in_stock',
};

const PICTURE: Picture = {
  picture_id: 'pic-1',
  title: 'Blind at dawn',
  description: null,
  category: null,
  file_url: '/api/picture-files/pic-1-abc-800.webp',
  file_size: 2516582,
  created_at: '2025-03-04T14:30:00.000Z',
  thumbnail_url: '/api/picture-files/pic-1-abc-320.webp',
  preview_url: '/api/picture-files/pic-1-abc-800.webp',
};

describe('Showing prices, sizes and statuses', () => {
  test('When a price is shown, Then it has two decimals and a thousands separator', () => {
    expect(formatPrice(1249.5)).toBe('$1,249.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(19.99)).toBe('$19.99');
  });

  test('When a picture size is shown, Then it is in MB to one decimal from 1 MB, and in KB below', () => {
    expect(formatFileSize(2516582)).toBe('2.4 MB');
    expect(formatFileSize(TEN_MB)).toBe('10.0 MB');
    expect(formatFileSize(80 * 1024)).toBe('80 KB');
  });

  test('When the status select is built, Then each status of the contract has a readable label', () => {
    expect(PRODUCT_STATUS_OPTIONS).toEqual([
      { value: 'active', label: 'Active' },
      { value: 'inactive', label: 'Inactive' },
      { value: 'admin_only', label: 'Admin Only' },
    ]);
  });
});

describe('The product form', () => {
  const valid: ProductDraft = {
    ...EMPTY_PRODUCT,
    title: 'Ridge Hub',
    price: '1249.50',
    image: file('a.png', 'image/png'),
  };

  test('When a required field is blank or the price is not dollars and cents, Then the spec message is shown before sending', () => {
    expect(productFormProblem({ ...valid, title: '   ' }, 'create')).toBe('Error: Please enter a title');
    expect(productFormProblem({ ...valid, price: '' }, 'create')).toBe('Error: Please enter a valid price');
    expect(productFormProblem({ ...valid, price: '12.345' }, 'create')).toBe('Error: Please enter a valid price');
    expect(productFormProblem({ ...valid, price: '-1' }, 'create')).toBe('Error: Please enter a valid price');
    expect(productFormProblem({ ...valid, price: '1e3' }, 'create')).toBe('Error: Please enter a valid price');
    expect(productFormProblem({ ...valid, price: '12.340' }, 'create')).toBeNull();
    expect(productFormProblem({ ...valid, price: '0' }, 'create')).toBeNull();
  });

  test('When no image is chosen, Then create refuses and edit keeps the current image', () => {
    expect(productFormProblem({ ...valid, image: null }, 'create')).toBe('Error: Please select a product image');
    expect(productFormProblem({ ...valid, image: null }, 'edit')).toBeNull();
  });

  test('When the image is not JPG, PNG or GIF or is over 10MB, Then it is refused; exactly 10MB passes', () => {
    for (const mode of ['create', 'edit'] as const) {
      expect(productFormProblem({ ...valid, image: file('a.svg', 'image/svg+xml') }, mode)).toBe(
        'Error: Please select a JPG, PNG or GIF image',
      );
      expect(productFormProblem({ ...valid, image: file('a.webp', 'image/webp') }, mode)).toBe(
        'Error: Please select a JPG, PNG or GIF image',
      );
      expect(productFormProblem({ ...valid, image: file('a.gif', 'image/gif', TEN_MB + 1) }, mode)).toBe(
        'Error: File must be less than 10MB',
      );
      expect(productFormProblem({ ...valid, image: file('a.jpg', 'image/jpeg', TEN_MB) }, mode)).toBeNull();
    }
  });

  test('When the form is sent, Then product_image goes only when one was chosen', () => {
    const withImage = productFormData(valid);
    expect(withImage.get('title')).toBe('Ridge Hub');
    expect(withImage.get('price')).toBe('1249.50');
    expect(withImage.get('status')).toBe('active');
    expect(withImage.get('product_image')).toBeInstanceOf(File);
    expect(productFormData({ ...valid, image: null }).has('product_image')).toBe(false);
  });

  test('When the stock figures are not whole numbers of 0 or more, Then the contract message is shown; whole ones and blank are sent', () => {
    expect(productFormProblem({ ...valid, stock_on_hand: '-2' }, 'create')).toBe(
      'Error: Stock on hand must be a whole number of 0 or more',
    );
    expect(productFormProblem({ ...valid, low_stock_threshold: '1.5' }, 'create')).toBe(
      'Error: Low-stock level must be a whole number of 0 or more',
    );
    const typed = { ...valid, stock_on_hand: ' 40 ', low_stock_threshold: '5' };
    expect(productFormProblem(typed, 'create')).toBeNull();
    const sent = productFormData(typed);
    expect([sent.get('stock_on_hand'), sent.get('low_stock_threshold')]).toEqual(['40', '5']);
    const blank = productFormData(valid);
    expect([blank.get('stock_on_hand'), blank.get('low_stock_threshold')]).toEqual(['', '']);
  });

  test('When an edit leaves stock on hand as it opened, Then it is not sent (a shipment meanwhile is kept); a changed one is', () => {
    const opened = { ...valid, stock_on_hand: '40', low_stock_threshold: '5' };
    const untouched = productFormData({ ...opened, title: 'Renamed' }, opened);
    expect(untouched.has('stock_on_hand')).toBe(false);
    expect(untouched.get('low_stock_threshold')).toBe('5');
    expect(productFormData({ ...opened, stock_on_hand: '35' }, opened).get('stock_on_hand')).toBe('35');
    expect(productFormData({ ...opened, stock_on_hand: '' }, opened).get('stock_on_hand')).toBe('');
  });

  test('When SKU and category are typed, Then they are sent trimmed; blank ones are sent blank, which clears them', () => {
    const typed = productFormData({ ...valid, sku: '  RHB-5 ', category: ' Blinds ' });
    expect([typed.get('sku'), typed.get('category')]).toEqual(['RHB-5', 'Blinds']);
    const blank = productFormData(valid);
    expect([blank.get('sku'), blank.get('category')]).toEqual(['', '']);
  });

  test('When the SKU is over 64 or the category over 100 characters, Then the contract message is shown before sending', () => {
    expect(productFormProblem({ ...valid, sku: 'S'.repeat(65) }, 'create')).toBe(
      'Error: SKU must be at most 64 characters',
    );
    expect(productFormProblem({ ...valid, category: 'C'.repeat(101) }, 'create')).toBe(
      'Error: Category must be at most 100 characters',
    );
    expect(productFormProblem({ ...valid, sku: 'S'.repeat(64), category: 'C'.repeat(100) }, 'create')).toBeNull();
  });

  test('When a product is edited, Then the form starts from it with the price at two decimals and no new image', () => {
    expect(draftOf(PRODUCT)).toEqual({
      title: 'Ridge Hub Blind',
      description: 'Five-hub ground blind',
      price: '1249.50',
      status: 'active',
      sku: 'RHB-5',
      category: 'Blinds',
      stock_on_hand: '12',
      low_stock_threshold: '3',
      image: null,
    });
    expect(draftOf({ ...PRODUCT, sku: null, category: null })).toMatchObject({ sku: '', category: '' });
    // stock not tracked: both fields start blank
    expect(
      draftOf({
        ...PRODUCT,
        stock_on_hand: null,
        low_stock_threshold: null,
        stock_available: null,
        availability: null,
      }),
    ).toMatchObject({ stock_on_hand: '', low_stock_threshold: '' });
  });

  test('When a save succeeds, Then the spec text is shown, adding "Image replaced." when the reply says image_updated', () => {
    expect(productSavedMessage('create')).toBe('Product created successfully!');
    expect(productSavedMessage('edit', false)).toBe('Product updated successfully!');
    expect(productSavedMessage('edit', true)).toBe('Product updated successfully! Image replaced.');
  });

  test('When the picker opens, Then it offers the contract kinds only', () => {
    expect(
      acceptedTypes({
        field: 'x',
        maxBytes: 1,
        kinds: ['jpeg', 'gif'],
        required: true,
        messages: { tooLarge: '', wrongKind: '' },
      }),
    ).toBe('image/jpeg,image/pjpeg,image/gif');
  });
});

describe('Product images', () => {
  test('When the API gives a thumbnail, Then the card shows it; else the full image, else the image route by name', () => {
    const product: DealerProduct = { ...PRODUCT };
    expect(productCardImageUrl({ ...product, thumbnail_url: '/api/product-images/p-1-320.webp' })).toBe(
      '/api/product-images/p-1-320.webp',
    );
    expect(productCardImageUrl({ ...product, full_image_url: '/api/product-images/x.png' })).toBe(
      '/api/product-images/x.png',
    );
    expect(productImageUrl(product)).toBe('/api/product-images/ridge%20hub.png');
    expect(productCardImageUrl({ ...product, image_filename: null })).toBeNull();
  });
});

describe('The picture upload form', () => {
  const valid = { ...EMPTY_PICTURE, file: file('dawn.jpg', 'image/jpeg'), title: 'Blind at dawn' };

  test('When several things are missing, Then the spec order decides: file first, then title, then type, then size', () => {
    expect(pictureUploadProblem({ ...EMPTY_PICTURE })).toBe('Error: Please select a file first');
    expect(pictureUploadProblem({ ...valid, title: '  ' })).toBe('Error: Please enter a title');
    expect(pictureUploadProblem({ ...valid, title: '', file: file('notes.txt', 'text/plain') })).toBe(
      'Error: Please enter a title',
    );
    expect(pictureUploadProblem({ ...valid, file: file('notes.png', 'text/plain') })).toBe(
      'Error: Please select an image file',
    );
    expect(pictureUploadProblem({ ...valid, file: file('logo.svg', 'image/svg+xml') })).toBe(
      'Error: Please select an image file',
    );
    expect(pictureUploadProblem({ ...valid, file: file('big.png', 'image/png', TEN_MB + 1) })).toBe(
      'Error: File must be less than 10MB',
    );
    expect(pictureUploadProblem({ ...valid, file: file('max.png', 'image/png', TEN_MB) })).toBeNull();
  });

  test('When the form is sent, Then picture, title and description go, and category only when given', () => {
    const form = pictureFormData({ ...valid, description: ' Early light ', category: '' });
    expect(form.get('picture')).toBeInstanceOf(File);
    expect(form.get('title')).toBe('Blind at dawn');
    expect(form.get('description')).toBe('Early light');
    expect(form.has('category')).toBe(false);
    expect(pictureFormData({ ...valid, category: 'Field' }).get('category')).toBe('Field');
  });

  test('When categories are suggested, Then each used name appears once, sorted', () => {
    expect(
      knownCategories([{ category: 'Field' }, { category: null }, { category: 'Booth ' }, { category: 'Field' }]),
    ).toEqual(['Booth', 'Field']);
  });
});

describe('Picture images', () => {
  test('When a grid shows a picture, Then it asks for the 320 px rendition, and the preview for the 800 px one', () => {
    expect(pictureThumbnailUrl(PICTURE)).toBe('/api/picture-files/pic-1-abc-320.webp');
    expect(picturePreviewUrl(PICTURE)).toBe('/api/picture-files/pic-1-abc-800.webp');
    expect(pictureThumbnailUrl({ ...PICTURE, thumbnail_url: '' })).toBeNull();
    expect(picturePreviewUrl({ ...PICTURE, preview_url: '', file_url: '' })).toBe(PICTURE.thumbnail_url);
  });
});

describe('Picture messages (000 §8)', () => {
  const network = { status: 'FETCH_ERROR', error: 'Failed to fetch' } as const;

  test('When an upload fails, Then the network text, the server detail or "Upload failed" is shown, as an error', () => {
    expect(uploadFailureMessage(network)).toBe('Network error during upload');
    expect(uploadFailureMessage({ status: 415, data: { detail: 'Error: Please select an image file' } })).toBe(
      'Error: Please select an image file',
    );
    expect(uploadFailureMessage({ status: 500, data: 'Internal' })).toBe('Error: Upload failed');
  });

  test('When a delete or a download fails, Then the spec text is shown with the detail when there is one', () => {
    expect(deleteFailureMessage(network)).toBe('Network error during deletion');
    expect(deleteFailureMessage({ status: 500, data: null })).toBe('Error deleting picture');
    expect(deleteFailureMessage({ status: 404, data: { detail: 'Error: Picture not found' } })).toBe(
      'Error deleting picture: Picture not found',
    );
    expect(downloadFailureMessage(network)).toBe('Network error during download.');
    expect(downloadFailureMessage({ status: 500, data: null })).toBe('Error downloading picture.');
    expect(downloadFailureMessage({ status: 404, data: { detail: 'Picture not found' } })).toBe(
      'Error downloading picture. Picture not found',
    );
  });

  test('When a download starts, Then "Downloading {title}..." is shown as a success', () => {
    expect(downloadingMessage('Blind at dawn')).toBe('Downloading Blind at dawn...');
    expect(messageTone(downloadingMessage('Blind at dawn'))).toBe('success');
    expect(messageTone('Picture deleted successfully')).toBe('success');
    for (const text of ['Network error during deletion', 'Error downloading picture.', 'Error fetching products']) {
      expect(messageTone(text)).toBe('error');
    }
  });
});

describe('The upload reply (XMLHttpRequest)', () => {
  test('When the server answers, Then a 2xx gives the body and anything else the failure with its detail', () => {
    expect(uploadReply(200, '{"success":true}')).toEqual({ data: { success: true } });
    expect(uploadReply(413, '{"detail":"Error: File must be less than 10MB"}')).toEqual({
      error: { status: 413, data: { detail: 'Error: File must be less than 10MB' } },
    });
    expect(uploadReply(502, '<html>Bad gateway</html>')).toEqual({
      error: { status: 502, data: '<html>Bad gateway</html>' },
    });
    expect(uploadReply(200, 'not json')).toMatchObject({ error: { status: 'PARSING_ERROR', originalStatus: 200 } });
  });
});
