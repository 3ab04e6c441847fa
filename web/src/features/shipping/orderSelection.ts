/**
 * The selection of Orders Ready to Ship. It is kept in the order the orders were picked: the route's original
 * order follows it (a stop per dealer, in the order of its first selected order).
 */
export type OrderSelection = readonly string[];

export const SELECT_ORDERS = 'Please select orders to create a shipment';

/** Adds the order at the end of the selection, or takes it out. */
export function toggleOrder(selection: OrderSelection, orderId: string): OrderSelection {
  return selection.includes(orderId) ? selection.filter((id) => id !== orderId) : [...selection, orderId];
}

export type SelectAllState = 'none' | 'some' | 'all';

/** What the select-all box shows: ticked when every listed order is selected, mixed when some are. */
export function selectAllState(selection: OrderSelection, listed: readonly string[]): SelectAllState {
  const chosen = new Set(selection);
  const count = listed.filter((id) => chosen.has(id)).length;
  if (count === 0) return 'none';
  return count === listed.length ? 'all' : 'some';
}

/**
 * Select-all: when every listed order is selected it clears them, otherwise it adds the missing ones after the
 * ones already picked (in list order).
 */
export function toggleAll(selection: OrderSelection, listed: readonly string[]): OrderSelection {
  if (selectAllState(selection, listed) === 'all') {
    const shown = new Set(listed);
    return selection.filter((id) => !shown.has(id));
  }
  const chosen = new Set(selection);
  return [...selection, ...listed.filter((id) => !chosen.has(id))];
}

/** Forgets orders that are no longer ready (shipped by someone else, or the list was refreshed). */
export function keepListed(selection: OrderSelection, listed: readonly string[]): OrderSelection {
  const shown = new Set(listed);
  const kept = selection.filter((id) => shown.has(id));
  return kept.length === selection.length ? selection : kept;
}

export type ShipmentDraft =
  | { ok: true; body: { order_ids: string[]; shipment_name?: string; driver_email?: string } }
  | { ok: false; problem: string };

/**
 * The create-shipment request of the selection, the typed name and the chosen driver (both optional: blank sends
 * none, and the route is then unassigned, or the creating driver's own).
 */
export function shipmentDraft(selection: OrderSelection, name: string, driverEmail = ''): ShipmentDraft {
  if (selection.length === 0) return { ok: false, problem: SELECT_ORDERS };
  const shipmentName = name.trim();
  const driver = driverEmail.trim();
  return {
    ok: true,
    body: {
      order_ids: [...selection],
      ...(shipmentName ? { shipment_name: shipmentName } : {}),
      ...(driver ? { driver_email: driver } : {}),
    },
  };
}
