import type { DealerProduct, Product, ProductSnapshot, ProductStatus } from '@portal/contracts';
import { productImageFilename, productImageUrl } from './image-files';
import { centsToDollars } from './price';
import { stockAvailability } from './stock';

/** A product as the catalog keeps it: price in integer cents, image objects by key. */
export interface ProductRecord {
  product_id: string;
  title: string;
  description: string | null;
  price_cents: number;
  status: ProductStatus;
  sku: string | null;
  category: string | null;
  image_filename: string | null;
  image_key: string | null;
  thumbnail_key: string | null;
  preview_key: string | null;
  /** ISO 8601 */
  created_at: string;
  /** null: stock not tracked */
  stock_on_hand: number | null;
  low_stock_threshold: number | null;
  stock_reserved: number;
  /** whether the current fall to the low-stock level was announced (product.stock_low) */
  stock_low_announced: boolean;
}

/** Dealers see and order active products only; inactive and admin_only ones are hidden from them. */
export const DEALER_VISIBLE_STATUS = 'active' satisfies ProductStatus;
export const isVisibleToDealers = (status: ProductStatus) => status === DEALER_VISIBLE_STATUS;

const urlOfKey = (key: string | null) => (key ? productImageUrl(productImageFilename(key)) : null);

/** The contract's Product (admins): dollars at the edge, the legacy `active` flag from the status. */
export function productView(record: ProductRecord): Product {
  return {
    product_id: record.product_id,
    title: record.title,
    description: record.description,
    price: centsToDollars(record.price_cents),
    status: record.status,
    active: isVisibleToDealers(record.status),
    image_filename: record.image_filename,
    full_image_url: record.image_filename ? productImageUrl(record.image_filename) : null,
    thumbnail_url: urlOfKey(record.thumbnail_key),
    preview_url: urlOfKey(record.preview_key),
    created_at: record.created_at,
    sku: record.sku,
    category: record.category,
    stock_on_hand: record.stock_on_hand,
    low_stock_threshold: record.low_stock_threshold,
    stock_reserved: record.stock_reserved,
    stock_available: record.stock_on_hand === null ? null : record.stock_on_hand - record.stock_reserved,
    availability: stockAvailability(record.stock_on_hand, record.stock_reserved, record.low_stock_threshold),
  };
}

/** What a dealer sees of an active product: its availability, never the stock figures. */
export function dealerProductView(record: ProductRecord): DealerProduct {
  const {
    product_id,
    title,
    description,
    price,
    image_filename,
    full_image_url,
    thumbnail_url,
    preview_url,
    availability,
  } = productView(record);
  const { sku, category } = record;
  return {
    product_id,
    title,
    description,
    price,
    image_filename,
    full_image_url,
    thumbnail_url,
    preview_url,
    sku,
    category,
    availability,
  };
}

/** What product.* events carry (integer cents). */
export function productSnapshot(record: ProductRecord): ProductSnapshot {
  const { product_id, title, description, price_cents, status, image_filename } = record;
  return { product_id, title, description, price_cents, status, image_filename };
}

type AuditedFields = 'sku' | 'category' | 'stock_on_hand' | 'low_stock_threshold';

/**
 * What the audit log keeps of a product: the event's snapshot plus the SKU, category and the stock an admin set,
 * which no event consumer keeps (the order service's read model needs none) but an admin reviewing a change does.
 */
export function productAuditSnapshot(record: ProductRecord): ProductSnapshot & Pick<ProductRecord, AuditedFields> {
  const { sku, category, stock_on_hand, low_stock_threshold } = record;
  return { ...productSnapshot(record), sku, category, stock_on_hand, low_stock_threshold };
}

/** What the audit log calls an edit of a product: a price change is named as such, any other edit an update. */
export function productEditAction(before: ProductSnapshot, after: ProductSnapshot): string {
  return before.price_cents === after.price_cents ? 'product.updated' : 'product.price_changed';
}
