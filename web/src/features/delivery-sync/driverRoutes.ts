import type { Shipment, ShipmentSummary } from '@portal/contracts';
import type { Middleware } from '@reduxjs/toolkit';
import { dynamicMiddleware } from '../../app/store';
import { signedOut } from '../session/sessionSlice';
import { browserStorage } from '../session/storedSession';
import { deliveryCall } from './deliveryCall';
import { onShipmentAnswer, startSync } from './deliverySync';
import {
  clearSavedRoutes,
  type ProofRules,
  readSavedRoutes,
  type SavedRoutes,
  withShipment,
  writeSavedRoutes,
} from './savedRoutes';

/**
 * The driver's routes: read from the server when it answers, kept on the phone per user, and read from there
 * when it does not (no signal, a reload offline). One copy for every screen that shows them.
 */
export interface RoutesState {
  user: string | null;
  saved: SavedRoutes | null;
  loading: boolean;
  error: unknown;
  /** the last read got no answer, or the browser says it is offline */
  offline: boolean;
}

let state: RoutesState = { user: null, saved: null, loading: false, error: null, offline: false };
const listeners = new Set<() => void>();
let refreshing: Promise<void> | null = null;
/** counts the server's answers to sent actions: a read that overlapped one is read again (it may predate it) */
let answers = 0;

function setState(next: Partial<RoutesState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeRoutes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function routesSnapshot(): RoutesState {
  return state;
}

/** The routes of this user from now on: their saved copy at once, then the server's. */
export function followUser(user: string | null): void {
  if (user === state.user) return;
  refreshing = null;
  setState({
    user,
    saved: user ? readSavedRoutes(browserStorage(), user) : null,
    loading: false,
    error: null,
    offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  });
  void startSync(user);
  if (user) void refreshRoutes();
}

/** How many routes one read asks for (the server allows 200); a driver has a handful. */
const SUMMARY_PAGE = 200;

/** Reads the driver's open routes and each of them in full; on failure the saved copy stays shown. */
export function refreshRoutes(): Promise<void> {
  const user = state.user;
  if (!user) return Promise.resolve();
  refreshing ??= readRoutes(user).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function readRoutes(user: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const answersBefore = answers;
    await readRoutesOnce(user);
    if (answers === answersBefore || state.user !== user) return;
  }
}

async function readRoutesOnce(user: string): Promise<void> {
  setState({ loading: true });
  const failed = (status: number | 'network', error: unknown) => {
    if (state.user !== user) return;
    setState({ loading: false, error, offline: status === 'network' || navigator.onLine === false });
  };
  const summaries: ShipmentSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await deliveryCall('admin.shipmentSummaries', {
      query: { driver: 'me', status: 'ready,in_progress', limit: SUMMARY_PAGE, ...(cursor ? { cursor } : {}) },
    } as never);
    if (!page.ok) return failed(page.status, page);
    summaries.push(...page.data.shipments);
    cursor = page.data.next_cursor ?? undefined;
  } while (cursor);
  if (state.user !== user) return;
  // the cards show as soon as their summaries are in (a few kilobytes); each route in full follows, and only the
  // complete copy is kept on the phone
  setState({
    saved: {
      summaries,
      shipments: state.saved?.shipments ?? {},
      proofRules: state.saved?.proofRules ?? null,
      savedAt: new Date().toISOString(),
    },
  });

  const [settings, ...full] = await Promise.all([
    deliveryCall('admin.shippingSettings', undefined),
    ...summaries.map((summary) => deliveryCall('admin.shipment', { params: { id: summary.shipment_id } })),
  ]);
  const shipments: Record<string, Shipment> = {};
  for (const answer of full) {
    if (!answer.ok) return failed(answer.status, answer);
    const shipment = (answer.data as { shipment: Shipment }).shipment;
    shipments[shipment.shipment_id] = shipment;
  }
  const proofRules: ProofRules | null = settings.ok
    ? {
        signatureRequired: settings.data.settings.proof_signature_required ?? true,
        photoRequired: settings.data.settings.proof_photo_required ?? false,
      }
    : (state.saved?.proofRules ?? null);
  const saved: SavedRoutes = { summaries, shipments, proofRules, savedAt: new Date().toISOString() };
  if (state.user !== user) return;
  writeSavedRoutes(browserStorage(), user, saved);
  setState({ saved, loading: false, error: null, offline: false });
}

// the server's answer to a sent action is the newest copy of that route
onShipmentAnswer((user, shipment) => {
  answers += 1;
  if (user !== state.user || !state.saved) return;
  const saved = withShipment(state.saved, shipment);
  writeSavedRoutes(browserStorage(), user, saved);
  setState({ saved });
});

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    setState({ offline: false });
    void refreshRoutes();
  });
  window.addEventListener('offline', () => setState({ offline: true }));
}

/** Sign-out forgets every saved route on this phone (the queue stays, by user, until its driver sends it). */
const forgetRoutesOnSignOut: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action)) {
    clearSavedRoutes(browserStorage());
    followUser(null);
  }
  return result;
};
dynamicMiddleware.addMiddleware(forgetRoutesOnSignOut);
