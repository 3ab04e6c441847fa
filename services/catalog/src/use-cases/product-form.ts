import { INVALID_PRICE, type ProductFields } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import type { ProductChanges } from '../data/products';
import { parsePriceCents } from '../domain/price';

/** The validated form as the catalog keeps it: the price in integer cents (400 with the spec message if not a price). */
export function productChanges(form: ProductFields): ProductChanges {
  const cents = parsePriceCents(form.price);
  if (cents === null) throw badRequest(INVALID_PRICE, { errors: [{ path: 'price', message: INVALID_PRICE }] });
  return { title: form.title, description: form.description || null, price_cents: cents, status: form.status };
}
