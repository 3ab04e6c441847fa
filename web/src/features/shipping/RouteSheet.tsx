import type { Shipment, ShippingSettings } from '@portal/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { countOf } from '../../format/count';
import { useDateFormat } from '../company/useDateFormat';
import { formatEta, formatMiles, routeBasis, routeModeLabel, stopName, stopOrders } from './routeDisplay';

/** The route sheet a driver takes along: stops in order, address, phone, orders and items, a signature line. */
export function RouteSheet({ shipment, settings }: { shipment: Shipment; settings?: ShippingSettings }) {
  const dates = useDateFormat();
  return (
    <article className="route-sheet">
      <header className="route-sheet__header">
        <h1>Route sheet: {shipment.shipment_name}</h1>
        <p>
          Created {dates.dateTime(shipment.created_at)} · {countOf(shipment.total_orders, 'order', 'orders')} ·{' '}
          {countOf(shipment.delivery_stats.total_stops, 'stop', 'stops')} · {formatMiles(shipment.total_miles)} ·{' '}
          {routeModeLabel(shipment.route_mode)}
        </p>
        {settings && <p>{routeBasis(settings)}</p>}
      </header>
      <ol className="route-sheet__stops">
        {shipment.route.map((stop) => (
          <li key={stop.dealer_id} className="route-sheet__stop">
            <h2>
              Stop {stop.stop_number}: {stopName(stop)}
            </h2>
            <p>{stop.full_address || 'No address on file'}</p>
            <p>
              Phone: {stop.phone ?? '—'} · {formatMiles(stop.leg_miles)} · ETA {formatEta(stop.eta_minutes)}
            </p>
            <table>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Items</th>
                </tr>
              </thead>
              <tbody>
                {stopOrders(shipment, stop).map((order) => (
                  <tr key={order.order_id}>
                    <td>#{order.order_number}</td>
                    <td>
                      {order.product_details.map((line, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; the sheet never reorders them
                        <div key={index}>
                          {line.quantity} × {line.title}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="route-sheet__sign">
              <span>Received by</span>
              <span>Signature</span>
              <span>Date / time</span>
            </p>
          </li>
        ))}
      </ol>
    </article>
  );
}

/**
 * Prints a route sheet: the sheet is put outside the app (a child of <body>) so the print stylesheet can hide
 * everything else, then the browser's print dialog opens. Mount it again (a new key) to print again.
 */
export function PrintRouteSheet({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.className = 'route-sheet-print';
    document.body.append(element);
    document.documentElement.classList.add('has-route-sheet-print');
    setHost(element);
    return () => {
      element.remove();
      document.documentElement.classList.remove('has-route-sheet-print');
    };
  }, []);
  useEffect(() => {
    if (host) window.print();
  }, [host]);
  return host ? createPortal(children, host) : null;
}
