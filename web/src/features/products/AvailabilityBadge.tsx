import type { StockAvailability } from '@portal/contracts';
import { availabilityLabel, STOCK_BADGES } from './stockAvailability';

/** "In stock", "Low stock" or "Backorder" as a badge; nothing for a product whose stock is not tracked. */
export function AvailabilityBadge({ availability }: { availability: StockAvailability | null }) {
  if (!availability) return null;
  return <span className={`badge ${STOCK_BADGES[availability]}`}>{availabilityLabel(availability)}</span>;
}
