import type { OrderStatus, PayloadOfType } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { changeStock } from '../data/stock';
import { isStockLine, stockEffect } from '../domain/stock';
import { announceStockLevels } from './stock-levels';

type OrderLine = PayloadOfType<'order.created'>['items'][number];

/**
 * Moves an order's units between the products' stock as its status moves from `previous` (null: a new order) to
 * `next` (stockEffect), in the consumer's transaction, and announces the products that reached their low-stock
 * level. Custom lines hold no stock. Each change is a relative UPDATE, so events applied concurrently add up.
 */
export async function followOrderStock(
  manager: EntityManager,
  emit: Emit,
  previous: OrderStatus | null,
  next: OrderStatus,
  items: readonly OrderLine[],
): Promise<void> {
  const effect = stockEffect(previous, next);
  if (effect.reserved === 0 && effect.on_hand === 0) return;
  const changes = new Map<string, { reserved: number; onHand: number }>();
  for (const line of items.filter(isStockLine)) {
    const change = changes.get(line.product_id) ?? { reserved: 0, onHand: 0 };
    change.reserved += effect.reserved * line.quantity;
    change.onHand += effect.on_hand * line.quantity;
    changes.set(line.product_id, change);
  }
  await announceStockLevels(manager, emit, await changeStock(manager, changes));
}
