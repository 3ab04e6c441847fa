import { z } from 'zod';
import type { FilePart } from '../endpoint';
import { PRODUCT_STATUSES } from '../entities/catalog';
import { optionalText, requiredText, storableString } from '../fields';
import { SearchParam } from '../list-query';
import { PAGE_LIMIT_MAX } from '../values';

export const INVALID_PRICE = 'Error: Please enter a valid price';
export const PRODUCT_SKU_MAX = 64;
export const PRODUCT_CATEGORY_MAX = 100;
/** The 409 of a SKU another product already has. */
export const skuTakenMessage = (sku: string) => `Error: SKU "${sku}" is already used by another product`;

/** The most units a stock figure may hold (well inside PostgreSQL's integer). */
export const STOCK_COUNT_MAX = 1_000_000_000;
export const INVALID_STOCK_ON_HAND = 'Error: Stock on hand must be a whole number of 0 or more';
export const INVALID_LOW_STOCK_THRESHOLD = 'Error: Low-stock level must be a whole number of 0 or more';

/**
 * A stock figure of the product form: a whole number 0–STOCK_COUNT_MAX, as multipart text or a JSON number;
 * blank (or null) means none (stock not tracked, no low-stock level); absent keeps what the product has.
 */
function stockCount(message: string) {
  return z
    .union([z.number(), z.null(), storableString()], { error: message })
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === null || text === '') return null;
      const n = typeof text === 'number' ? text : /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isInteger(n) && n >= 0 && n <= STOCK_COUNT_MAX) return n;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .optional()
    .describe(`a whole number 0–${STOCK_COUNT_MAX}; blank for none`);
}

/** `stock=low`: tracked products whose availability is low_stock or backorder (the dashboard's low-stock alert). */
export const PRODUCT_STOCK_FILTERS = ['low'] as const;

/** GET /api/admin/products: optional narrowing of the (unpaged) catalogue. */
export const ProductListQuery = z.object({
  /** tracked products low on stock or on backorder */
  stock: z.enum(PRODUCT_STOCK_FILTERS, { error: 'Error: stock must be low' }).optional(),
  /** the first `limit` products only; the answer then adds `total` (the dashboard counts with limit=1) */
  limit: z.coerce
    .number({ error: `Error: limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .int({ error: `Error: limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .min(1, { error: `Error: limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .max(PAGE_LIMIT_MAX, { error: `Error: limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .optional(),
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
  /** units in the warehouse; blank: stock not tracked */
  stock_on_hand: stockCount(INVALID_STOCK_ON_HAND),
  /** at or below this many available units the product is low on stock; blank: none */
  low_stock_threshold: stockCount(INVALID_LOW_STOCK_THRESHOLD),
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
