import type { RouteStop, Shipment, ShippingOrder } from '@portal/contracts';
import { countOf } from '../../format/count';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { OrderDeliveryActions, StopDeliveryActions } from '../delivery-sync/DeliveryActions';
import { StatusBadge } from '../orders/OrderBadges';
import { DeliveryRecord } from './DeliveryRecord';
import { formatEta, formatMiles, itemCount, routeEditable, stopMoves, stopName, stopOrders } from './routeDisplay';
import type { ShipmentActions } from './useShipmentActions';

interface RouteStopListProps {
  shipment: Shipment;
  actions: ShipmentActions;
  onOpenOrder: (order: ShippingOrder) => void;
}

/**
 * The route: its stops in order, each with its place, miles and ETA, the stop's delivery actions, its orders and
 * theirs (Mark Shipped, Mark Delivered with its proof, Undo, "Waiting to sync"). The moves and locks are disabled
 * while a route change is under way and once the shipment is COMPLETED.
 */
export function RouteStopList({ shipment, actions, onOpenOrder }: RouteStopListProps) {
  const routeBusy = actions.busy === 'route' || !routeEditable(shipment);
  return (
    <ol className="route-stops" aria-label={`Route of ${shipment.shipment_name}`}>
      {shipment.route.map((stop, index) => (
        <StopItem
          key={stop.dealer_id}
          shipment={shipment}
          stop={stop}
          orders={stopOrders(shipment, stop)}
          moves={stopMoves(index, shipment.route.length)}
          routeBusy={routeBusy}
          actions={actions}
          onOpenOrder={onOpenOrder}
        />
      ))}
    </ol>
  );
}

interface StopItemProps {
  shipment: Shipment;
  stop: RouteStop;
  orders: ShippingOrder[];
  moves: { up: boolean; down: boolean };
  routeBusy: boolean;
  actions: ShipmentActions;
  onOpenOrder: (order: ShippingOrder) => void;
}

function StopItem({ shipment, stop, orders, moves, routeBusy, actions, onOpenOrder }: StopItemProps) {
  const name = stopName(stop);
  return (
    <li
      className={stop.locked ? 'route-stop route-stop--locked' : 'route-stop'}
      aria-label={`Stop ${stop.stop_number}: ${name}`}
    >
      <span className="route-stop__number" aria-hidden="true">
        {stop.stop_number}
      </span>
      <div className="route-stop__body">
        <div className="route-stop__head">
          <div className="route-stop__place">
            <h4 className="route-stop__name">
              {name}
              {stop.locked && <span className="badge route-stop__lock-badge">Locked</span>}
            </h4>
            <p className="route-stop__address">{stop.full_address || 'No address on file'}</p>
            <p className="route-stop__meta muted">
              {stop.phone && (
                <>
                  <a href={`tel:${stop.phone}`}>{stop.phone}</a>
                  {' · '}
                </>
              )}
              {stop.coordinates ? (
                <span>
                  {formatMiles(stop.leg_miles)} · ETA {formatEta(stop.eta_minutes)}
                </span>
              ) : (
                <span>Not on the map yet (no coordinates)</span>
              )}
            </p>
          </div>
          <div className="route-stop__controls">
            <Button
              variant="secondary"
              className="route-stop__move"
              disabled={!moves.up || routeBusy}
              aria-label={`Move ${name} up`}
              onClick={() => actions.move(stop.dealer_id, 'up')}
            >
              ↑
            </Button>
            <Button
              variant="secondary"
              className="route-stop__move"
              disabled={!moves.down || routeBusy}
              aria-label={`Move ${name} down`}
              onClick={() => actions.move(stop.dealer_id, 'down')}
            >
              ↓
            </Button>
            <Button
              variant="ghost"
              className="route-stop__lock"
              aria-pressed={stop.locked}
              aria-label={`${stop.locked ? 'Unlock' : 'Lock'} ${name} in place`}
              title="A locked stop keeps its place when the route is optimised"
              disabled={routeBusy}
              onClick={() => actions.lock(stop.dealer_id, !stop.locked)}
            >
              {stop.locked ? 'Unlock' : 'Lock'}
            </Button>
          </div>
        </div>
        {/* a stop of several orders is delivered with one signature */}
        {orders.length > 1 && <StopDeliveryActions shipment={shipment} stop={stop} />}
        <ul className="route-stop__orders" aria-label={`Orders for ${name}`}>
          {orders.map((order) => (
            <StopOrder key={order.order_id} shipment={shipment} order={order} onOpen={() => onOpenOrder(order)} />
          ))}
        </ul>
      </div>
    </li>
  );
}

function StopOrder({ shipment, order, onOpen }: { shipment: Shipment; order: ShippingOrder; onOpen: () => void }) {
  const items = itemCount(order);
  return (
    <li className="stop-order" aria-label={`Order ${order.order_number}`}>
      <button
        type="button"
        className="stop-order__number"
        onClick={onOpen}
        aria-label={`Details of order ${order.order_number}`}
      >
        #{order.order_number}
      </button>
      <span className="stop-order__summary muted">
        {countOf(items, 'item', 'items')} · {formatCents(Math.round(order.total_value * 100))}
      </span>
      <StatusBadge status={order.status} />
      <span className="stop-order__actions">
        <OrderDeliveryActions shipment={shipment} order={order} />
      </span>
      <DeliveryRecord shipmentId={shipment.shipment_id} order={order} />
    </li>
  );
}
