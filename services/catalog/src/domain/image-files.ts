import { endpoints, type ImageKind } from '@portal/contracts';
import { RENDITION_SIZES } from '@portal/platform';

/**
 * How a product's image is named and kept. Every upload gets a fresh random part, so the file name (and the
 * URL) changes whenever the image does: each URL can be cached for a year, and a replaced image is never
 * served from a stale cache. The name is made here, never from the uploaded file's name.
 */

const EXTENSIONS: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

export interface ProductImageFiles {
  /** the original, as uploaded: `<product_id>-<random>.<ext>` */
  image: string;
  /** `<product_id>-<random>-320.webp`: the rendition for cards (longest side 320 px) */
  thumbnail: string;
  /** `<product_id>-<random>-800.webp`: the rendition for previews (longest side 800 px) */
  preview: string;
}

/** The file names of one upload of a product's image; `random` is fresh for each upload. */
export function productImageFiles(productId: string, kind: ImageKind, random: string): ProductImageFiles {
  const base = `${productId}-${random}`;
  return {
    image: `${base}.${EXTENSIONS[kind]}`,
    thumbnail: `${base}-${RENDITION_SIZES.thumbnail}.webp`,
    preview: `${base}-${RENDITION_SIZES.preview}.webp`,
  };
}

/** Where a product image file is kept in the object store: one folder, so the route needs no lookup. */
export const productImageKey = (filename: string) => `products/${filename}`;

/** The file name of a product image key (the inverse of productImageKey). */
export function productImageFilename(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

const IMAGE_ROUTE = endpoints['public.productImage'].path;

/** The root-relative URL of a product image file (web and API share one origin behind the gateway). */
export function productImageUrl(filename: string): string {
  return IMAGE_ROUTE.replace('{filename}', encodeURIComponent(filename));
}
