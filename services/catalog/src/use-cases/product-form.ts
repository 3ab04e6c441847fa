import { INVALID_PRICE, type ProductFields, skuTakenMessage } from '@portal/contracts';
import { badRequest, conflict, isUniqueViolation } from '@portal/platform';
import { type ProductChanges, SKU_INDEX } from '../data/products';
import { parsePriceCents } from '../domain/price';

/** The validated form as the catalog keeps it: the price in integer cents (400 with the spec message if not a price). */
export function productChanges(form: ProductFields): ProductChanges {
  const cents = parsePriceCents(form.price);
  if (cents === null) throw badRequest(INVALID_PRICE, { errors: [{ path: 'price', message: INVALID_PRICE }] });
  return {
    title: form.title,
    description: form.description || null,
    price_cents: cents,
    status: form.status,
    // blank clears; absent (a client that predates them) keeps what the product has
    sku: form.sku === undefined ? undefined : form.sku || null,
    category: form.category === undefined ? undefined : form.category || null,
    stock_on_hand: form.stock_on_hand,
    low_stock_threshold: form.low_stock_threshold,
  };
}

/**
 * Runs a save that may give the product a SKU another product has: the unique index refuses it (also when two
 * admins save the same SKU at once), answered as 409 naming the SKU.
 */
export async function refusingTakenSku<T>(changes: ProductChanges, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (changes.sku && isUniqueViolation(err) && constraintOf(err) === SKU_INDEX) {
      throw conflict(skuTakenMessage(changes.sku));
    }
    throw err;
  }
}

const constraintOf = (err: unknown) =>
  typeof err === 'object' && err !== null && 'constraint' in err ? err.constraint : undefined;
