import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFileObjectStore, type ObjectStore, type StoredObject } from '@portal/platform';
import { cachingImageReads } from '../../src/data/product-image-store';

async function bytesOf(object: StoredObject | null): Promise<Buffer | null> {
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const image = (size: number, fill: number) => Buffer.alloc(size, fill);

let dir: string;
let store: ObjectStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'catalog-image-store-'));
  store = createFileObjectStore({ dir });
  await store.ready();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('product images kept in memory once read', () => {
  test('When a small image is read again, Then it comes from memory with its type (the store is not asked)', async () => {
    const images = cachingImageReads(store, { maxBytes: 1000, maxObjectBytes: 500 });
    await images.put('products/a.png', image(100, 1), 'image/png');
    expect(await bytesOf(await images.get('products/a.png'))).toEqual(image(100, 1));

    await store.remove('products/a.png'); // behind the cache's back, as another replica would

    const again = await images.get('products/a.png');
    expect(again).toMatchObject({ size: 100, contentType: 'image/png' });
    expect(await bytesOf(again)).toEqual(image(100, 1));
  });

  test('When an image is removed through it, Then it is forgotten at once', async () => {
    const images = cachingImageReads(store, { maxBytes: 1000, maxObjectBytes: 500 });
    await images.put('products/a.png', image(100, 1), 'image/png');
    await bytesOf(await images.get('products/a.png'));

    await images.remove('products/a.png');

    expect(await images.get('products/a.png')).toBeNull();
  });

  test('When a folder is removed through it, Then its images are forgotten too', async () => {
    const images = cachingImageReads(store, { maxBytes: 1000, maxObjectBytes: 500 });
    await images.put('products/a.png', image(100, 1), 'image/png');
    await bytesOf(await images.get('products/a.png'));

    await images.removePrefix('products/');

    expect(await images.get('products/a.png')).toBeNull();
  });

  test('When an image is larger than the per-image limit, Then it is streamed from the store each time', async () => {
    const images = cachingImageReads(store, { maxBytes: 10_000, maxObjectBytes: 500 });
    await images.put('products/big.jpg', image(501, 2), 'image/jpeg');
    expect(await bytesOf(await images.get('products/big.jpg'))).toEqual(image(501, 2));

    await store.remove('products/big.jpg');

    expect(await images.get('products/big.jpg')).toBeNull();
  });

  test('When the images read take more than the memory limit, Then the least recently used ones are dropped', async () => {
    const images = cachingImageReads(store, { maxBytes: 300, maxObjectBytes: 200 });
    for (const [name, fill] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const) {
      await images.put(`products/${name}.png`, image(100, fill), 'image/png');
    }
    for (const name of ['a', 'b', 'c', 'a', 'd']) await bytesOf(await images.get(`products/${name}.png`));
    for (const name of ['a', 'b', 'c', 'd']) await store.remove(`products/${name}.png`);

    // a was read again after b and c, so b (the least recently used) made room for d
    expect(await bytesOf(await images.get('products/a.png'))).toEqual(image(100, 1));
    expect(await images.get('products/b.png')).toBeNull();
    expect(await bytesOf(await images.get('products/c.png'))).toEqual(image(100, 3));
    expect(await bytesOf(await images.get('products/d.png'))).toEqual(image(100, 4));
  });

  test('When an image is absent, Then null, and nothing is remembered about it', async () => {
    const images = cachingImageReads(store, { maxBytes: 1000, maxObjectBytes: 500 });
    expect(await images.get('products/later.png')).toBeNull();
    await store.put('products/later.png', image(10, 5), 'image/png');
    expect(await bytesOf(await images.get('products/later.png'))).toEqual(image(10, 5));
  });
});
