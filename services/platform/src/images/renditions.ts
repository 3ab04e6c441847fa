import type Sharp from 'sharp';

let loaded: typeof Sharp | undefined;
/**
 * The one sharp instance of the process, loaded on first use: only services that make renditions pay for the
 * native library. One libvips worker thread per image: the services share a few cores, and a burst of uploads
 * should queue rather than fight over them. The cache is off because every upload is a new image.
 */
function sharp(): typeof Sharp {
  if (!loaded) {
    loaded = require('sharp') as typeof Sharp;
    loaded.concurrency(1);
    loaded.cache(false);
  }
  return loaded;
}

/** The rendition sizes: the longest side of each, in pixels (a grid tile and a preview modal). */
export const RENDITION_SIZES = { thumbnail: 320, preview: 800 } as const;
export type RenditionName = keyof typeof RENDITION_SIZES;

export const RENDITION_CONTENT_TYPE = 'image/webp';

/** An image made from an upload: WebP bytes, with its real dimensions. */
export interface Rendition<T extends string = typeof RENDITION_CONTENT_TYPE> {
  buffer: Buffer;
  width: number;
  height: number;
  contentType: T;
}

export type Renditions = Record<RenditionName, Rendition>;

/** The upload's bytes could not be decoded as an image (truncated, corrupt, or too many pixels). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`the image could not be decoded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'UnreadableImageError';
  }
}

/**
 * Decoding is lenient (`failOn: 'none'`), as browsers are: a JPEG with a damaged tail still gives a picture.
 * Bytes that are no image at all still fail. The most pixels an upload may decode to (about 100 megapixels, more than any camera makes): a small file that
 * claims huge dimensions (a decompression bomb) is refused before its pixels are allocated.
 */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_QUALITY: Record<RenditionName, number> = { thumbnail: 70, preview: 80 };

/**
 * Renditions run one at a time in a process: each holds a decoded image (up to hundreds of MB for a large
 * photo), so two at once would double the peak for no gain on one libvips thread.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

function boxed(size: number) {
  return { width: size, height: size, fit: 'inside' as const, withoutEnlargement: true };
}

/**
 * Makes the 320 px and 800 px WebP renditions of an uploaded image (JPEG, PNG, GIF or WebP): the longest side
 * scaled down to the size (never up), aspect kept, turned upright by its EXIF orientation, metadata (EXIF,
 * GPS, ICC comments) dropped, an animated GIF or WebP reduced to its first frame. The image is decoded once.
 * Throws UnreadableImageError when the bytes are not a decodable image.
 */
export function makeRenditions(input: Buffer): Promise<Renditions> {
  return oneAtATime(async () => {
    let base: { data: Buffer; info: Sharp.OutputInfo };
    try {
      base = await sharp()(input, { pages: 1, animated: false, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' })
        .rotate()
        .resize(boxed(RENDITION_SIZES.preview))
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw new UnreadableImageError(err);
    }
    const { width, height, channels } = base.info;
    const decoded = () => sharp()(base.data, { raw: { width, height, channels } });
    const encode = async (name: RenditionName): Promise<Rendition> => {
      const { data, info } = await decoded()
        .resize(boxed(RENDITION_SIZES[name]))
        .webp({ quality: WEBP_QUALITY[name] })
        .toBuffer({ resolveWithObject: true });
      return { buffer: data, width: info.width, height: info.height, contentType: RENDITION_CONTENT_TYPE };
    };
    return { thumbnail: await encode('thumbnail'), preview: await encode('preview') };
  });
}

/** What `reencodeImage` makes: the format and the box the picture must fit in (never enlarged). */
export interface ReencodeOptions {
  /** 'auto': PNG when the image has an alpha channel (a logo's transparency is kept), JPEG otherwise (a photo) */
  format: 'png' | 'jpeg' | 'auto';
  maxWidth: number;
  maxHeight: number;
  /** one grey channel instead of colour (a drawn signature), for a smaller PNG */
  grayscale?: boolean;
  /** PNG: reduce to a palette of at most this many colours (2–256), for a smaller file */
  colours?: number;
}

const JPEG_QUALITY = 82;

/**
 * The upload decoded and encoded again as a plain PNG or JPEG: turned upright by its EXIF orientation, scaled
 * down to fit the box (never up), metadata (EXIF, GPS, comments) dropped, an animation reduced to its first
 * frame. Only pixels survive, so nothing a sender hid in the file is kept or served. Throws
 * UnreadableImageError when the bytes are not a decodable image.
 */
export function reencodeImage(input: Buffer, opts: ReencodeOptions): Promise<Rendition<'image/png' | 'image/jpeg'>> {
  return oneAtATime(async () => {
    try {
      let image = sharp()(input, { pages: 1, animated: false, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' });
      // metadata reads the header only, and already refuses one claiming more pixels than the limit
      const format = opts.format === 'auto' ? ((await image.metadata()).hasAlpha ? 'png' : 'jpeg') : opts.format;
      image = image
        .rotate()
        .resize({ width: opts.maxWidth, height: opts.maxHeight, fit: 'inside', withoutEnlargement: true });
      if (opts.grayscale) image = image.grayscale();
      else image = image.toColourspace('srgb');
      image =
        format === 'png'
          ? image.png({ compressionLevel: 9, ...(opts.colours ? { palette: true, colours: opts.colours } : {}) })
          : image.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
      const { data, info } = await image.toBuffer({ resolveWithObject: true });
      return {
        buffer: data,
        width: info.width,
        height: info.height,
        contentType: format === 'png' ? 'image/png' : 'image/jpeg',
      };
    } catch (err) {
      throw new UnreadableImageError(err);
    }
  });
}
