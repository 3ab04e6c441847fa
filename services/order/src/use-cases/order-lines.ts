import { type OrderLineInput, parseCents } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { findKnownProducts, type KnownProduct } from '../data/known-products';
import { boundedOrderTotalCents, isCustomLineId, type LineRecord, MAX_UNIT_PRICE_CENTS } from '../domain/order-lines';

type LineInput = z.output<typeof OrderLineInput>;

export const ONE_LINE_PER_PRODUCT = 'Error: Each product may appear only once in an order; change its quantity instead';
export const CUSTOM_LINE_NEEDS = 'Error: A custom item needs a description and a unit price';
export const TOTAL_TOO_LARGE = 'Error: The order total is too large';
export const notOrderable = (productId: string) => `Error: Product ${productId} is not available to order`;

/** Refuses a product listed twice (its quantity is the one place to say how many). */
export function refuseRepeatedProducts(productIds: readonly string[]): void {
  if (new Set(productIds).size !== productIds.length) throw badRequest(ONE_LINE_PER_PRODUCT);
}

/** The kept products among `productIds`, by id. */
export async function productsById(manager: EntityManager, productIds: readonly string[]) {
  const products = await findKnownProducts(manager, productIds);
  return new Map<string, KnownProduct>(products.map((product) => [product.product_id, product]));
}

/** A catalogue line: the product's title and price as they are now become the line's snapshot. */
export const catalogueLine = (product: KnownProduct, quantity: number): LineRecord => ({
  product_id: product.product_id,
  title: product.title,
  description: product.description,
  quantity,
  price_cents: product.price_cents,
  is_custom: false,
});

/**
 * An admin's lines (new order, or the invoice's edit) as the order keeps them. A catalogue line already on
 * the order keeps its snapshot (title and price when it was added) and takes the new quantity; a new catalogue
 * line may be any product that is not inactive or deleted (admin_only included) and snapshots it now; a custom
 * line (id custom_...) takes its description and unit price from the form.
 */
export async function adminLines(
  manager: EntityManager,
  inputs: readonly LineInput[],
  current: readonly LineRecord[] = [],
): Promise<LineRecord[]> {
  refuseRepeatedProducts(inputs.map((input) => input.product_id));
  const kept = new Map(current.filter((line) => !line.is_custom).map((line) => [line.product_id, line]));
  const wanted = inputs.filter((input) => !isCustomLineId(input.product_id) && !kept.has(input.product_id));
  const products = await productsById(
    manager,
    wanted.map((input) => input.product_id),
  );
  return inputs.map((input): LineRecord => {
    if (isCustomLineId(input.product_id)) return customLine(input);
    const snapshot = kept.get(input.product_id);
    if (snapshot) return { ...snapshot, quantity: input.quantity };
    const product = products.get(input.product_id);
    if (!product || product.deleted || product.status === 'inactive') throw badRequest(notOrderable(input.product_id));
    return catalogueLine(product, input.quantity);
  });
}

function customLine(input: LineInput): LineRecord {
  const description = input.description || input.title || input.name;
  const priceCents = input.price === undefined ? null : parseCents(input.price);
  if (!description || priceCents === null) throw badRequest(CUSTOM_LINE_NEEDS);
  if (priceCents > MAX_UNIT_PRICE_CENTS) throw badRequest('Error: A unit price may be at most $9,999,999.99');
  return {
    product_id: input.product_id,
    title: input.title || input.name || description,
    description,
    quantity: input.quantity,
    price_cents: priceCents,
    is_custom: true,
  };
}

/** The lines' total in cents; a total beyond what the service keeps exactly is refused (400). */
export function orderTotalOf(lines: readonly LineRecord[]): number {
  const total = boundedOrderTotalCents(lines);
  if (total === null) throw badRequest(TOTAL_TOO_LARGE);
  return total;
}
