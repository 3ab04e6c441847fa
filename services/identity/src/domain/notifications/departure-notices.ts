import { orderNumber, type PayloadOfType } from '@portal/contracts';
import { formatDayAndTimeIn } from '@portal/platform';
import type { Notice } from './notice-mail';

type Departure = PayloadOfType<'shipment.departed'>;

/** What one dealer hears of a route that left: its orders on the truck and when the truck should reach it. */
export interface DealerDeparture {
  dealer_id: string;
  /** in stop order, each once */
  order_ids: string[];
  /** the earliest ETA of the dealer's stops (ISO 8601), or null when none has one */
  eta_at: string | null;
}

/**
 * The route's stops as one entry per dealer (a dealer may have more than one stop on a route, and is mailed
 * once): its orders in stop order, its earliest known ETA; dealers in the order of their first stop.
 */
export function departuresByDealer(stops: Departure['stops']): DealerDeparture[] {
  const byDealer = new Map<string, DealerDeparture>();
  for (const stop of [...stops].sort((a, b) => a.stop_number - b.stop_number)) {
    const entry = byDealer.get(stop.dealer_id) ?? { dealer_id: stop.dealer_id, order_ids: [], eta_at: null };
    for (const orderId of stop.order_ids) if (!entry.order_ids.includes(orderId)) entry.order_ids.push(orderId);
    if (stop.eta_at && (!entry.eta_at || Date.parse(stop.eta_at) < Date.parse(entry.eta_at)))
      entry.eta_at = stop.eta_at;
    byDealer.set(stop.dealer_id, entry);
  }
  return [...byDealer.values()].filter((entry) => entry.order_ids.length > 0);
}

/**
 * notify_order_status_changes, to a dealer on a route that left: the orders on the truck (by number) and the
 * expected arrival as a day and time in the system timezone. It stands for the per-order "on its way" mails.
 */
export function departureNotice(
  departure: Pick<Departure, 'shipment_name' | 'departed_at' | 'driver'>,
  dealer: DealerDeparture,
  timeZone: string,
  ordersUrl: string,
): Notice {
  const count = dealer.order_ids.length;
  const what = count === 1 ? `your order ${orderNumber(dealer.order_ids[0] ?? '')}` : `${count} of your orders`;
  const driver = departure.driver?.full_name.trim();
  const eta = dealer.eta_at ? formatDayAndTimeIn(dealer.eta_at, timeZone) : null;
  return {
    subject: eta ? `Your delivery is on the road, expected ${eta}` : 'Your delivery is on the road',
    paragraphs: [
      `Route ${departure.shipment_name} left on ${formatDayAndTimeIn(departure.departed_at, timeZone)} with ${what}${
        driver ? `, driven by ${driver}` : ''
      }.`,
      eta ? `Expected arrival: ${eta}.` : 'The expected arrival time is not known yet.',
    ],
    list: dealer.order_ids.map((orderId) => `Order ${orderNumber(orderId)}`),
    link: { label: 'Open your orders', url: ordersUrl },
  };
}
