import type { Shipment, ShippingOrder } from '@portal/contracts';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { selectUser } from '../session/sessionSlice';
import { OrderDetailsModal } from './OrderDetailsModal';
import { detailsOfShippingOrder } from './orderDetails';
import { RouteSettings } from './RouteSettings';
import { PrintRouteSheet, RouteSheet } from './RouteSheet';
import { routeBasis } from './routeDisplay';
import { ShipmentCard } from './ShipmentCard';
import { useGetShipmentsQuery, useGetShippingSettingsQuery } from './shippingApi';
import { shippingFailure } from './shippingMessages';

const EMPTY: Shipment[] = [];

/** Generated Routes (001 §2): every shipment, newest first, as a card with its route. */
export function GeneratedRoutesPanel() {
  const { data, error, isLoading, isFetching, refetch } = useGetShipmentsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: settings } = useGetShippingSettingsQuery();
  const shipments = data ?? EMPTY;
  const isAdmin = useAppSelector(selectUser)?.role === 'admin';
  const [opened, setOpened] = useState<ShippingOrder | null>(null);
  const [printing, setPrinting] = useState<{ shipment: Shipment; request: number } | null>(null);

  return (
    <section className="shipping-section" aria-labelledby="routes-title">
      <header className="shipping-section__header">
        <div>
          <h2 id="routes-title">Generated Routes ({shipments.length})</h2>
          {settings && <p className="shipping-section__note muted">{routeBasis(settings)}</p>}
        </div>
        <Button variant="secondary" onClick={() => refetch()} busy={isFetching} busyLabel="Refreshing...">
          Refresh
        </Button>
      </header>
      {isAdmin && settings && <RouteSettings settings={settings} />}
      {error && <Message text={shippingFailure('Error fetching shipments', error)} tone="error" />}
      {isLoading && (
        <p className="muted" role="status">
          Loading shipments…
        </p>
      )}
      {!isLoading && !error && shipments.length === 0 && (
        <p className="shipping-empty muted">No shipments yet. Create one from Orders Ready to Ship.</p>
      )}
      <div className="shipment-list">
        {shipments.map((shipment) => (
          <ShipmentCard
            key={shipment.shipment_id}
            shipment={shipment}
            onOpenOrder={setOpened}
            onPrint={(shown) => setPrinting((current) => ({ shipment: shown, request: (current?.request ?? 0) + 1 }))}
          />
        ))}
      </div>
      <OrderDetailsModal order={opened && detailsOfShippingOrder(opened)} onClose={() => setOpened(null)} />
      {printing && (
        <PrintRouteSheet key={printing.request}>
          <RouteSheet shipment={printing.shipment} settings={settings} />
        </PrintRouteSheet>
      )}
    </section>
  );
}
