import type { AdminUser, Shipment, ShipmentSummary, ShippingOrder } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { ShipmentCard } from './ShipmentCard';
import { useGetShipmentQuery, useGetShippingSettingsQuery } from './shippingApi';

// what only an expanded card opens (an order's details, the printed sheet) loads when it is first opened
const OrderDetails = lazy(() => import('./OrderDetails').then((module) => ({ default: module.OrderDetails })));
const PrintedRouteSheet = lazy(() =>
  import('./OrderDetails').then((module) => ({ default: module.PrintedRouteSheet })),
);

interface ShipmentCardListProps {
  summaries: readonly ShipmentSummary[];
  /** the card whose route is shown (from the address), or null: one at a time */
  expandedId: string | null;
  onExpand: (shipmentId: string | null) => void;
  /** admins: the delivery users for each card's Assign control */
  drivers?: readonly AdminUser[];
  /** My Routes offline: the saved copy of a shipment */
  savedShipment?: (shipmentId: string) => Shipment | undefined;
  /** whether the list is still on its way (an expanded card not on the first page waits for it) */
  loading: boolean;
  label: string;
  /** whether an expanded shipment not in `summaries` is shown first (false when another list on the page has it) */
  showsElsewhere?: boolean;
}

/**
 * Shipment cards, collapsed, one expanded at a time, with the order-details modal and the printed route sheet
 * they share. An address that opens a shipment not on the pages read so far shows that one first.
 */
export function ShipmentCardList({
  summaries,
  expandedId,
  onExpand,
  drivers,
  savedShipment,
  loading,
  label,
  showsElsewhere = true,
}: ShipmentCardListProps) {
  // the route sheet's note on miles and ETAs: read once a card is open, before Print is pressed
  const { data: settings } = useGetShippingSettingsQuery(undefined, { skip: expandedId === null });
  const [opened, setOpened] = useState<ShippingOrder | null>(null);
  const [printing, setPrinting] = useState<{ shipment: Shipment; request: number } | null>(null);
  const listed =
    expandedId === null || !showsElsewhere || summaries.some((summary) => summary.shipment_id === expandedId);
  const elsewhere = useGetShipmentQuery({ params: { id: expandedId ?? '' } }, { skip: listed || loading });
  const extra =
    !listed && !loading ? (elsewhere.currentData ?? (expandedId ? savedShipment?.(expandedId) : undefined)) : undefined;
  const cards = extra ? [extra, ...summaries] : summaries;
  const print = (shipment: Shipment) => setPrinting((current) => ({ shipment, request: (current?.request ?? 0) + 1 }));

  return (
    <>
      <ul className="shipment-list" aria-label={label}>
        {cards.map((summary) => (
          <li key={summary.shipment_id}>
            <ShipmentCard
              summary={summary}
              expanded={summary.shipment_id === expandedId}
              onExpandedChange={(open) => onExpand(open ? summary.shipment_id : null)}
              onOpenOrder={setOpened}
              onPrint={print}
              drivers={drivers}
              savedShipment={savedShipment?.(summary.shipment_id)}
            />
          </li>
        ))}
      </ul>
      {opened && (
        <Suspense fallback={null}>
          <OrderDetails order={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
      {printing && (
        <Suspense fallback={null}>
          <PrintedRouteSheet key={printing.request} shipment={printing.shipment} settings={settings} />
        </Suspense>
      )}
    </>
  );
}
