import type { Shipment, ShippingOrder } from '@portal/contracts';
import { countOf } from '../../format/count';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import { OrderDeliveryActions } from '../delivery-sync/DeliveryActions';
import { StatusBadge } from '../orders/OrderBadges';
import type { Notice } from '../settings/shared/notice';
import { deliveryProgress, shipmentStatusClass } from './deliveryActions';
import { dealerName } from './orderDetails';
import { formatMiles, itemCount, routeModeLabel } from './routeDisplay';

interface ShipmentDetailsModalProps {
  shipment: Shipment;
  notice: Notice | null;
  onOpenOrder: (order: ShippingOrder) => void;
  onClose: () => void;
}

/** The shipment-details modal: the shipment at a glance and every order in it, with its delivery actions. */
export function ShipmentDetailsModal({ shipment, notice, onOpenOrder, onClose }: ShipmentDetailsModalProps) {
  const dates = useDateFormat();
  const stopOf = new Map(shipment.route.flatMap((stop) => stop.order_ids.map((id) => [id, stop.stop_number] as const)));
  return (
    <Modal
      open
      size="wide"
      title={shipment.shipment_name}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="shipment-details">
        <p className="shipment-details__meta">
          <span className={`badge ${shipmentStatusClass(shipment.status)}`}>{shipment.status}</span>
          <span className="muted">Created {dates.dateTime(shipment.created_at)}</span>
        </p>
        <p className="muted">
          {countOf(shipment.total_orders, 'order', 'orders')} ·{' '}
          {countOf(shipment.delivery_stats.total_stops, 'stop', 'stops')} · {formatMiles(shipment.total_miles)} ·{' '}
          {routeModeLabel(shipment.route_mode)} · {deliveryProgress(shipment.delivery_stats, shipment.total_orders)}
        </p>
        <Message text={notice?.text} tone={notice?.tone} />
        <div className="shipment-details__scroll scroll-x">
          <table className="shipment-details__orders" aria-label="Orders in this shipment">
            <thead>
              <tr>
                <th scope="col">Stop</th>
                <th scope="col">Order</th>
                <th scope="col">Dealer</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shipment.orders.map((order) => (
                <tr key={order.order_id}>
                  <td className="shipment-details__stop">{stopOf.get(order.order_id) ?? '—'}</td>
                  <td>
                    <button type="button" className="stop-order__number" onClick={() => onOpenOrder(order)}>
                      #{order.order_number}
                    </button>
                  </td>
                  <td>{dealerName(order)}</td>
                  <td>
                    {itemCount(order)}
                    <span className="shipment-details__unit"> items</span>
                  </td>
                  <td>{formatCents(Math.round(order.total_value * 100))}</td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td className="shipment-details__action-cell">
                    <div className="shipment-details__actions">
                      <OrderDeliveryActions shipment={shipment} order={order} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Modal>
  );
}
