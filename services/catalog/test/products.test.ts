import { eventually, IMAGES, productForm, startCatalog, type TestCatalog, withForm } from './support/catalog';

const TEN_MB = 10485760;
/** A real JPEG padded to `size` bytes (decoders stop at its end marker). */
const jpegOfSize = (size: number) => Buffer.concat([IMAGES.jpeg, Buffer.alloc(size - IMAGES.jpeg.length)]);

let catalog: TestCatalog;
beforeAll(async () => {
  catalog = await startCatalog('catalog_products');
});
afterAll(() => catalog?.stop());

const api = () => catalog.api();
const create = (fields: Record<string, string>, image?: { bytes: Buffer; filename: string; contentType?: string }) =>
  withForm(api().post('/api/admin/create-product').set(catalog.admin), fields, image);
const update = (
  id: string,
  fields: Record<string, string>,
  image?: { bytes: Buffer; filename: string; contentType?: string },
) => withForm(api().put(`/api/admin/update-product/${id}`).set(catalog.admin), fields, image);
const png = { bytes: IMAGES.png, filename: 'blind.png' };
const adminList = async () => (await api().get('/api/admin/products').set(catalog.admin)).body.products as Product[];
const dealerList = async () => (await api().get('/api/dealer/products').set(catalog.dealer)).body.products as Product[];
const eventsOf = (productId: string) => catalog.events.filter((e) => e.aggregateId === productId);
/** What the catalog keeps: its products (admin list) and the image objects in the store. */
const kept = async () => ({
  products: (await adminList()).length,
  objects: (await catalog.objects.list('products/')).sort(),
});

interface Product {
  product_id: string;
  title: string;
  price: number;
  status: string;
  image_filename: string;
  full_image_url: string;
  thumbnail_url: string;
  preview_url: string;
  sku: string | null;
  category: string | null;
}

async function createdProduct(overrides: Record<string, string> = {}, image = png): Promise<Product> {
  const res = await create(productForm(overrides), image);
  expect(res.status).toBe(200);
  return res.body.product;
}

