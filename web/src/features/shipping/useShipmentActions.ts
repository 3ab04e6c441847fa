import type { Shipment } from '@portal/contracts';
import { useState } from 'react';
import type { Notice } from '../settings/shared/notice';
import type { ChosenRouteMode } from './routeDisplay';
import { formatMiles } from './routeDisplay';
import {
  useLockRouteStopMutation,
  useMoveRouteStopMutation,
  useOptimizeRouteMutation,
  useSetRouteModeMutation,
} from './shippingApi';
import { type ShippingFailure, shippingFailure } from './shippingMessages';

/**
 * The route changes a shipment card makes (the delivery actions are delivery-sync's, queued for offline): each answers the whole shipment, which the card shows at once (`onAnswer`;
 * no refetch of every shipment); a failure becomes the card's notice with the spec's prefix.
 */
export function useShipmentActions(
  shipment: Shipment,
  showNotice: (notice: Notice) => void,
  onAnswer: (updated: Shipment) => void,
) {
  const [busy, setBusy] = useState<string | null>(null);
  const [setRouteMode] = useSetRouteModeMutation();
  const [moveRouteStop] = useMoveRouteStopMutation();
  const [lockRouteStop] = useLockRouteStopMutation();
  const [optimizeRoute] = useOptimizeRouteMutation();
  const params = { id: shipment.shipment_id };

  async function run(
    what: string,
    call: () => Promise<{ shipment: Shipment }>,
    failure: ShippingFailure,
    success?: (updated: Shipment) => string,
  ) {
    setBusy(what);
    try {
      const answer = await call();
      onAnswer(answer.shipment);
      if (success) showNotice({ text: success(answer.shipment), tone: 'success' });
    } catch (error) {
      showNotice({ text: shippingFailure(failure, error), tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return {
    /** what is under way: 'route' while a route change is */
    busy,
    setMode: (mode: ChosenRouteMode) =>
      run('route', () => setRouteMode({ params, body: { mode } }).unwrap(), 'Error updating route'),
    move: (dealerId: string, direction: 'up' | 'down') =>
      run(
        'route',
        () => moveRouteStop({ params, body: { dealer_id: dealerId, direction } }).unwrap(),
        'Error updating route',
      ),
    lock: (dealerId: string, locked: boolean) =>
      run(
        'route',
        () => lockRouteStop({ params, body: { dealer_id: dealerId, locked } }).unwrap(),
        'Error updating route',
      ),
    optimise: () => {
      const before = shipment.total_miles;
      return run(
        'route',
        () => optimizeRoute({ params }).unwrap(),
        'Error updating route',
        (updated) => `Route optimised: ${formatMiles(before)} → ${formatMiles(updated.total_miles)}`,
      );
    },
  };
}

export type ShipmentActions = ReturnType<typeof useShipmentActions>;
