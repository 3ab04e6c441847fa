import type { Order, OrderStatus, ShippingOrder } from '@portal/contracts';

/** What the order-details modal shows, from an order ready to ship or from the orders list. */
export interface OrderDetailsView {
  order_number: string;
  created_at: string;
  status: OrderStatus;
  dealer_name: string;
  contact: string | null;
  email: string | null;
  phone: string | null;
  /** the street, then "City, ST 12345"; empty lines left out */
  address: string[];
  lines: { title: string; description: string | null; quantity: number; price: number }[];
  total_value: number;
  notes: string | null;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** "Missoula, MT 59801", from whichever parts exist. */
export function cityLine(city: string | null, state: string | null, zip: string | null): string | null {
  const place = [text(city), text(state)].filter(Boolean).join(', ');
  return [place, text(zip)].filter(Boolean).join(' ') || null;
}

export function dealerName(order: {
  dealer_business_name: string | null;
  dealer_full_name: string | null;
  dealer_id: string;
}): string {
  return text(order.dealer_business_name) ?? text(order.dealer_full_name) ?? order.dealer_id;
}

export function detailsOfShippingOrder(order: ShippingOrder): OrderDetailsView {
  return {
    order_number: order.order_number,
    created_at: order.created_at,
    status: order.status,
    dealer_name: dealerName(order),
    contact: text(order.dealer_full_name),
    email: text(order.dealer_email),
    phone: text(order.dealer_phone),
    address: [
      text(order.dealer_address),
      cityLine(order.dealer_city, order.dealer_state, order.dealer_zip_code),
    ].filter((line): line is string => line !== null),
    lines: order.product_details.map((line) => ({ ...line, description: text(line.description) })),
    total_value: order.total_value,
    notes: text(order.notes),
  };
}

export function detailsOfOrder(order: Order): OrderDetailsView {
  const place = cityLine(
    order.dealer_city ?? order.dealer_info.city,
    order.dealer_state ?? order.dealer_info.state,
    null,
  );
  return {
    order_number: order.order_number,
    created_at: order.created_at,
    status: order.status,
    dealer_name: text(order.dealer_business_name) ?? text(order.dealer_info.business_name) ?? dealerName(order),
    contact: text(order.dealer_full_name),
    email: text(order.dealer_email) ?? text(order.dealer_info.email),
    phone: text(order.dealer_info.phone),
    address: place ? [place] : [],
    lines: order.product_details.map((line) => ({
      title: line.title,
      description: text(line.description),
      quantity: line.quantity,
      price: line.price,
    })),
    total_value: order.total_value,
    notes: text(order.notes),
  };
}
