import type { Shipment, ShippingOrder } from '@portal/contracts';
import { useId, useState } from 'react';
import { Button, buttonClass } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { deliveryProgress, shipmentStatusClass } from './deliveryActions';
import { RouteStopList } from './RouteStopList';
import {
  type AnsweredShipment,
  type ChosenRouteMode,
  formatMiles,
  OPTIMIZED_LABEL,
  ROUTE_FINAL,
  ROUTE_MODE_OPTIONS,
  routeEditable,
  routeLinks,
  shownShipment,
} from './routeDisplay';
import { ShipmentDetailsModal } from './ShipmentDetailsModal';
import { useShipmentActions } from './useShipmentActions';

interface ShipmentCardProps {
  shipment: Shipment;
  onOpenOrder: (order: ShippingOrder) => void;
  /** whether its Shipment details are open (they have an address: the caller keeps this) */
  detailsOpen: boolean;
  onDetailsOpen: (open: boolean) => void;
  /** prints the route sheet of the shipment as shown (with the latest route change) */
  onPrint: (shipment: Shipment) => void;
}

/**
 * A shipment of Generated Routes: its status badge and delivery stats, the route order and Optimise, the Google
 * Maps links and the route sheet, then the stops with their orders and status buttons.
 */
export function ShipmentCard({
  shipment: listed,
  onOpenOrder,
  detailsOpen,
  onDetailsOpen,
  onPrint,
}: ShipmentCardProps) {
  const dates = useDateFormat();
  const [notice, showNotice] = useTimedNotice();
  const [answered, setAnswered] = useState<AnsweredShipment | null>(null);
  const shipment = shownShipment(listed, answered);
  const actions = useShipmentActions(shipment, showNotice, (updated) =>
    setAnswered({ over: listed, shipment: updated }),
  );
  const modeId = useId();
  const titleId = useId();
  const stats = shipment.delivery_stats;
  const delivered = shipment.total_orders > 0 ? stats.delivered_orders / shipment.total_orders : 0;
  const links = routeLinks(shipment.route_links);
  const routeBusy = actions.busy === 'route';
  // a COMPLETED shipment's route is the record of the trip: no mode, move, lock or Optimise
  const routeFinal = !routeEditable(shipment);

  return (
    <article className="shipment-card" aria-labelledby={titleId}>
      <header className="shipment-card__header">
        <div>
          <h3 id={titleId} className="shipment-card__name">
            {shipment.shipment_name}
          </h3>
          <p className="shipment-card__created muted">Created {dates.dateTime(shipment.created_at)}</p>
        </div>
        <span className={`badge ${shipmentStatusClass(shipment.status)}`}>{shipment.status}</span>
      </header>

      <dl className="shipment-stats">
        <div>
          <dt>Orders</dt>
          <dd>{shipment.total_orders}</dd>
        </div>
        <div>
          <dt>Stops</dt>
          <dd>{stats.total_stops}</dd>
        </div>
        <div>
          <dt>Shipped</dt>
          <dd>{stats.shipped_orders}</dd>
        </div>
        <div>
          <dt>Delivered</dt>
          <dd>{stats.delivered_orders}</dd>
        </div>
        <div>
          <dt>Total miles</dt>
          <dd>{formatMiles(shipment.total_miles)}</dd>
        </div>
      </dl>
      <div className="shipment-progress">
        <div
          className="shipment-progress__bar"
          role="progressbar"
          aria-label="Orders delivered"
          aria-valuemin={0}
          aria-valuemax={shipment.total_orders}
          aria-valuenow={stats.delivered_orders}
        >
          <span style={{ width: `${Math.round(delivered * 100)}%` }} />
        </div>
        <span className="muted">{deliveryProgress(stats, shipment.total_orders)}</span>
      </div>

      <div className="shipment-card__tools">
        <div className="field shipment-card__mode">
          <label htmlFor={modeId}>Route order</label>
          <select
            id={modeId}
            value={shipment.route_mode}
            disabled={routeBusy || routeFinal}
            onChange={(event) => actions.setMode(event.target.value as ChosenRouteMode)}
          >
            {ROUTE_MODE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {shipment.route_mode === 'optimized' && (
              <option value="optimized" disabled>
                {OPTIMIZED_LABEL}
              </option>
            )}
          </select>
        </div>
        <div className="button-row shipment-card__actions">
          <Button
            variant="secondary"
            onClick={actions.optimise}
            busy={routeBusy}
            busyLabel="Working..."
            disabled={routeFinal}
            title={routeFinal ? ROUTE_FINAL : 'Shortest route from the start point; locked stops keep their places'}
          >
            Optimise
          </Button>
          {links.map((link) => (
            <a
              key={link.href}
              className={buttonClass('secondary')}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {link.label}
            </a>
          ))}
          <Button variant="secondary" onClick={() => onPrint(shipment)}>
            Print route sheet
          </Button>
          <Button variant="ghost" onClick={() => onDetailsOpen(true)}>
            Shipment details
          </Button>
        </div>
      </div>

      {routeFinal && <p className="shipment-card__final muted">{ROUTE_FINAL}</p>}
      <Message text={notice?.text} tone={notice?.tone} />
      <RouteStopList shipment={shipment} actions={actions} onOpenOrder={onOpenOrder} />
      {detailsOpen && (
        <ShipmentDetailsModal
          shipment={shipment}
          actions={actions}
          notice={notice}
          onOpenOrder={onOpenOrder}
          onClose={() => onDetailsOpen(false)}
        />
      )}
    </article>
  );
}
