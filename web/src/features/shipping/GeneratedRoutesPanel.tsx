import type { ShipmentStatusFilter, ShipmentSummary } from '@portal/contracts';
import { SHIPMENT_STATUS_FILTERS } from '@portal/contracts/values';
import { useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { leaveTo, navigate } from '../../app/navigation/history';
import { formatRoute } from '../../app/navigation/routes';
import { SHIPMENT_FILTER_LABELS } from '../../format/statusLabels';
import { Button } from '../../ui/Button';
import { SelectInput } from '../../ui/FormField';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { selectUser } from '../session/sessionSlice';
import { RouteSettings } from './RouteSettings';
import { routeBasis } from './routeDisplay';
import { ShipmentCardList } from './ShipmentCardList';
import { driverFilterOptions } from './shipmentSummary';
import {
  shippingApi,
  useGetDeliveryUsersQuery,
  useGetShipmentSummaryPagesInfiniteQuery,
  useGetShippingSettingsQuery,
} from './shippingApi';
import { shippingFailure } from './shippingMessages';

const STATUS_OPTIONS: readonly { value: ShipmentStatusFilter | ''; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...SHIPMENT_STATUS_FILTERS.map((value) => ({ value, label: SHIPMENT_FILTER_LABELS[value] })),
];

const summariesOf = (page: { shipments: ShipmentSummary[] }) => page.shipments;

/**
 * Generated Routes (001 §2): every shipment, newest first, as collapsed cards read 50 at a time (Load more for
 * older ones), optionally only those of one status; admins also filter by driver and give routes to drivers. One
 * card is expanded at a time, and has an address (…/shipping/routes/{shipmentId}): reload and Back work.
 */
export function GeneratedRoutesPanel({ shipmentId = null }: { shipmentId?: string | null }) {
  const [status, setStatus] = useState<ShipmentStatusFilter | ''>('');
  const [driver, setDriver] = useState('');
  const isAdmin = useAppSelector(selectUser)?.role === 'admin';
  const result = useGetShipmentSummaryPagesInfiniteQuery(
    { query: { status, driver } },
    { refetchOnMountOrArgChange: true },
  );
  const { isFetching } = result;
  const dispatch = useAppDispatch();
  const { rows, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, summariesOf);
  const { data: settings } = useGetShippingSettingsQuery();
  const drivers = useGetDeliveryUsersQuery({ query: { role: 'delivery' } }, { skip: !isAdmin });
  const role = isAdmin ? 'admin' : 'delivery';
  const shipmentPath = (id: string | null) => formatRoute({ role, tab: 'shipping', section: 'routes', shipmentId: id });
  const filtered = status !== '' || driver !== '';

  return (
    <section className="shipping-section" aria-labelledby="routes-title">
      <header className="shipping-section__header">
        <div>
          <h2 id="routes-title">Generated Routes{total === undefined ? '' : ` (${total})`}</h2>
          {settings && <p className="shipping-section__note muted">{routeBasis(settings)}</p>}
        </div>
        {/* the list and the expanded card's route are read again */}
        <Button
          variant="secondary"
          onClick={() => dispatch(shippingApi.util.invalidateTags(['Shipments']))}
          busy={isFetching}
          busyLabel="Refreshing..."
        >
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
        {isAdmin && (
          <SelectInput
            label="Driver"
            value={driver}
            options={driverFilterOptions(drivers.data ?? [])}
            onChange={setDriver}
          />
        )}
      </div>
      {drivers.error ? <Message text={shippingFailure('Error loading drivers', drivers.error)} tone="error" /> : null}
      {error ? <Message text={shippingFailure('Error fetching shipments', error)} tone="error" /> : null}
      {loading && (
        <p className="muted" role="status">
          Loading shipments…
        </p>
      )}
      {!loading && !error && rows.length === 0 && (
        <p className="shipping-empty muted">
          {filtered ? 'No shipments match these filters.' : 'No shipments yet. Create one from Orders Ready to Ship.'}
        </p>
      )}
      <ShipmentCardList
        label="Shipments"
        summaries={rows}
        loading={loading}
        expandedId={shipmentId}
        // switching cards replaces the address: Back closes the card rather than walking through every one
        onExpand={(id) =>
          id ? navigate(shipmentPath(id), { replace: shipmentId !== null }) : leaveTo(shipmentPath(null))
        }
        drivers={isAdmin ? (drivers.data ?? []) : undefined}
      />
      <LoadMore
        shown={rows.length}
        total={total}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        noun="shipments"
      />
    </section>
  );
}
