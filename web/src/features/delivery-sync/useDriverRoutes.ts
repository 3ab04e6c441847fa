import type { Shipment, ShipmentSummary } from '@portal/contracts';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session/sessionSlice';
import { useGetShippingSettingsQuery } from '../shipping/shippingApi';
import { type QueuedAction, shipmentWithPending, summaryOf } from './deliveryQueue';
import { subscribeSync, syncSnapshot } from './deliverySync';
import { followUser, refreshRoutes, routesSnapshot, subscribeRoutes } from './driverRoutes';
import { registerDriverServiceWorker } from './registerServiceWorker';
import { DEFAULT_PROOF_RULES, type ProofRules, userKey } from './savedRoutes';

const NO_ACTIONS: readonly QueuedAction[] = [];

export interface DriverRoutes {
  /** the driver's open routes (ready and in progress), with actions waiting to sync already applied */
  summaries: ShipmentSummary[];
  /** one of them in full (stops, orders, map links), as the driver sees it now; undefined if not kept */
  shipment(id: string): Shipment | undefined;
  loading: boolean;
  error: unknown;
  /** no answer from the server: what is shown is the copy saved on the phone */
  offline: boolean;
  /** when the shown copy was read from the server (ISO 8601), null before the first read */
  savedAt: string | null;
  refresh(): void;
}

/**
 * The signed-in driver's routes for My Routes, its cards and the route sheet: the server's answer when there is
 * one, the copy kept on the phone otherwise (per user), with the actions still waiting to sync applied. Mounting
 * it on a driver's page also installs the service worker that keeps the app itself for offline use.
 */
export function useDriverRoutes(): DriverRoutes {
  const user = useAppSelector(selectUser);
  const key = user ? userKey(user) : null;
  const email = user?.email ?? '';
  const isDriver = user?.role === 'delivery';

  useEffect(() => {
    followUser(key);
  }, [key]);
  useEffect(() => {
    if (isDriver) registerDriverServiceWorker();
  }, [isDriver]);

  const routes = useSyncExternalStore(subscribeRoutes, routesSnapshot);
  const sync = useSyncExternalStore(subscribeSync, syncSnapshot);
  const refresh = useCallback(() => void refreshRoutes(), []);
  const mine = routes.user === key;
  // the routes show as soon as they are read; the actions waiting to sync are laid over them once this user's
  // queue is open (IndexedDB, a moment later on a slow phone)
  const queue = sync.user === key ? sync.queue : NO_ACTIONS;

  const shipments = useMemo(() => {
    const seen = new Map<string, Shipment>();
    if (!mine || !routes.saved) return seen;
    for (const [id, shipment] of Object.entries(routes.saved.shipments)) {
      seen.set(id, shipmentWithPending(shipment, queue, email));
    }
    return seen;
  }, [mine, routes.saved, queue, email]);

  const summaries = useMemo(() => {
    if (!mine || !routes.saved) return [];
    return routes.saved.summaries.map((summary) => {
      const full = shipments.get(summary.shipment_id);
      return full ? summaryOf(full) : summary;
    });
  }, [mine, routes.saved, shipments]);

  const shipment = useCallback((id: string) => shipments.get(id), [shipments]);

  return {
    summaries,
    shipment,
    // until this user's copy is read (the first render after sign-in), it is on its way
    loading: routes.loading || (key !== null && !mine),
    error: routes.error,
    offline: routes.offline,
    savedAt: mine ? (routes.saved?.savedAt ?? null) : null,
    refresh,
  };
}

/**
 * What a proof of delivery must have, from the shipping settings: as read now (an admin, a driver online), else as
 * kept with the driver's routes, else their defaults.
 */
export function useProofRules(): ProofRules {
  const routes = useSyncExternalStore(subscribeRoutes, routesSnapshot);
  const { currentData: settings } = useGetShippingSettingsQuery();
  if (settings) {
    return {
      signatureRequired: settings.proof_signature_required ?? DEFAULT_PROOF_RULES.signatureRequired,
      photoRequired: settings.proof_photo_required ?? DEFAULT_PROOF_RULES.photoRequired,
    };
  }
  return routes.saved?.proofRules ?? DEFAULT_PROOF_RULES;
}
