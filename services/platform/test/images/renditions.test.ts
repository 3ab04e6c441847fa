import sharp from 'sharp';
import { makeRenditions, reencodeImage, UnreadableImageError } from '../../src/images';
import { GIF_SCRIPT, jpegWithGps, pngClaiming, transparentPng } from '../storage/hostile-images';
import { IMAGES } from '../storage/image-fixtures';

/** A real photo-like image (a gradient with detail) of the given size, encoded as `format`. */
async function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp',
  extra?: Partial<sharp.JpegOptions>,
) {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x ^ y) & 0xff) / 2;
    }
  const image = sharp(pixels, { raw: { width, height, channels } });
  if (format === 'jpeg') return image.jpeg({ quality: 85, ...extra }).toBuffer();
  return format === 'png' ? image.png().toBuffer() : image.webp().toBuffer();
}

/** A two-frame animated GIF: the first frame red, the second blue, each 40×20. */
async function animatedGif(): Promise<Buffer> {
  const frame = (r: number, b: number) => {
    const px = Buffer.alloc(40 * 20 * 3);
    for (let i = 0; i < px.length; i += 3) {
      px[i] = r;
      px[i + 2] = b;
    }
    return px;
  };
  const both = Buffer.concat([frame(255, 0), frame(0, 255)]);
  return sharp(both, {
    raw: { width: 40, height: 40, channels: 3, pageHeight: 20 } as sharp.CreateRaw & { pageHeight: number },
  })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

describe('makeRenditions', () => {
  it('When a large landscape JPEG is given, Then a 320 px and an 800 px WebP are made with its aspect kept', async () => {
    const input = await photo(2000, 1000, 'jpeg');

    const { thumbnail, preview } = await makeRenditions(input);

    expect(await sharp(thumbnail.buffer).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });
    expect(await sharp(preview.buffer).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 });
    expect(thumbnail).toMatchObject({ width: 320, height: 160, contentType: 'image/webp' });
    expect(thumbnail.buffer.length).toBeLessThan(preview.buffer.length);
  });

  it('When a portrait PNG is given, Then its longest side (the height) is what is scaled to each size', async () => {
    const { thumbnail, preview } = await makeRenditions(await photo(600, 1200, 'png'));

    expect([thumbnail.width, thumbnail.height]).toEqual([160, 320]);
    expect([preview.width, preview.height]).toEqual([400, 800]);
  });

  it('When the image is smaller than a rendition, Then it is never scaled up', async () => {
    const { thumbnail, preview } = await makeRenditions(await photo(500, 250, 'webp'));

    expect([thumbnail.width, thumbnail.height]).toEqual([320, 160]);
    expect([preview.width, preview.height]).toEqual([500, 250]);
  });

  it('When a 1×1 image of each accepted kind is given, Then each gives 1×1 WebP renditions', async () => {
    for (const bytes of Object.values(IMAGES)) {
      const { thumbnail, preview } = await makeRenditions(bytes);
      expect([thumbnail.width, thumbnail.height, preview.width, preview.height]).toEqual([1, 1, 1, 1]);
      expect((await sharp(thumbnail.buffer).metadata()).format).toBe('webp');
    }
  });

  it('When a JPEG carries EXIF (camera, GPS) and a rotate-90 orientation, Then the renditions carry no metadata and stand upright', async () => {
    const input = await sharp(await photo(400, 200, 'jpeg'))
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'someone' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const { preview } = await makeRenditions(input);
    const meta = await sharp(preview.buffer).metadata();

    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(preview.buffer.includes(Buffer.from('SecretCam'))).toBe(false);
    // orientation 6 = the camera was turned a quarter: the stored 400×200 shows as 200×400
    expect([meta.width, meta.height]).toEqual([200, 400]);
  });

  it('When an animated GIF is given, Then the renditions are its first frame only, not animated', async () => {
    const gif = await animatedGif();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2);

    const { thumbnail } = await makeRenditions(gif);
    const meta = await sharp(thumbnail.buffer).metadata();
    const { data } = await sharp(thumbnail.buffer).raw().toBuffer({ resolveWithObject: true });

    expect(meta.pages ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([40, 20]);
    expect(data[0]).toBeGreaterThan(200); // red: the first frame
    expect(data[2]).toBeLessThan(50);
  });

  it('When the bytes start like a PNG but are not an image, Then UnreadableImageError is thrown', async () => {
    const truncated = IMAGES.png.subarray(0, 30);

    await expect(makeRenditions(truncated)).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(makeRenditions(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(UnreadableImageError);
  });

  it('When a small file claims more than 100 megapixels, Then it is refused before decoding', async () => {
    const bomb = await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);

    await expect(makeRenditions(bomb)).rejects.toBeInstanceOf(UnreadableImageError);
  });

  it('When several uploads are rendered at once, Then each gets its own correct renditions', async () => {
    const inputs = await Promise.all([photo(900, 300, 'jpeg'), photo(300, 900, 'png'), photo(640, 640, 'webp')]);

    const results = await Promise.all(inputs.map((i) => makeRenditions(i)));

    expect(sharp.concurrency()).toBe(1); // one libvips thread per image, set when renditions first load sharp
    expect(results.map((r) => [r.thumbnail.width, r.thumbnail.height])).toEqual([
      [320, 107],
      [107, 320],
      [320, 320],
    ]);
  });
});

