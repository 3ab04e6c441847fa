import type { MapDealer } from '@portal/contracts';
import type { LocatorConfig } from './embedConfig';
import { dealerPosition, formatMiles } from './geo';
import { CUSTOM_MARKER_PX, iconPixels, type MapMarker, markerColor } from './markers';
import { dealerName } from './popup';

/** The markers of the dealers that have a position: their category's colour or icon, or the custom marker. */
export function markersOf(dealers: readonly MapDealer[], config: LocatorConfig): MapMarker[] {
  const categories = new Map(config.categories.map((category) => [category.id, category]));
  const custom =
    config.marker.type === 'custom' && config.marker.url
      ? { url: config.marker.url, size: CUSTOM_MARKER_PX[config.marker.size] }
      : null;
  return dealers.flatMap((dealer) => {
    const position = dealerPosition(dealer);
    if (!position) return [];
    const category = categories.get(dealer.category);
    const distance = 'distance' in dealer && typeof dealer.distance === 'number' ? dealer.distance : null;
    const place = [dealer.city, dealer.state].filter(Boolean).join(', ');
    const label = [dealerName(dealer), distance !== null ? formatMiles(distance) : null, place || null]
      .filter(Boolean)
      .join(', ');
    return [
      {
        id: dealer.dealer_id,
        label,
        position,
        color: config.marker.color ?? markerColor(dealer.category, category?.color),
        icon: custom ?? (category?.icon ? { url: category.icon, size: iconPixels(category.iconSize) } : null),
      },
    ];
  });
}
