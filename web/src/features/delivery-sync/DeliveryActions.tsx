import type { RouteStop, Shipment, ShippingOrder } from '@portal/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { selectUser } from '../session/sessionSlice';
import { deliveryActions } from '../shipping/deliveryActions';
import { OrderConflicts } from './ConflictList';
import { canUndo, mayWorkRoute, pendingFor, type QueuedAction, type QueuedProof } from './deliveryQueue';
import { queueActions, queueUndo, subscribeSync, syncSnapshot } from './deliverySync';
import { ProofDialog } from './ProofDialog';
import './delivery-sync.css';

function useQueue(): readonly QueuedAction[] {
  return useSyncExternalStore(subscribeSync, syncSnapshot).queue;
}

/** Re-renders when `until` passes (the Undo button goes away with its window). */
function useRerenderAt(until: string | null | undefined): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!until) return;
    const wait = Date.parse(until) - Date.now();
    if (!(wait > 0)) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.min(wait + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
}

/**
 * Mark Shipped, Mark Delivered (with its proof) and Undo for one order of a route, offline or not: each action is
 * queued and shows "Waiting to sync" until the server has it; a refusal shows the server's reason until dismissed.
 * Pass the order from `useDriverRoutes().shipment(id)`, which already shows the waiting actions.
 */
export function OrderDeliveryActions({ shipment, order }: { shipment: Shipment; order: ShippingOrder }) {
  const user = useAppSelector(selectUser);
  const queue = useQueue();
  const [proofOpen, setProofOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useRerenderAt(order.delivery?.undo_until);
  const available = deliveryActions(order.status);
  const waiting = pendingFor(queue, order.order_id).length > 0;
  const ref = { shipment_id: shipment.shipment_id, order_id: order.order_id, order_number: order.order_number };

  const run = (what: () => Promise<void>) => {
    setProblem(null);
    what().catch((error: unknown) => setProblem(`Error: Could not save on this phone (${String(error)})`));
  };

  if (!mayWorkRoute(shipment.driver, user)) return null;
  return (
    <div className="delivery-actions" data-order-id={order.order_id}>
      <div className="delivery-actions__buttons">
        {available.includes('shipped') && (
          <Button variant="secondary" onClick={() => run(() => queueActions([{ kind: 'shipped', ...ref }]))}>
            Mark Shipped
          </Button>
        )}
        {available.includes('delivered') && <Button onClick={() => setProofOpen(true)}>Mark Delivered</Button>}
        {user && canUndo(order.delivery, user) && (
          <Button
            variant="ghost"
            onClick={() => run(() => queueUndo({ kind: 'undo', ...ref }))}
            aria-label={`Undo delivery of order #${order.order_number}`}
          >
            Undo
          </Button>
        )}
        {waiting && <WaitingBadge />}
      </div>
      <OrderConflicts queue={queue} orderId={order.order_id} />
      {problem && (
        <p className="message message--error" role="alert">
          {problem}
        </p>
      )}
      <ProofDialog
        open={proofOpen}
        title="Mark Delivered"
        subject={`Order #${order.order_number}${order.dealer_business_name ? ` — ${order.dealer_business_name}` : ''}`}
        onClose={() => setProofOpen(false)}
        onSubmit={(proof) => queueActions([{ kind: 'delivered', ...ref, proof }])}
      />
    </div>
  );
}

/**
 * The same for a whole stop: Mark Shipped moves each of its orders not yet shipped; Mark Delivered takes one proof
 * (one signature) for every order of the stop not yet delivered, sent as one request per order. Refusals show on
 * each order (its OrderDeliveryActions).
 */
export function StopDeliveryActions({ shipment, stop }: { shipment: Shipment; stop: RouteStop }) {
  const user = useAppSelector(selectUser);
  const queue = useQueue();
  const [proofOpen, setProofOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const orders = shipment.orders.filter((order) => stop.order_ids.includes(order.order_id));
  const toShip = orders.filter((order) => deliveryActions(order.status).includes('shipped'));
  const toDeliver = orders.filter((order) => deliveryActions(order.status).includes('delivered'));
  const waiting = orders.some((order) => pendingFor(queue, order.order_id).length > 0);
  const refOf = (order: ShippingOrder) => ({
    shipment_id: shipment.shipment_id,
    order_id: order.order_id,
    order_number: order.order_number,
  });
  const place = stop.business_name ?? stop.full_address;

  const run = (what: () => Promise<void>) => {
    setProblem(null);
    what().catch((error: unknown) => setProblem(`Error: Could not save on this phone (${String(error)})`));
  };

  const deliver = (proof: QueuedProof) =>
    queueActions(toDeliver.map((order) => ({ kind: 'delivered' as const, ...refOf(order), proof })));

  if (!mayWorkRoute(shipment.driver, user)) return null;
  return (
    <div className="delivery-actions delivery-actions--stop" data-stop-number={stop.stop_number}>
      <div className="delivery-actions__buttons">
        {toShip.length > 0 && (
          <Button
            variant="secondary"
            aria-label={`Mark stop ${stop.stop_number} shipped`}
            onClick={() =>
              run(() => queueActions(toShip.map((order) => ({ kind: 'shipped' as const, ...refOf(order) }))))
            }
          >
            Mark Shipped
          </Button>
        )}
        {toDeliver.length > 0 && (
          <Button aria-label={`Mark stop ${stop.stop_number} delivered`} onClick={() => setProofOpen(true)}>
            Mark Delivered
          </Button>
        )}
        {waiting && <WaitingBadge />}
      </div>
      {problem && (
        <p className="message message--error" role="alert">
          {problem}
        </p>
      )}
      <ProofDialog
        open={proofOpen}
        title={`Mark stop ${stop.stop_number} delivered`}
        subject={`${place}: ${toDeliver.map((order) => `#${order.order_number}`).join(', ')}`}
        onClose={() => setProofOpen(false)}
        onSubmit={deliver}
      />
    </div>
  );
}

function WaitingBadge() {
  return <span className="sync-badge">Waiting to sync</span>;
}
