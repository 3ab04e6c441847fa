import { z } from 'zod';
import { IsoDate } from '../common';
import { Money } from '../fields';

/** active: visible and orderable by dealers; inactive: hidden; admin_only: hidden, admins may still add it. */
export const PRODUCT_STATUSES = ['active', 'inactive', 'admin_only'] as const;
export const ProductStatus = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof ProductStatus>;

export const Product = z.object({
  product_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: Money,
  status: ProductStatus,
  /** legacy flag, equal to status === 'active' */
  active: z.boolean(),
  image_filename: z.string().nullable(),
  full_image_url: z.string().nullable(),
  created_at: IsoDate,
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
});
export type DealerProduct = z.infer<typeof DealerProduct>;
