import { createHash, randomUUID } from 'node:crypto';
import type { SubmitOrderRequest } from '@portal/contracts';
import { type AuthUser, badRequest, conflict, forbidden, recordAudit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { OrderContext } from '../context';
import { dealerCreditPosition, defaultTermsDays, lockDealerTerms } from '../data/dealer-terms';
import { findKnownDealer } from '../data/known-dealers';
import { findOrder, findOrderByKey, insertOrder, saveLines } from '../data/orders';
import { holdReason } from '../domain/credit-hold';
import { auditedOrder } from '../domain/order-audit';
import type { OrderRecord } from '../domain/order-view';
import { emitOrderCreated } from './order-events';
import { catalogueLine, notOrderable, orderTotalOf, productsById, refuseRepeatedProducts } from './order-lines';

type SubmitForm = z.output<typeof SubmitOrderRequest>;

export const NO_DEALER = 'Error: No dealer record belongs to this account';
export const DEALER_ARCHIVED =
  'Error: This dealer account is archived and cannot place orders. Please contact administration.';
export const KEY_MISMATCH = 'Error: The Idempotency-Key header and the idempotency_key field differ';
export const KEY_REUSED = 'Error: This idempotency key was already used for a different order';

/** The key that makes a retried submit answer the first order: the header, or the body field. */
export function idempotencyKey(header: string | undefined, field: string | undefined): string | null {
  const fromHeader = header?.trim() || undefined;
  if (fromHeader && field && fromHeader !== field) throw badRequest(KEY_MISMATCH);
  const key = fromHeader ?? field ?? null;
  if (key !== null && (key.length > 100 || !/^[\x21-\x7e]+$/.test(key)))
    throw badRequest('Error: The idempotency key must be 1 to 100 visible ASCII characters');
  return key;
}

/**
 * A dealer orders active products. The dealer is the token's (never the body's) and must be known and not
 * archived; lines with quantity 0 are left out; each line snapshots the product's title and price. With an
 * idempotency key, a retried or double-clicked submit answers the order the first one made (the same request
 * only: another request with a used key is refused), however the two race: the unique (dealer, key) index
 * decides, and the loser reads the winner's order. An order over the dealer's credit limit, or placed while an
 * invoice is more than 30 days past due, is still taken but held (creditHoldReason).
 */
export async function placeDealerOrder(
  ctx: OrderContext,
  user: AuthUser,
  form: SubmitForm,
  key: string | null,
): Promise<{ order: OrderRecord; created: boolean }> {
  const dealerId = user.dealerId;
  if (!dealerId) throw forbidden(NO_DEALER);
  const wanted = form.product_orders.filter((line) => line.quantity > 0);
  refuseRepeatedProducts(wanted.map((line) => line.product_id));
  const notes = form.notes || null;
  const poNumber = form.po_number || null;
  const fingerprint = createHash('sha256')
    // the PO number only when given, so a request without one keeps the fingerprint it had before PO numbers
    .update(
      JSON.stringify({
        lines: wanted.map((line) => [line.product_id, line.quantity]),
        notes,
        ...(poNumber ? { poNumber } : {}),
      }),
    )
    .digest('hex');

  return ctx.transaction(async (manager, emit) => {
    const earlier = key ? await orderOfKey(manager, dealerId, key, fingerprint) : null;
    if (earlier) return { order: earlier, created: false };

    const dealer = await findKnownDealer(manager, dealerId);
    if (!dealer || dealer.deleted) throw forbidden(NO_DEALER);
    if (dealer.archived) throw forbidden(DEALER_ARCHIVED);
    const products = await productsById(
      manager,
      wanted.map((line) => line.product_id),
    );
    const lines = wanted.map((line) => {
      const product = products.get(line.product_id);
      if (!product || product.deleted || product.status !== 'active') throw badRequest(notOrderable(line.product_id));
      return catalogueLine(product, line.quantity);
    });
    const totalCents = orderTotalOf(lines);
    const holdReason = await creditHoldReason(manager, dealerId, totalCents);

    const orderId = randomUUID();
    const inserted = await insertOrder(manager, {
      order_id: orderId,
      dealer_id: dealerId,
      status: 'pending',
      notes,
      po_number: poNumber,
      total_cents: totalCents,
      hold_reason: holdReason,
      idempotency_key: key,
      request_fingerprint: key ? fingerprint : null,
    });
    if (!inserted && key) {
      // the same key committed meanwhile (a double click): answer that order
      const winner = await orderOfKey(manager, dealerId, key, fingerprint);
      if (winner) return { order: winner, created: false };
    }
    await saveLines(manager, orderId, lines);
    const order = await findOrder(manager, orderId);
    if (!order) throw new Error(`order ${orderId} vanished in its own transaction`);
    await emitOrderCreated(emit, order);
    await recordAudit(emit, {
      action: 'order.created',
      entity: 'order',
      entity_id: orderId,
      after: auditedOrder(order),
    });
    return { order, created: true };
  });
}

/**
 * Why the credit hold holds a new order of `totalCents`, or null. The dealer's terms row is locked (created on
 * its first order) until the submit commits, so two concurrent orders of one dealer decide one after the other:
 * the second counts the first, and they cannot both slip under the limit.
 */
async function creditHoldReason(manager: EntityManager, dealerId: string, totalCents: number): Promise<string | null> {
  const terms = await lockDealerTerms(manager, dealerId);
  const termsDays = terms.payment_terms_days ?? (await defaultTermsDays(manager));
  const position = await dealerCreditPosition(manager, dealerId, termsDays, terms.credit_limit_cents);
  return holdReason(position, totalCents, new Date());
}

async function orderOfKey(
  manager: EntityManager,
  dealerId: string,
  key: string,
  fingerprint: string,
): Promise<OrderRecord | null> {
  const earlier = await findOrderByKey(manager, dealerId, key);
  if (!earlier) return null;
  if (earlier.request_fingerprint !== fingerprint) throw conflict(KEY_REUSED);
  return findOrder(manager, earlier.order_id);
}
