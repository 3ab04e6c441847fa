import type { AdminUser, Shipment, ShipmentSummary, ShippingOrder } from '@portal/contracts';
import { lazy, Suspense, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { shipmentWithPending } from '../delivery-sync/deliveryQueue';
import { onShipmentAnswer, subscribeSync, syncSnapshot } from '../delivery-sync/deliverySync';
import { selectUser } from '../session/sessionSlice';
import { AssignDriver } from './AssignDriver';
import { deliveryProgress, shipmentStatusClass } from './deliveryActions';
import { glanceText, newestOf, nextStopText, type Stamped } from './shipmentSummary';
import { useGetShipmentQuery } from './shippingApi';
import { shippingFailure } from './shippingMessages';

interface ShipmentCardProps {
  summary: ShipmentSummary;
  /** whether its route is shown (one card at a time: the caller keeps which, in the address) */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  onOpenOrder: (order: ShippingOrder) => void;
  /** prints the route sheet of the shipment as shown (with the latest route change) */
  onPrint: (shipment: Shipment) => void;
  /** admins: the delivery users a route may be given to (the Assign control); undefined for a driver */
  drivers?: readonly AdminUser[];
  /** a copy of the whole shipment kept on the phone (My Routes offline): shown when it cannot be read */
  savedShipment?: Shipment;
}

// the route body loads with the first expanded card: a phone opening My Routes reads only the collapsed cards' code
const ShipmentRoute = lazy(() => import('./ShipmentRoute').then((module) => ({ default: module.ShipmentRoute })));

let changes = 0;

/** The value with the moment (a count of changes) it last changed: a new object is a newer copy. */
function useStamped<T>(value: T): Stamped<T> {
  return useMemo(() => ({ value, at: ++changes }), [value]);
}

/**
 * A shipment of Generated Routes or My Routes, collapsed to what one reads at a glance: its name, driver, stops,
 * miles, status badge, progress and next stop. Its name is the button that expands it; the expanded card reads
 * the whole shipment (`admin.shipment`) and shows the route, its tools and each order's delivery actions.
 */
export function ShipmentCard({
  summary,
  expanded,
  onExpandedChange,
  onOpenOrder,
  onPrint,
  drivers,
  savedShipment,
}: ShipmentCardProps) {
  const dates = useDateFormat();
  const titleId = useId();
  const bodyId = useId();
  const glanceId = useId();
  const read = useGetShipmentQuery(
    { params: { id: summary.shipment_id } },
    // a driver's card has the copy kept on the phone, read with the routes: no second read over the phone's network
    { skip: !expanded || savedShipment !== undefined, refetchOnMountOrArgChange: true },
  );
  const [answered, setAnswered] = useState<Stamped<Shipment> | null>(null);
  const listed = useStamped<ShipmentSummary>(summary);
  const readCopy = useStamped(read.currentData);
  const savedCopy = useStamped(savedShipment);
  // whichever copy changed last is the newer word: a change's answer, a read, the saved copy, a refetched list
  const newestBody = newestOf<Shipment>([readCopy, savedCopy, answered]);
  // the delivery actions still waiting to sync show at once, as the server will answer them
  const queue = useSyncExternalStore(subscribeSync, syncSnapshot).queue;
  const email = useAppSelector(selectUser)?.email ?? '';
  const body = useMemo(
    () => newestBody && shipmentWithPending(newestBody.value, queue, email),
    [newestBody, queue, email],
  );
  const newest = newestOf<ShipmentSummary>([listed, newestBody]);
  const shown: ShipmentSummary = newest === listed ? summary : (body ?? summary);
  const stats = shown.delivery_stats;
  const delivered = shown.total_orders > 0 ? stats.delivered_orders / shown.total_orders : 0;
  const answer = (shipment: Shipment) => setAnswered({ value: shipment, at: ++changes });
  // a delivery action sent from this card (or another screen) answers the whole shipment
  useEffect(
    () =>
      onShipmentAnswer((_user, shipment) => {
        if (shipment.shipment_id === summary.shipment_id) setAnswered({ value: shipment, at: ++changes });
      }),
    [summary.shipment_id],
  );

  return (
    <article className={`shipment-card${expanded ? ' shipment-card--expanded' : ''}`} aria-labelledby={titleId}>
      <header className="shipment-card__header">
        <div className="shipment-card__heading">
          <h3 className="shipment-card__name">
            <button
              type="button"
              id={titleId}
              className="shipment-card__toggle"
              aria-expanded={expanded}
              aria-controls={bodyId}
              aria-describedby={glanceId}
              onClick={() => onExpandedChange(!expanded)}
            >
              <span className="shipment-card__chevron" aria-hidden="true" />
              {shown.shipment_name}
            </button>
          </h3>
          <p className="shipment-card__created muted">
            Created {dates.dateTime(shown.created_at)}
            {shown.departed_at && <> · Left {dates.dateTime(shown.departed_at)}</>}
          </p>
        </div>
        <span className={`badge ${shipmentStatusClass(shown.status)}`}>{shown.status}</span>
      </header>

      <div className="shipment-card__glance" id={glanceId}>
        <p className="shipment-card__line">{glanceText(shown)}</p>
        <p className="shipment-card__line shipment-card__next">
          <span className="muted">Next stop:</span> {nextStopText(shown)}
        </p>
      </div>
      <div className="shipment-progress">
        <div
          className="shipment-progress__bar"
          role="progressbar"
          aria-label={`Orders delivered on ${shown.shipment_name}`}
          aria-valuemin={0}
          aria-valuemax={shown.total_orders}
          aria-valuenow={stats.delivered_orders}
        >
          <span style={{ width: `${Math.round(delivered * 100)}%` }} />
        </div>
        <span className="muted">{deliveryProgress(stats, shown.total_orders)}</span>
      </div>
      {/* a completed route's driver is its record: only routes still to drive are given to someone */}
      {drivers && shown.status !== 'COMPLETED' && (
        <AssignDriver shipment={shown} drivers={drivers} onAssigned={answer} />
      )}

      <div id={bodyId} className="shipment-card__body" hidden={!expanded}>
        {expanded && read.isError && !body && (
          <Message text={shippingFailure('Error fetching shipments', read.error)} tone="error" />
        )}
        {expanded && !body && !read.isError && <RouteLoading />}
        {expanded && body && (
          <Suspense fallback={<RouteLoading />}>
            <ShipmentRoute shipment={body} onAnswer={answer} onOpenOrder={onOpenOrder} onPrint={onPrint} />
          </Suspense>
        )}
      </div>
    </article>
  );
}

function RouteLoading() {
  return (
    <p className="muted" role="status">
      Loading the route…
    </p>
  );
}
