import { z } from 'zod';
import type { FilePart } from '../endpoint';
import { PRODUCT_STATUSES } from '../entities/catalog';
import { optionalText, requiredText, storableString } from '../fields';
import { SearchParam } from '../list-query';

export const INVALID_PRICE = 'Error: Please enter a valid price';
export const PRODUCT_SKU_MAX = 64;
export const PRODUCT_CATEGORY_MAX = 100;
/** The 409 of a SKU another product already has. */
export const skuTakenMessage = (sku: string) => `Error: SKU "${sku}" is already used by another product`;

/** GET /api/admin/products: optional narrowing of the (unpaged) catalogue. */
export const ProductListQuery = z.object({
  /** a case-insensitive "contains" over the title and the SKU */
  q: SearchParam.optional(),
  /** exactly this category */
  category: storableString().trim().max(PRODUCT_CATEGORY_MAX).optional(),
});

/**
 * The price as the form types it, in dollars ('19.99', '12.3', '5'). It stays text here: the catalog turns it
 * into integer cents with a decimal parser (services/catalog/src/domain/price.ts), so no binary float ever holds
 * a price. A JSON number is read as its shortest decimal text (19.99 -> '19.99'); blank answers the spec message.
 */
export const PriceText = z
  .union([z.number().transform(String), storableString()], { error: INVALID_PRICE })
  .pipe(z.string().trim().min(1, INVALID_PRICE).max(20, INVALID_PRICE))
  .describe('US dollars as typed, at most 2 decimals, e.g. "19.99"');

/** The text fields of the product form (multipart: price arrives as text). */
export const ProductFields = z.object({
  title: requiredText('Error: Please enter a title'),
  description: optionalText(5000),
  price: PriceText,
  status: z.enum(PRODUCT_STATUSES, { error: 'Error: Status must be active, inactive or admin_only' }).default('active'),
  /** the manufacturer's stock-keeping unit: unique among products when given; blank means none */
  sku: storableString()
    .trim()
    .max(PRODUCT_SKU_MAX, `Error: SKU must be at most ${PRODUCT_SKU_MAX} characters`)
    .optional(),
  /** a free grouping dealers filter Order Products by; blank means none */
  category: storableString()
    .trim()
    .max(PRODUCT_CATEGORY_MAX, `Error: Category must be at most ${PRODUCT_CATEGORY_MAX} characters`)
    .optional(),
});
export type ProductFields = z.output<typeof ProductFields>;

const PRODUCT_IMAGE = {
  field: 'product_image',
  maxBytes: 10485760,
  kinds: ['jpeg', 'png', 'gif'],
  messages: {
    tooLarge: 'Error: File must be less than 10MB',
    wrongKind: 'Error: Please select a JPG, PNG or GIF image',
    missing: 'Error: Please select a product image',
  },
} as const;

/** Required on create, optional on update (absent keeps the current image). */
export const NewProductImage: FilePart = { ...PRODUCT_IMAGE, required: true };
export const ReplacementProductImage: FilePart = { ...PRODUCT_IMAGE, required: false };
