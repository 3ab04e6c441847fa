import type { Shipment, ShippingOrder } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { startSync } from '../delivery-sync/deliverySync';
import { userKey } from '../delivery-sync/savedRoutes';
import { selectUser } from '../session/sessionSlice';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { RouteStopList } from './RouteStopList';
import {
  type ChosenRouteMode,
  OPTIMIZED_LABEL,
  ROUTE_FINAL,
  ROUTE_MODE_OPTIONS,
  routeEditable,
  routeLinks,
} from './routeDisplay';
import { ShipmentDetailsModal } from './ShipmentDetailsModal';
import { useShipmentActions } from './useShipmentActions';

interface ShipmentRouteProps {
  shipment: Shipment;
  /** a change answered the whole shipment: the card shows it at once */
  onAnswer: (shipment: Shipment) => void;
  onOpenOrder: (order: ShippingOrder) => void;
  onPrint: (shipment: Shipment) => void;
}

/**
 * An expanded shipment card (its counts are on the collapsed card above): the route order and Optimise, the Google Maps links and the route sheet,
 * then the stops with their orders and delivery actions.
 */
export function ShipmentRoute({ shipment, onAnswer, onOpenOrder, onPrint }: ShipmentRouteProps) {
  const [notice, showNotice] = useTimedNotice();
  const actions = useShipmentActions(shipment, showNotice, onAnswer);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const user = useAppSelector(selectUser);
  const syncUser = user ? userKey(user) : null;
  // the delivery actions are queued and sent by the signed-in user's queue (a driver's is running already)
  useEffect(() => {
    if (syncUser) void startSync(syncUser);
  }, [syncUser]);
  const modeId = useId();
  const links = routeLinks(shipment.route_links);
  const routeBusy = actions.busy === 'route';
  // a COMPLETED shipment's route is the record of the trip: no mode, move, lock or Optimise
  const routeFinal = !routeEditable(shipment);

  return (
    <div className="shipment-route">
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
          <Button variant="ghost" onClick={() => setDetailsOpen(true)}>
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
          notice={notice}
          onOpenOrder={onOpenOrder}
          onClose={() => setDetailsOpen(false)}
        />
      )}
    </div>
  );
}
