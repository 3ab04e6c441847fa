import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { addToFigures } from '../data/figures';
import { lockOrders, saveOrders } from '../data/orders';
import {
  addFigures,
  applyActivity,
  contribution,
  type Figures,
  isZero,
  mayReachTier,
  NO_FIGURES,
  type OrderActivity,
  type OrderFacts,
  subtractFigures,
} from '../domain/order-facts';
import { evaluateAchievements } from './evaluate-achievements';

const sameFacts = (a: OrderFacts, b: OrderFacts) =>
  a.status === b.status &&
  a.total_cents === b.total_cents &&
  a.item_count === b.item_count &&
  a.paid_cents === b.paid_cents &&
  a.created_at === b.created_at &&
  a.state_at === b.state_at &&
  a.paid_at === b.paid_at;

/**
 * Applies order events (one, or a batch in delivery order) in the consumer's transaction: the orders' rows are
 * locked, the events applied to them (domain/order-facts), the changed rows saved, each dealer's figures moved
 * by the difference of what its orders contribute, and the dealers whose figures may have crossed a tier
 * evaluated. An event older than what is kept, or the same facts again, changes nothing.
 */
export async function recordOrderActivity(
  manager: EntityManager,
  emit: Emit,
  activities: readonly OrderActivity[],
): Promise<void> {
  const dealerOf = new Map<string, string>();
  for (const activity of activities)
    if (!dealerOf.has(activity.order_id)) dealerOf.set(activity.order_id, activity.dealer_id);
  const before = await lockOrders(manager, dealerOf);
  const after = new Map(before);
  for (const activity of activities)
    after.set(activity.order_id, applyActivity(after.get(activity.order_id) ?? null, activity));

  const changed: OrderFacts[] = [];
  const figureChanges = new Map<string, Figures>();
  const toEvaluate = new Set<string>();
  for (const [orderId, facts] of after) {
    const was = before.get(orderId) ?? null;
    if (was && sameFacts(was, facts)) continue;
    changed.push(facts);
    const change = subtractFigures(contribution(facts), contribution(was));
    if (!isZero(change))
      figureChanges.set(facts.dealer_id, addFigures(figureChanges.get(facts.dealer_id) ?? NO_FIGURES, change));
    if (mayReachTier(was, facts)) toEvaluate.add(facts.dealer_id);
  }
  await saveOrders(manager, changed);
  await addToFigures(manager, figureChanges);
  await evaluateAchievements(manager, emit, { dealerIds: [...toEvaluate].sort() });
}
