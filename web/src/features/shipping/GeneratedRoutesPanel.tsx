import {
  SHIPMENT_STATUS_FILTERS,
  type Shipment,
  type ShipmentStatusFilter,
  type ShippingOrder,
} from '@portal/contracts';
import { useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { useAppSelector } from '../../app/hooks';
import { leaveTo, navigate } from '../../app/navigation/history';
import { formatRoute } from '../../app/navigation/routes';
import { SHIPMENT_FILTER_LABELS } from '../../format/statusLabels';
import { Button } from '../../ui/Button';
import { SelectInput } from '../../ui/FormField';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { selectUser } from '../session/sessionSlice';
import { OrderDetailsModal } from './OrderDetailsModal';
import { detailsOfShippingOrder } from './orderDetails';
import { RouteSettings } from './RouteSettings';
import { PrintRouteSheet, RouteSheet } from './RouteSheet';
import { routeBasis } from './routeDisplay';
import { ShipmentCard } from './ShipmentCard';
import { useGetShipmentPagesInfiniteQuery, useGetShippingSettingsQuery } from './shippingApi';
import { shippingFailure } from './shippingMessages';

const STATUS_OPTIONS: readonly { value: ShipmentStatusFilter | ''; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...SHIPMENT_STATUS_FILTERS.map((value) => ({ value, label: SHIPMENT_FILTER_LABELS[value] })),
];

const shipmentsOf = (page: { shipments: Shipment[] }) => page.shipments;

/**
 * Generated Routes (001 §2): the shipments, newest first, as cards with their routes, 50 at a time (Load more
 * for older ones), optionally only those of one status: a driver's phone never reads every route ever made.
 */
export function GeneratedRoutesPanel({ shipmentId = null }: { shipmentId?: string | null }) {
  const [status, setStatus] = useState<ShipmentStatusFilter | ''>('');
  const result = useGetShipmentPagesInfiniteQuery({ query: { status } }, { refetchOnMountOrArgChange: true });
  const { refetch, isFetching } = result;
  const { rows: shipments, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, shipmentsOf);
  const { data: settings } = useGetShippingSettingsQuery();
  const isAdmin = useAppSelector(selectUser)?.role === 'admin';
  // a shipment's details have an address of their own (…/shipping/routes/{shipmentId}): reload and Back work
  const shipmentPath = (id: string | null) =>
    formatRoute({ role: isAdmin ? 'admin' : 'delivery', tab: 'shipping', section: 'routes', shipmentId: id });
  const [opened, setOpened] = useState<ShippingOrder | null>(null);
  const [printing, setPrinting] = useState<{ shipment: Shipment; request: number } | null>(null);

  return (
    <section className="shipping-section" aria-labelledby="routes-title">
      <header className="shipping-section__header">
        <div>
          <h2 id="routes-title">Generated Routes{total === undefined ? '' : ` (${total})`}</h2>
          {settings && <p className="shipping-section__note muted">{routeBasis(settings)}</p>}
        </div>
        <Button variant="secondary" onClick={() => refetch()} busy={isFetching} busyLabel="Refreshing...">
          Refresh
        </Button>
      </header>
      {isAdmin && settings && <RouteSettings settings={settings} />}
      <div className="shipping-filters">
        <SelectInput
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => setStatus(value as ShipmentStatusFilter | '')}
        />
      </div>
      {error ? <Message text={shippingFailure('Error fetching shipments', error)} tone="error" /> : null}
      {loading && (
        <p className="muted" role="status">
          Loading shipments…
        </p>
      )}
      {!loading && !error && shipments.length === 0 && (
        <p className="shipping-empty muted">
          {status ? 'No shipments with this status.' : 'No shipments yet. Create one from Orders Ready to Ship.'}
        </p>
      )}
      <div className="shipment-list">
        {shipments.map((shipment) => (
          <ShipmentCard
            key={shipment.shipment_id}
            shipment={shipment}
            onOpenOrder={setOpened}
            detailsOpen={shipment.shipment_id === shipmentId}
            onDetailsOpen={(open) =>
              open ? navigate(shipmentPath(shipment.shipment_id)) : leaveTo(shipmentPath(null))
            }
            onPrint={(shown) => setPrinting((current) => ({ shipment: shown, request: (current?.request ?? 0) + 1 }))}
          />
        ))}
      </div>
      <LoadMore
        shown={shipments.length}
        total={total}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        noun="shipments"
      />
      <OrderDetailsModal order={opened && detailsOfShippingOrder(opened)} onClose={() => setOpened(null)} />
      {printing && (
        <PrintRouteSheet key={printing.request}>
          <RouteSheet shipment={printing.shipment} settings={settings} />
        </PrintRouteSheet>
      )}
    </section>
  );
}
