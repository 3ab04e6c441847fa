import { formatCents, type Shipment, type ShippingOrder } from '@portal/contracts';
import { escapeHtml, formatDayAndTimeIn } from '@portal/platform';

const dollars = (value: number) => `$${formatCents(Math.round(value * 100))}`;

/** What the sheet prints of delivered orders: their time in the system timezone and the drawn signatures. */
export interface RouteSheetDeliveries {
  timeZone: string;
  /** PNG bytes of the current signature, by order id (printed inline: the sheet needs no signed links) */
  signatures: ReadonlyMap<string, Buffer>;
}

/** "Delivered on <day and time> to <name>", and the signature when there is one; '' for an order not delivered. */
function deliveredLine(order: ShippingOrder, deliveries: RouteSheetDeliveries): string {
  if (!order.delivery) return '';
  const when = formatDayAndTimeIn(order.delivery.delivered_at, deliveries.timeZone);
  const to = order.delivery.recipient_name ? ` to ${escapeHtml(order.delivery.recipient_name)}` : '';
  const signature = deliveries.signatures.get(order.order_id);
  const image = signature
    ? `<br><img class="signature" alt="Signature" src="data:image/png;base64,${signature.toString('base64')}">`
    : '';
  return `<tr><td></td><td colspan="2" class="delivered">Delivered on ${escapeHtml(when)}${to}${image}</td></tr>`;
}

/**
 * The printable route sheet (beyond the spec): the stops in route order with address, phone, miles and ETA,
 * each stop's orders and items, how each delivered order was delivered (when, to whom, the signature), and a
 * signature line per stop. Plain HTML that prints on A4 or Letter.
 */
export function routeSheetHtml(shipment: Shipment, deliveries: RouteSheetDeliveries): string {
  const orders = new Map(shipment.orders.map((order) => [order.order_id, order]));
  const stops = shipment.route
    .map((stop) => {
      const stopOrders = stop.order_ids.flatMap((id) => orders.get(id) ?? []);
      const items = stopOrders
        .map(
          (order) => `
        <tr><th colspan="3">Order ${escapeHtml(order.order_number)} · ${escapeHtml(order.status)} · ${dollars(order.total_value)}</th></tr>
        ${order.product_details
          .map(
            (line) =>
              `<tr><td>${line.quantity}</td><td>${escapeHtml(line.title)}</td><td>${dollars(line.price * line.quantity)}</td></tr>`,
          )
          .join('')}
        ${order.notes ? `<tr><td></td><td colspan="2"><em>${escapeHtml(order.notes)}</em></td></tr>` : ''}
        ${deliveredLine(order, deliveries)}`,
        )
        .join('');
      const distance =
        stop.leg_miles === null ? 'no coordinates' : `${stop.leg_miles} mi · ETA +${stop.eta_minutes ?? 0} min`;
      return `
    <section class="stop">
      <h2>${stop.stop_number}. ${escapeHtml(stop.business_name ?? stop.dealer_id)}</h2>
      <p>${escapeHtml(stop.full_address || 'No address')}${stop.phone ? ` · ${escapeHtml(stop.phone)}` : ''} · ${distance}</p>
      <table><thead><tr><th>Qty</th><th>Item</th><th>Amount</th></tr></thead><tbody>${items}</tbody></table>
      <p class="sign">Received by: ______________________________ &nbsp; Date/time: ________________</p>
    </section>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Route sheet: ${escapeHtml(shipment.shipment_name)}</title>
<style>
  body { font: 12pt/1.4 system-ui, sans-serif; margin: 1.5cm; color: #111; }
  h1 { font-size: 16pt; margin: 0 0 .3em; }
  .stop { break-inside: avoid; border-top: 1px solid #999; padding: .5em 0; }
  h2 { font-size: 13pt; margin: .2em 0; }
  table { width: 100%; border-collapse: collapse; }
  td, th { text-align: left; padding: 2px 4px; vertical-align: top; }
  td:last-child, th:last-child { text-align: right; }
  .sign { margin-top: 1.2em; }
  .delivered { font-weight: 600; }
  .signature { max-width: 6cm; max-height: 2cm; display: block; margin-top: .2em; }
</style></head>
<body>
  <h1>${escapeHtml(shipment.shipment_name)}</h1>
  <p>${shipment.status} · ${shipment.total_orders} orders · ${shipment.delivery_stats.total_stops} stops · ${shipment.total_miles} mi (straight line)</p>
  ${stops}
</body></html>`;
}