describe('creating a product', () => {
  test('When an admin creates a product with a PNG, Then it is answered in dollars with its image URLs, and product.created carries integer cents', async () => {
    const res = await create(productForm({ title: 'Hub Blind', description: 'Roomy', price: '12.3' }), png);

    expect(res.status).toBe(200);
    const product = res.body.product;
    expect(res.body).toMatchObject({ success: true, message: 'Product created successfully!' });
    expect(product).toMatchObject({
      title: 'Hub Blind',
      description: 'Roomy',
      price: 12.3,
      status: 'active',
      active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // the name is made by the catalog (never the uploaded name) and changes with each upload
    expect(product.image_filename).toMatch(new RegExp(`^${product.product_id}-[0-9a-f]{16}\\.png$`));
    expect(product.full_image_url).toBe(`/api/product-images/${product.image_filename}`);
    expect(product.thumbnail_url).toBe(`/api/product-images/${product.image_filename.replace('.png', '-320.webp')}`);
    expect(product.preview_url).toBe(`/api/product-images/${product.image_filename.replace('.png', '-800.webp')}`);
    const [created] = await eventually(() => {
      const found = eventsOf(product.product_id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(created?.type).toBe('product.created');
    expect(created?.payload).toEqual({
      product_id: product.product_id,
      title: 'Hub Blind',
      description: 'Roomy',
      price_cents: 1230,
      status: 'active',
      image_filename: product.image_filename,
    });
    expect(Number.isInteger(created?.payload.price_cents)).toBe(true);
  });

  test('When the price is typed as 0.1 or 19.99, Then it is kept as exact cents and shown with 2 decimals at most', async () => {
    const dime = await createdProduct({ price: '0.1' });
    const blind = await createdProduct({ price: '19.99' });
    expect(dime.price).toBe(0.1);
    expect(blind.price).toBe(19.99);
    const stored: { price_cents: number }[] = await catalog.services
      .service('catalog')
      .ctx.db.query('SELECT price_cents FROM products WHERE product_id = ANY($1) ORDER BY price_cents', [
        [dime.product_id, blind.product_id],
      ]);
    expect(stored).toEqual([{ price_cents: 10 }, { price_cents: 1999 }]);
  });

  test('When a JPEG or a GIF is sent (whatever its name), Then the kind is read from the content', async () => {
    const jpeg = await createdProduct({}, { bytes: IMAGES.jpeg, filename: 'photo.png' });
    const gif = await createdProduct({}, { bytes: IMAGES.gif, filename: 'anim.gif' });
    expect(jpeg.image_filename).toMatch(/\.jpg$/);
    expect(gif.image_filename).toMatch(/\.gif$/);
    expect((await api().get(jpeg.full_image_url)).headers['content-type']).toBe('image/jpeg');
  });

  test.each([
    ['no title', { title: '' }, 'Error: Please enter a title'],
    ['a blank price', { price: ' ' }, 'Error: Please enter a valid price'],
    ['a price that is not a number', { price: 'abc' }, 'Error: Please enter a valid price'],
    ['a price with 3 decimals', { price: '12.345' }, 'Error: Please enter a valid price'],
    ['a negative price', { price: '-1' }, 'Error: Please enter a valid price'],
    ['an unknown status', { status: 'deleted' }, 'Error: Status must be active, inactive or admin_only'],
  ])('When the form has %s (%j), Then 400 answers %j and nothing is kept', async (_case, overrides, detail) => {
    const before = await kept();
    const res = await create(productForm(overrides), png);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    expect(await kept()).toEqual(before);
  });

  test('When the uploaded file name is a path (../../x.png), Then 400 "Error: Invalid file name" and nothing is kept', async () => {
    const before = await kept();
    // form-data's `filepath` sends the name verbatim; superagent passes it on, though its types list only
    // filename and contentType
    const rawName: { filepath: string; contentType: string } = { filepath: '../../x.png', contentType: 'image/png' };
    const res = await withForm(api().post('/api/admin/create-product').set(catalog.admin), productForm()).attach(
      'product_image',
      IMAGES.png,
      rawName,
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: Invalid file name');
    expect(await kept()).toEqual(before);
  });

  test('When no image or a zero-byte image is sent, Then "Error: Please select a product image" is answered', async () => {
    const none = await create(productForm());
    const empty = await create(productForm(), { bytes: Buffer.alloc(0), filename: 'empty.png' });
    for (const res of [none, empty]) {
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Error: Please select a product image');
    }
  });

  test('When the image is exactly 10 MB, Then it is accepted; 10 MB + 1 byte is refused with the spec message', async () => {
    const fits = await create(productForm(), { bytes: jpegOfSize(TEN_MB), filename: 'big.jpg' });
    expect(fits.status).toBe(200);
    const original = await api().get(fits.body.product.full_image_url);
    expect(original.body.length).toBe(TEN_MB);

    const before = await kept();
    const over = await create(productForm(), { bytes: jpegOfSize(TEN_MB + 1), filename: 'big.jpg' });
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('Error: File must be less than 10MB');
    expect(await kept()).toEqual(before);
  });

  test.each([
    ['a text file named .png', Buffer.from('just some text, not an image\n'), 'notes.png', 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    ['a WebP (not JPG, PNG or GIF)', IMAGES.webp, 'photo.webp', 'image/webp'],
    [
      'a PNG signature followed by garbage',
      Buffer.concat([IMAGES.png.subarray(0, 8), Buffer.alloc(64, 7)]),
      'x.png',
      'image/png',
    ],
  ])(
    'When %s is sent, Then 415 "Error: Please select a JPG, PNG or GIF image" and nothing is kept',
    async (_case, bytes, filename, contentType) => {
      const before = await kept();
      const res = await create(productForm(), { bytes, filename, contentType });
      expect(res.status).toBe(415);
      expect(res.body.detail).toBe('Error: Please select a JPG, PNG or GIF image');
      expect(await kept()).toEqual(before);
    },
  );
});

describe('who sees which products', () => {
  test('When products of every status exist, Then admins see all newest first and dealers only the active ones', async () => {
    const active = await createdProduct({ status: 'active' });
    const inactive = await createdProduct({ status: 'inactive' });
    const adminOnly = await createdProduct({ status: 'admin_only' });

    const forAdmin = await adminList();
    const ids = forAdmin.map((p) => p.product_id);
    expect(ids.slice(0, 3)).toEqual([adminOnly.product_id, inactive.product_id, active.product_id]);
    expect(forAdmin.find((p) => p.product_id === inactive.product_id)).toMatchObject({
      status: 'inactive',
      active: false,
    });

    const forDealer = await dealerList();
    const dealerIds = forDealer.map((p) => p.product_id);
    expect(dealerIds).toContain(active.product_id);
    expect(dealerIds).not.toContain(inactive.product_id);
    expect(dealerIds).not.toContain(adminOnly.product_id);
    expect(forDealer.every((p) => (p as unknown as { status?: string }).status === undefined)).toBe(true);
    expect(forDealer.find((p) => p.product_id === active.product_id)).toEqual({
      product_id: active.product_id,
      title: active.title,
      description: 'Two-person hub blind',
      price: 249.99,
      image_filename: active.image_filename,
      full_image_url: `/api/product-images/${active.image_filename}`,
      thumbnail_url: active.thumbnail_url,
      preview_url: active.preview_url,
      sku: null,
      category: null,
      // stock not tracked: no label
      availability: null,
    });
  });

  test('When a product is made inactive, Then dealers stop seeing it; active again, they see it again', async () => {
    const product = await createdProduct();
    expect((await dealerList()).map((p) => p.product_id)).toContain(product.product_id);
    await update(product.product_id, productForm({ title: product.title, status: 'inactive' }));
    expect((await dealerList()).map((p) => p.product_id)).not.toContain(product.product_id);
    await update(product.product_id, productForm({ title: product.title, status: 'active' }));
    expect((await dealerList()).map((p) => p.product_id)).toContain(product.product_id);
  });

  test('When a dealer or a delivery user calls the admin routes, Then 403; the delivery user cannot list dealer products', async () => {
    const product = await createdProduct();
    for (const who of [catalog.dealer, catalog.delivery]) {
      expect((await api().get('/api/admin/products').set(who)).status).toBe(403);
      expect((await withForm(api().post('/api/admin/create-product').set(who), productForm(), png)).status).toBe(403);
      expect(
        (await withForm(api().put(`/api/admin/update-product/${product.product_id}`).set(who), productForm(), png))
          .status,
      ).toBe(403);
      expect((await api().delete(`/api/admin/delete-product/${product.product_id}`).set(who)).status).toBe(403);
    }
    expect((await api().get('/api/dealer/products').set(catalog.delivery)).status).toBe(403);
    expect((await adminList()).map((p) => p.product_id)).toContain(product.product_id);
  });

  test('When nobody is signed in, Then every admin and dealer route answers 401 and nothing changes', async () => {
    const product = await createdProduct();
    const before = await adminList();
    const calls = [
      api().get('/api/admin/products'),
      withForm(api().post('/api/admin/create-product'), productForm(), png),
      withForm(api().put(`/api/admin/update-product/${product.product_id}`), productForm({ price: '1' })),
      api().delete(`/api/admin/delete-product/${product.product_id}`),
      api().get('/api/dealer/products'),
    ];
    for (const call of calls) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect(await adminList()).toEqual(before);
  });
});

describe('updating a product', () => {
  test('When the fields change without an image, Then image_updated is false, the image stays and product.updated carries the new cents', async () => {
    const product = await createdProduct({ price: '10' });

    const res = await update(
      product.product_id,
      productForm({ title: 'Renamed', description: '', price: '0.30', status: 'admin_only' }),
    );

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Product updated successfully!', image_updated: false });
    expect(res.body.product).toMatchObject({
      title: 'Renamed',
      description: null,
      price: 0.3,
      status: 'admin_only',
      active: false,
      image_filename: product.image_filename,
    });
    const updated = await eventually(() => {
      const found = eventsOf(product.product_id).find((e) => e.type === 'product.updated');
      expect(found).toBeDefined();
      return found;
    });
    expect(updated?.payload).toMatchObject({ title: 'Renamed', price_cents: 30, status: 'admin_only' });
    expect((await api().get(product.full_image_url)).status).toBe(200);
  });

  test('When a new image is sent, Then it gets new names, image_updated is true, and the old original and renditions are gone', async () => {
    const product = await createdProduct();
    const old = [product.full_image_url, product.thumbnail_url, product.preview_url];

    const res = await update(product.product_id, productForm({ title: product.title }), {
      bytes: IMAGES.gif,
      filename: 'new.gif',
    });

    expect(res.status).toBe(200);
    expect(res.body.image_updated).toBe(true);
    const replaced: Product = res.body.product;
    expect(replaced.image_filename).toMatch(new RegExp(`^${product.product_id}-[0-9a-f]{16}\\.gif$`));
    for (const url of old) {
      expect([replaced.full_image_url, replaced.thumbnail_url, replaced.preview_url]).not.toContain(url);
      expect((await api().get(url)).status).toBe(404);
    }
    const served = await api().get(replaced.full_image_url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect((await api().get(replaced.thumbnail_url)).headers['content-type']).toBe('image/webp');
    const objectsOfProduct = (await catalog.objects.list('products/')).filter((key) =>
      key.includes(product.product_id),
    );
    expect(objectsOfProduct.sort()).toEqual(
      [replaced.full_image_url, replaced.thumbnail_url, replaced.preview_url]
        .map((url) => url.replace('/api/product-images/', 'products/'))
        .sort(),
    );
    const updated = await eventually(() => {
      const found = eventsOf(product.product_id).find((e) => e.type === 'product.updated');
      expect(found).toBeDefined();
      return found;
    });
    expect(updated?.payload.image_filename).toBe(replaced.image_filename);
  });

  test('When a zero-byte file is sent on update (no file chosen), Then the current image is kept', async () => {
    const product = await createdProduct();
    const res = await update(product.product_id, productForm({ title: product.title }), {
      bytes: Buffer.alloc(0),
      filename: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.image_updated).toBe(false);
    expect(res.body.product.image_filename).toBe(product.image_filename);
  });

  test('When the new image or the price is refused, Then the product and its image are unchanged', async () => {
    const product = await createdProduct({ price: '5' });
    const before = await kept();
    const svg = await update(product.product_id, productForm({ price: '6' }), {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      filename: 'x.png',
    });
    expect(svg.status).toBe(415);
    const price = await update(product.product_id, productForm({ price: '6.999' }), png);
    expect(price.status).toBe(400);
    expect(price.body.detail).toBe('Error: Please enter a valid price');
    const after = (await adminList()).find((p) => p.product_id === product.product_id);
    expect(after).toMatchObject({ price: 5, image_filename: product.image_filename });
    expect(await kept()).toEqual(before);
    expect((await api().get(product.full_image_url)).status).toBe(200);
  });

  test('When the product does not exist, Then 404 "Error: Product not found"', async () => {
    const res = await update('no-such-product', productForm(), png);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Error: Product not found' });
  });
});

describe('deleting a product', () => {
  test('When a product is deleted, Then it leaves both lists, its image is still served and product.deleted is emitted', async () => {
    const product = await createdProduct({ price: '7.5' });

    const res = await api().delete(`/api/admin/delete-product/${product.product_id}`).set(catalog.admin);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Product deleted successfully!' });
    expect((await adminList()).map((p) => p.product_id)).not.toContain(product.product_id);
    expect((await dealerList()).map((p) => p.product_id)).not.toContain(product.product_id);
    expect((await api().get(product.full_image_url)).status).toBe(200); // orders still show it
    const deleted = await eventually(() => {
      const found = eventsOf(product.product_id).find((e) => e.type === 'product.deleted');
      expect(found).toBeDefined();
      return found;
    });
    expect(deleted?.payload).toMatchObject({ product_id: product.product_id, price_cents: 750 });
  });

  test('When a deleted or unknown product is deleted or updated, Then 404 "Error: Product not found"', async () => {
    const product = await createdProduct();
    await api().delete(`/api/admin/delete-product/${product.product_id}`).set(catalog.admin);
    for (const res of [
      await api().delete(`/api/admin/delete-product/${product.product_id}`).set(catalog.admin),
      await api().delete('/api/admin/delete-product/no-such-product').set(catalog.admin),
      await update(product.product_id, productForm()),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Error: Product not found' });
    }
    await eventually(() =>
      expect(eventsOf(product.product_id).filter((e) => e.type === 'product.deleted')).toHaveLength(1),
    );
  });
});

describe('SKU and category', () => {
  /** unique per run, so SKUs never meet those of another test */
  const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
  const stored = async (productId: string) =>
    (
      await catalog.services
        .service('catalog')
        .ctx.db.query('SELECT sku, category FROM products WHERE product_id = $1', [productId])
    )[0];

  test('When an admin gives a SKU and a category, Then they are kept trimmed and both lists answer them; absent keeps them, blank clears them', async () => {
    const sku = `GB-${tag()}`;
    const product = await createdProduct({ sku: `  ${sku} `, category: ' Blinds ' });

    expect(product).toMatchObject({ sku, category: 'Blinds' });
    expect(await stored(product.product_id)).toEqual({ sku, category: 'Blinds' });
    expect((await dealerList()).find((p) => p.product_id === product.product_id)).toMatchObject({
      sku,
      category: 'Blinds',
    });

    // a client that does not send the fields (the specification's) keeps them
    const untouched = await update(product.product_id, productForm());
    expect(untouched.body.product).toMatchObject({ sku, category: 'Blinds' });

    const cleared = await update(product.product_id, productForm({ sku: ' ', category: '' }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.product).toMatchObject({ sku: null, category: null });
    expect(await stored(product.product_id)).toEqual({ sku: null, category: null });
  });

  test('When a SKU is already another product’s (in any case), Then 409 names it and nothing is kept', async () => {
    const sku = `DUP-${tag()}`;
    const first = await createdProduct({ sku });
    const other = await createdProduct();
    const before = await kept();

    const created = await create(productForm({ sku: sku.toLowerCase() }), png);
    const updated = await update(other.product_id, productForm({ sku }));

    expect(created.status).toBe(409);
    expect(created.body.detail).toBe(`Error: SKU "${sku.toLowerCase()}" is already used by another product`);
    expect(updated.status).toBe(409);
    expect(updated.body.detail).toBe(`Error: SKU "${sku}" is already used by another product`);
    // the refused product's image objects are removed again, and the other product keeps no SKU
    expect(await kept()).toEqual(before);
    expect(await stored(other.product_id)).toEqual({ sku: null, category: null });
    // saving a product with its own SKU is no conflict
    expect((await update(first.product_id, productForm({ sku }))).status).toBe(200);
  });

  test.each([
    ['a SKU of 65 characters', { sku: 'S'.repeat(65) }, 'Error: SKU must be at most 64 characters'],
    ['a category of 101 characters', { category: 'C'.repeat(101) }, 'Error: Category must be at most 100 characters'],
  ])('When the form has %s, Then 400 answers %j and nothing is kept', async (_case, overrides, detail) => {
    const before = await kept();
    const res = await create(productForm(overrides), png);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    expect(await kept()).toEqual(before);
  });

  test('When the admin list is asked for text or a category, Then it answers the products whose title or SKU contain it, or of that category', async () => {
    const run = tag();
    const bySku = await createdProduct({ title: 'Tower Stand', sku: `TS-${run}-9`, category: `Stands ${run}` });
    const byTitle = await createdProduct({ title: `Ladder ${run} Deluxe`, category: `Ladders ${run}` });
    await createdProduct({ title: 'Unrelated Feeder', category: `Feeders ${run}` });
    const ids = async (query: Record<string, string>) =>
      ((await api().get('/api/admin/products').query(query).set(catalog.admin)).body.products as Product[])
        .map((p) => p.product_id)
        .sort();

    expect(await ids({ q: run.toLowerCase() })).toEqual([bySku.product_id, byTitle.product_id].sort());
    expect(await ids({ q: `ts-${run}` })).toEqual([bySku.product_id]);
    expect(await ids({ category: `Ladders ${run}` })).toEqual([byTitle.product_id]);
    expect(await ids({ q: run, category: `Stands ${run}` })).toEqual([bySku.product_id]);
    // % is taken literally, not as a wildcard
    expect(await ids({ q: `${run}%` })).toEqual([]);
  });
});

describe('a change the database refuses', () => {
  const db = () => catalog.services.service('catalog').ctx.db;
  beforeAll(async () => {
    // a real refusal inside the transaction (as a constraint or a lost connection would give), for one title only
    await db().query(`CREATE FUNCTION refuse_explode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'Explode' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await db().query(
      'CREATE TRIGGER refuse_explode BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION refuse_explode()',
    );
  });

  test('When a new product cannot be saved, Then no row, no product.created in the outbox, and its image objects are removed', async () => {
    const before = await kept();

    const res = await create(productForm({ title: 'Explode' }), png);

    expect(res.status).toBe(500);
    expect(await kept()).toEqual(before);
    const outbox: unknown[] = await db().query(`SELECT 1 FROM outbox WHERE envelope->'payload'->>'title' = 'Explode'`);
    expect(outbox).toHaveLength(0);
  });

  test('When an update with a new image cannot be saved, Then the product keeps its image and the new objects are removed', async () => {
    const product = await createdProduct();
    const before = await kept();

    const res = await update(product.product_id, productForm({ title: 'Explode' }), {
      bytes: IMAGES.jpeg,
      filename: 'new.jpg',
    });

    expect(res.status).toBe(500);
    expect(await kept()).toEqual(before);
    expect((await api().get(product.full_image_url)).status).toBe(200);
    expect((await adminList()).find((p) => p.product_id === product.product_id)?.title).toBe(product.title);
  });
});
