import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '../../ui/Button';
import { conflictMessage, conflictsFor, type QueuedAction } from './deliveryQueue';
import { dismissConflict } from './deliverySync';

/**
 * Which refusals an order on screen shows (by action key, counted per showing component), so the status bar
 * shows only the others: each refusal is on screen once, on its order when the order is shown, else in the bar.
 */
const showing = new Map<string, number>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<string> = new Set();

function changed() {
  snapshot = new Set([...showing.entries()].filter(([, count]) => count > 0).map(([key]) => key));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The refusals some order on screen shows now. */
export function useConflictsShownOnOrders(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** The refusals of one order, shown on it: the server's reason, until the driver dismisses it. */
export function OrderConflicts({ queue, orderId }: { queue: readonly QueuedAction[]; orderId: string }) {
  const conflicts = conflictsFor(queue, orderId);
  const keys = conflicts.map((action) => action.key).join(' ');
  useEffect(() => {
    if (!keys) return;
    const list = keys.split(' ');
    for (const key of list) showing.set(key, (showing.get(key) ?? 0) + 1);
    changed();
    return () => {
      for (const key of list) showing.set(key, (showing.get(key) ?? 1) - 1);
      changed();
    };
  }, [keys]);
  return <ConflictList conflicts={conflicts} />;
}

export function ConflictList({ conflicts }: { conflicts: readonly QueuedAction[] }) {
  if (conflicts.length === 0) return null;
  return (
    <ul className="delivery-conflicts">
      {conflicts.map((action) => (
        <li key={action.key} className="delivery-conflict" role="alert">
          <span>{conflictMessage(action)}</span>
          <Button variant="secondary" onClick={() => void dismissConflict(action.key)}>
            Dismiss
          </Button>
        </li>
      ))}
    </ul>
  );
}
