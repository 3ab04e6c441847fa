import sharp from 'sharp';
import { IMAGES, productForm, type StoreKind, startCatalog, type TestCatalog, withForm } from './support/catalog';

/** A 1000 x 500 PNG: big enough for both renditions to be scaled down. */
const widePng = () =>
  sharp({ create: { width: 1000, height: 500, channels: 3, background: { r: 40, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe.each<[string, StoreKind]>([
  ['on the S3 API (s3rver)', 's3'],
  ['on the file store', 'files'],
])('product images %s', (_name, store) => {
  let catalog: TestCatalog;
  beforeAll(async () => {
    catalog = await startCatalog(`catalog_images_${store}`, store);
  });
  afterAll(() => catalog?.stop());

  const api = () => catalog.api();
  const createWith = async (bytes: Buffer, filename: string) => {
    const res = await withForm(api().post('/api/admin/create-product').set(catalog.admin), productForm(), {
      bytes,
      filename,
    });
    expect(res.status).toBe(200);
    return res.body.product as {
      product_id: string;
      full_image_url: string;
      thumbnail_url: string;
      preview_url: string;
    };
  };

  test('When anyone asks for a product image, Then it is the uploaded bytes with their detected type, nosniff, an ETag and a year of immutable cache', async () => {
    const product = await createWith(IMAGES.png, 'blind.jpg');

    const res = await api().get(product.full_image_url).buffer(true);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(Buffer.compare(res.body, IMAGES.png)).toBe(0);
  });

  test('When an image is asked for again (now from memory), Then the same bytes, type and length, and HEAD answers the headers alone', async () => {
    const product = await createWith(IMAGES.png, 'again.png');
    const first = await api().get(product.full_image_url).buffer(true);

    const second = await api().get(product.full_image_url).buffer(true);
    const head = await api().head(product.full_image_url);

    expect(second.status).toBe(200);
    expect(Buffer.compare(second.body, first.body)).toBe(0);
    expect(second.headers['content-type']).toBe('image/png');
    expect(second.headers['content-length']).toBe(String(IMAGES.png.length));
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(IMAGES.png.length));
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  test('When the browser sends the ETag back in If-None-Match, Then 304 with no body', async () => {
    const product = await createWith(IMAGES.gif, 'a.gif');
    const first = await api().get(product.full_image_url);

    const again = await api()
      .get(product.full_image_url)
      .set('if-none-match', first.headers.etag as string);

    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text ?? '').toBe('');
    const other = await api().get(product.full_image_url).set('if-none-match', '"something-else"');
    expect(other.status).toBe(200);
  });

  test('When an image is uploaded, Then WebP renditions of 320 px and 800 px are served beside the original', async () => {
    const product = await createWith(await widePng(), 'wide.png');

    for (const [url, width, height] of [
      [product.thumbnail_url, 320, 160],
      [product.preview_url, 800, 400],
    ] as const) {
      const res = await api().get(url).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(res.body).metadata()).toMatchObject({ format: 'webp', width, height });
    }
  });

  test('When the image is replaced, Then the old names answer 404 and the new ones are served; a deleted product keeps its image', async () => {
    const product = await createWith(IMAGES.png, 'a.png');
    const replaced = await withForm(
      api().put(`/api/admin/update-product/${product.product_id}`).set(catalog.admin),
      productForm(),
      { bytes: IMAGES.jpeg, filename: 'b.jpg' },
    );
    expect(replaced.body.image_updated).toBe(true);
    for (const url of [product.full_image_url, product.thumbnail_url, product.preview_url]) {
      expect((await api().get(url)).status).toBe(404);
    }
    const current = replaced.body.product.full_image_url;
    expect((await api().get(current)).headers['content-type']).toBe('image/jpeg');

    await api().delete(`/api/admin/delete-product/${product.product_id}`).set(catalog.admin);
    expect((await api().get(current)).status).toBe(200);
  });

  test('When an image that was just served is replaced, Then its old names answer 404 at once', async () => {
    const product = await createWith(IMAGES.png, 'a.png');
    for (const url of [product.full_image_url, product.thumbnail_url]) expect((await api().get(url)).status).toBe(200);

    await withForm(api().put(`/api/admin/update-product/${product.product_id}`).set(catalog.admin), productForm(), {
      bytes: IMAGES.gif,
      filename: 'b.gif',
    });

    for (const url of [product.full_image_url, product.thumbnail_url]) expect((await api().get(url)).status).toBe(404);
  });

  test('When a cache revalidates an image whose name was removed, Then 404 rather than 304', async () => {
    const product = await createWith(IMAGES.png, 'a.png');
    const { etag } = (await api().get(product.full_image_url)).headers;
    const revalidate = () =>
      api()
        .get(product.full_image_url)
        .set('If-None-Match', etag as string);
    expect((await revalidate()).status).toBe(304);

    await withForm(api().put(`/api/admin/update-product/${product.product_id}`).set(catalog.admin), productForm(), {
      bytes: IMAGES.gif,
      filename: 'b.gif',
    });

    const gone = await revalidate();
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('Error: Product image not found');
  });

  test('When no image has that name, Then a clean JSON 404 that no cache keeps', async () => {
    const res = await api().get('/api/product-images/no-such-image.png');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ detail: 'Error: Product image not found' });
  });

  test.each([
    '..',
    '.meta',
    '.tmp',
    '..%2F..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'products%2F..%2F..%2Fsecret',
    '..%5C..%5Cwindows',
    'a%00.png',
  ])('When the file name is %s, Then it is refused with 400 before the store is asked', async (name) => {
    const res = await api().get(`/api/product-images/${name}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/Invalid file name/);
  });
});