describe('reencodeImage', () => {
  test('When a large photo with EXIF is re-encoded as JPEG, Then it fits the box, keeps its aspect and carries no metadata', async () => {
    const input = await sharp(await photo(3200, 2000, 'jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret owner' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const out = await reencodeImage(input, { format: 'jpeg', maxWidth: 1600, maxHeight: 1600 });

    const meta = await sharp(out.buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1600, 1000]);
    expect([out.width, out.height, out.contentType]).toEqual([1600, 1000, 'image/jpeg']);
    expect(meta.exif).toBeUndefined();
    expect(out.buffer.includes(Buffer.from('secret owner'))).toBe(false);
  });

  test('When a sideways photo (EXIF orientation 6) is re-encoded, Then it is turned upright', async () => {
    const input = await sharp(await photo(400, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const out = await reencodeImage(input, { format: 'jpeg', maxWidth: 1600, maxHeight: 1600 });
    expect([out.width, out.height]).toEqual([200, 400]);
  });

  test('When a signature is re-encoded as a grey palette PNG, Then it is a smaller PNG in the box, never enlarged', async () => {
    const input = await photo(2400, 800, 'png');
    const out = await reencodeImage(input, {
      format: 'png',
      maxWidth: 1200,
      maxHeight: 400,
      grayscale: true,
      colours: 16,
    });
    const meta = await sharp(out.buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 400]);
    expect(out.buffer.length).toBeLessThan(input.length);

    const small = await reencodeImage(IMAGES.png, { format: 'png', maxWidth: 1200, maxHeight: 400 });
    expect([small.width, small.height]).toEqual([1, 1]);
  });

  test('When the bytes only start like a PNG, Then UnreadableImageError', async () => {
    const broken = Buffer.concat([IMAGES.png.subarray(0, 16), Buffer.from('not the rest of an image')]);
    await expect(reencodeImage(broken, { format: 'png', maxWidth: 10, maxHeight: 10 })).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });

  test("When the format is 'auto', Then a transparent PNG or a GIF stays PNG, a photo becomes JPEG, each without metadata", async () => {
    const box = { format: 'auto' as const, maxWidth: 256, maxHeight: 256 };

    const pin = await reencodeImage(await transparentPng(), box);
    const gif = await reencodeImage(IMAGES.gif, box);
    const photoWithGps = await reencodeImage(await jpegWithGps(), box);

    expect(pin.contentType).toBe('image/png');
    expect(await sharp(pin.buffer).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    expect(gif.contentType).toBe('image/png');
    expect(photoWithGps.contentType).toBe('image/jpeg');
    const meta = await sharp(photoWithGps.buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
  });

  test("When a PNG claims 50000×50000 pixels or a GIF header hides a script, Then 'auto' refuses it as unreadable", async () => {
    const box = { format: 'auto' as const, maxWidth: 256, maxHeight: 256 };

    await expect(reencodeImage(pngClaiming(50_000, 50_000), box)).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(reencodeImage(pngClaiming(20_000, 20_000), box)).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(reencodeImage(GIF_SCRIPT, box)).rejects.toBeInstanceOf(UnreadableImageError);
  });
});
