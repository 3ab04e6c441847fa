import type { Shipment } from '@portal/contracts';
import { deliveryCall } from './deliveryCall';
import {
  nextToSend,
  type QueuedAction,
  type QueuedProof,
  retryDelayMs,
  sendOutcome,
  sortedQueue,
  undoPlan,
} from './deliveryQueue';
import { deleteActions, putActions, readQueue } from './queueDb';

/**
 * The queue of the signed-in driver, kept in IndexedDB and mirrored here for the screens: actions are sent one at
 * a time in order, on start, when the connection comes back and after a back-off; a refusal stays as a conflict
 * until the driver dismisses it.
 */
export interface SyncState {
  user: string | null;
  queue: readonly QueuedAction[];
  /** the queue could not be read or written (private mode without IndexedDB): actions then fail at once */
  storageError: string | null;
}

let state: SyncState = { user: null, queue: [], storageError: null };
const listeners = new Set<() => void>();
const answerListeners = new Set<(user: string, shipment: Shipment) => void>();
let sending = false;
/** the key of the action being sent now: an undo cannot take it back any more */
let inFlight: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lastSeq = 0;

function setState(next: Partial<SyncState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function syncSnapshot(): SyncState {
  return state;
}

/** Told each shipment the server answered a sent action with (the saved copy of the routes takes it). */
export function onShipmentAnswer(listener: (user: string, shipment: Shipment) => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

/** The queue of this user from now on (app start, sign-in); null stops sending (sign-out). */
export async function startSync(user: string | null): Promise<void> {
  if (user === state.user) {
    void kick();
    return;
  }
  setState({ user, queue: [], storageError: null });
  if (!user) return;
  try {
    const queue = await readQueue(user);
    if (state.user !== user) return;
    lastSeq = Math.max(lastSeq, ...queue.map((action) => action.seq));
    setState({ queue });
  } catch (error) {
    setState({ storageError: String(error) });
  }
  void kick();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void kick());
}

/** What the screens give for a new action; the key, order and bookkeeping are added here. */
export type NewAction =
  | { kind: 'shipped'; shipment_id: string; order_id: string; order_number: string }
  | { kind: 'delivered'; shipment_id: string; order_id: string; order_number: string; proof: QueuedProof }
  | { kind: 'undo'; shipment_id: string; order_id: string; order_number: string };

function nextSeq(): number {
  lastSeq = Math.max(Date.now(), lastSeq + 1);
  return lastSeq;
}

/** Stores the actions (shown as "Waiting to sync" at once) and starts sending them. */
export async function queueActions(actions: readonly NewAction[]): Promise<void> {
  const user = state.user;
  if (!user) throw new Error('Not signed in');
  const now = new Date().toISOString();
  const queued = actions.map(
    (action) =>
      ({
        ...action,
        key: crypto.randomUUID(),
        seq: nextSeq(),
        user,
        queued_at: now,
        state: 'pending',
        detail: null,
        attempts: 0,
      }) as QueuedAction,
  );
  await putActions(queued);
  setState({ queue: [...state.queue, ...queued] });
  void kick();
}

/**
 * Undo of a delivery: one still waiting is taken back here; one the server has is undone there (queued like
 * any other action).
 */
export async function queueUndo(action: Extract<NewAction, { kind: 'undo' }>): Promise<void> {
  const plan = undoPlan(
    state.queue.filter((queued) => queued.key !== inFlight),
    action.order_id,
  );
  if (plan.kind === 'withdraw') {
    await deleteActions(plan.keys);
    setState({ queue: state.queue.filter((queued) => !plan.keys.includes(queued.key)) });
    return;
  }
  await queueActions([action]);
}

/** The driver read a conflict: it leaves the queue. */
export async function dismissConflict(key: string): Promise<void> {
  await deleteActions([key]);
  setState({ queue: state.queue.filter((action) => action.key !== key) });
}

/** Sends what waits, one action at a time, until the queue is empty or a send must wait. */
async function kick(): Promise<void> {
  if (sending || !state.user) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  clearTimeout(retryTimer);
  sending = true;
  try {
    for (let action = nextToSend(state.queue); action; action = nextToSend(state.queue)) {
      const user: string | null = state.user;
      inFlight = action.key;
      const result: SendResult = await send(action).finally(() => {
        inFlight = null;
      });
      if (state.user !== user) return;
      const outcome = result.ok ? 'done' : sendOutcome(result.status === 'network' ? 'FETCH_ERROR' : result.status);
      if (outcome === 'done') {
        await deleteActions([action.key]);
        setState({ queue: state.queue.filter((queued) => queued.key !== action.key) });
        if (result.ok && result.shipment && user)
          for (const listener of answerListeners) listener(user, result.shipment);
        continue;
      }
      if (outcome === 'conflict') {
        const refused: QueuedAction = { ...action, state: 'conflict', detail: result.ok ? null : result.detail };
        await replace(refused);
        continue;
      }
      if (outcome === 'retry') {
        const failed: QueuedAction = { ...action, attempts: action.attempts + 1 };
        await replace(failed);
        retryTimer = setTimeout(() => void kick(), retryDelayMs(failed.attempts));
      }
      // 'signin': kept; sending starts again with the next sign-in
      return;
    }
  } catch (error) {
    setState({ storageError: String(error) });
  } finally {
    sending = false;
  }
}

async function replace(action: QueuedAction): Promise<void> {
  await putActions([action]);
  setState({ queue: state.queue.map((queued) => (queued.key === action.key ? action : queued)) });
}

type SendResult =
  | { ok: true; shipment: Shipment | null }
  | { ok: false; status: number | 'network'; detail: string | null };

async function send(action: QueuedAction): Promise<SendResult> {
  const params = { id: action.shipment_id };
  const options = { idempotencyKey: action.key };
  const result =
    action.kind === 'shipped'
      ? await deliveryCall(
          'admin.updateShipmentOrderStatus',
          { params, body: { order_id: action.order_id, status: 'shipped' } },
          options,
        )
      : action.kind === 'undo'
        ? await deliveryCall('admin.undoDelivery', { params, body: { order_id: action.order_id } }, options)
        : await deliveryCall(
            'admin.recordDeliveryProof',
            { params: { ...params, order_id: action.order_id }, body: proofForm(action.proof) },
            options,
          );
  if (!result.ok) return result;
  const data = result.data as { shipment?: Shipment };
  return { ok: true, shipment: data.shipment ?? null };
}

/** The multipart body of a proof, as the contract names its parts. */
export function proofForm(proof: QueuedProof): FormData {
  const form = new FormData();
  if (proof.recipient_name) form.set('recipient_name', proof.recipient_name);
  if (proof.notes) form.set('notes', proof.notes);
  if (proof.latitude !== null && proof.longitude !== null) {
    form.set('latitude', String(proof.latitude));
    form.set('longitude', String(proof.longitude));
  }
  form.set('captured_at', proof.captured_at);
  if (proof.signature) form.set('signature', proof.signature, 'signature.png');
  proof.photos.forEach((photo, index) => {
    form.append('photos', photo, photo instanceof File ? photo.name : `photo-${index + 1}.jpg`);
  });
  return form;
}

/** The actions in the order they are sent (for the status bar). */
export function queuedInOrder(): QueuedAction[] {
  return sortedQueue(state.queue);
}
