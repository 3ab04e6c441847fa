import { z } from 'zod';
import { IsoDate } from '../common';
import { Money } from '../fields';
import { STOCK_AVAILABILITIES } from '../values';

/** active: visible and orderable by dealers; inactive: hidden; admin_only: hidden, admins may still add it. */
export const PRODUCT_STATUSES = ['active', 'inactive', 'admin_only'] as const;
export const ProductStatus = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof ProductStatus>;

/**
 * What a dealer is told of a tracked product's stock (never the number): from available = on hand − reserved,
 * backorder at 0 or below, low_stock at or below the low-stock level, else in_stock. null: stock not tracked.
 */
export const StockAvailability = z.enum(STOCK_AVAILABILITIES);
export type StockAvailability = z.infer<typeof StockAvailability>;

/**
 * Image URLs are root-relative (`/api/product-images/<file>`), like every other path of the portal: the web
 * and the API share one origin behind the gateway. The file name changes whenever the image does, so each URL
 * may be cached for a year.
 */
const ImageUrl = z.string().nullable();

export const Product = z.object({
  product_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: Money,
  status: ProductStatus,
  /** legacy flag, equal to status === 'active' */
  active: z.boolean(),
  image_filename: z.string().nullable(),
  /** the original upload (JPG, PNG or GIF) */
  full_image_url: ImageUrl,
  /** beyond the spec: a 320 px wide WebP rendition for cards and grids (null until one exists) */
  thumbnail_url: ImageUrl,
  /** beyond the spec: an 800 px wide WebP rendition for previews (null until one exists) */
  preview_url: ImageUrl,
  created_at: IsoDate,
  /** the stock-keeping unit, unique among products; null when none was given */
  sku: z.string().nullable(),
  /** null when none was given */
  category: z.string().nullable(),
  /** units in the warehouse (below 0 only if more left on trucks than was counted); null: stock not tracked */
  stock_on_hand: z.number().int().nullable(),
  /** at or below this many available units the product is low on stock; null: no low-stock level */
  low_stock_threshold: z.number().int().nonnegative().nullable(),
  /** units held by confirmed orders (not yet on a truck) */
  stock_reserved: z.number().int(),
  /** on hand − reserved (negative when confirmed orders exceed the stock); null when not tracked */
  stock_available: z.number().int().nullable(),
  availability: StockAvailability.nullable(),
});
export type Product = z.infer<typeof Product>;

/** What a dealer sees of an active product. */
export const DealerProduct = Product.pick({
  product_id: true,
  title: true,
  description: true,
  price: true,
  image_filename: true,
  full_image_url: true,
  thumbnail_url: true,
  preview_url: true,
  sku: true,
  category: true,
  availability: true,
});
export type DealerProduct = z.infer<typeof DealerProduct>;
