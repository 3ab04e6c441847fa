import { useSyncExternalStore } from 'react';
import { countOf } from '../../format/count';
import { ConflictList, useConflictsShownOnOrders } from './ConflictList';
import { sortedQueue } from './deliveryQueue';
import { subscribeSync, syncSnapshot } from './deliverySync';
import { routesSnapshot, subscribeRoutes } from './driverRoutes';
import './delivery-sync.css';

/**
 * A small bar over the driver's routes: offline, and how many actions wait to sync or were refused. Nothing when
 * all is sent and the phone is online. A refusal is shown on its order; one whose order is not on screen (taken
 * off the route when it was cancelled, or on a card not opened) is shown here, so none is ever dropped unseen.
 */
export function SyncStatusBar() {
  const { queue, storageError } = useSyncExternalStore(subscribeSync, syncSnapshot);
  const { offline, saved } = useSyncExternalStore(subscribeRoutes, routesSnapshot);
  const savedAt = saved?.savedAt ?? null;
  const onOrders = useConflictsShownOnOrders();
  const waiting = queue.filter((action) => action.state === 'pending').length;
  const refused = queue.filter((action) => action.state === 'conflict').length;
  if (!offline && waiting === 0 && refused === 0 && !storageError) return null;
  // a refusal whose order is not on screen (e.g. cancelled and taken off the route) is shown here
  const elsewhere = sortedQueue(queue).filter((action) => action.state === 'conflict' && !onOrders.has(action.key));
  const parts = [
    offline ? (savedAt ? 'Offline — showing the routes saved on this phone' : 'Offline') : null,
    waiting > 0 ? `${countOf(waiting, 'change', 'changes')} waiting to sync` : null,
    refused > 0 ? `${countOf(refused, 'change', 'changes')} refused` : null,
    storageError ? 'Changes cannot be saved on this phone' : null,
  ].filter(Boolean);
  return (
    <div className="sync-status-area">
      <p className={`sync-status${offline ? ' sync-status--offline' : ''}`} role="status">
        {parts.join(' · ')}
      </p>
      <ConflictList conflicts={elsewhere} />
    </div>
  );
}
