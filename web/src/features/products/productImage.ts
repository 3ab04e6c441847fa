import type { DealerProduct } from '@portal/contracts';

/** The image fields of a product (admin and dealer views alike). */
type ProductImageFields = Pick<DealerProduct, 'image_filename' | 'full_image_url' | 'thumbnail_url' | 'preview_url'>;

/** The public image route of the spec (000 §2, 001 §7), used when the API gives no full image URL. */
export function productImageRoute(filename: string): string {
  return `/api/product-images/${encodeURIComponent(filename)}`;
}

/** The full-size image of a product: its `full_image_url`, else the image route by file name; null when none. */
export function productImageUrl(product: ProductImageFields): string | null {
  if (product.full_image_url) return product.full_image_url;
  return product.image_filename ? productImageRoute(product.image_filename) : null;
}

/** What a card shows: the 320 px rendition when the API gives one, else the full image. */
export function productCardImageUrl(product: ProductImageFields): string | null {
  return product.thumbnail_url || productImageUrl(product);
}

/** What a larger view shows (the edit form's preview): the 800 px rendition, else the full image. */
export function productPreviewUrl(product: ProductImageFields): string | null {
  return product.preview_url || productImageUrl(product);
}
