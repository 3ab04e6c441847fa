import type { Shipment, ShippingOrder, ShippingSettings } from '@portal/contracts';
import { OrderDetailsModal } from './OrderDetailsModal';
import { detailsOfShippingOrder } from './orderDetails';
import { PrintRouteSheet, RouteSheet } from './RouteSheet';

/** An order of a route in the order-details modal (loaded with the first one opened). */
export function OrderDetails({ order, onClose }: { order: ShippingOrder; onClose: () => void }) {
  return <OrderDetailsModal order={detailsOfShippingOrder(order)} onClose={onClose} />;
}

/** A route's sheet, printed at once (loaded with the first one printed). */
export function PrintedRouteSheet({
  shipment,
  settings,
}: {
  shipment: Shipment;
  settings: ShippingSettings | undefined;
}) {
  return (
    <PrintRouteSheet>
      <RouteSheet shipment={shipment} settings={settings} />
    </PrintRouteSheet>
  );
}
