import type { ShippingOrder } from '@portal/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { useAppSelector } from '../../app/hooks';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { selectUser } from '../session/sessionSlice';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { OrderDetailsModal } from './OrderDetailsModal';
import { cityLine, dealerName, detailsOfShippingOrder } from './orderDetails';
import {
  keepListed,
  type OrderSelection,
  selectAllState,
  shipmentDraft,
  toggleAll,
  toggleOrder,
} from './orderSelection';
import { itemCount } from './routeDisplay';
import { driverOptions } from './shipmentSummary';
import {
  useCreateShipmentMutation,
  useGetDeliveryUsersQuery,
  useGetReadyToShipPagesInfiniteQuery,
} from './shippingApi';
import { shippingFailure } from './shippingMessages';

const ordersOf = (page: { orders: ShippingOrder[] }) => page.orders;

/**
 * Orders Ready to Ship (001 §2): confirmed orders in no shipment, oldest first, 50 at a time (Load more for the
 * rest). Pick some (or all shown), name the shipment if you like, and Create Shipment; a row's Details opens the
 * order-details modal.
 */
export function ReadyToShipPanel() {
  const result = useGetReadyToShipPagesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const { isFetching, refetch } = result;
  const { rows: orders, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, ordersOf);
  const listed = useMemo(() => orders.map((order) => order.order_id), [orders]);
  const [selection, setSelection] = useState<OrderSelection>([]);
  const [name, setName] = useState('');
  const [notice, showNotice] = useTimedNotice();
  const [opened, setOpened] = useState<ShippingOrder | null>(null);
  const [createShipment, { isLoading: creating }] = useCreateShipmentMutation();
  const nameId = useId();
  const driverId = useId();
  // admins may give the new route to a driver at once; a driver's own new route is theirs
  const isAdmin = useAppSelector(selectUser)?.role === 'admin';
  const drivers = useGetDeliveryUsersQuery({ query: { role: 'delivery' } }, { skip: !isAdmin });
  const [driver, setDriver] = useState('');

  // an order shipped meanwhile (by another user) leaves the list and the selection
  useEffect(() => setSelection((current) => keepListed(current, listed)), [listed]);

  const allState = selectAllState(selection, listed);
  const selected = new Set(selection);

  async function create() {
    const draft = shipmentDraft(selection, name, driver);
    if (!draft.ok) {
      showNotice({ text: draft.problem, tone: 'error' });
      return;
    }
    try {
      const answer = await createShipment({ body: draft.body }).unwrap();
      setSelection([]);
      setName('');
      setDriver('');
      showNotice({ text: answer.message, tone: 'success' });
    } catch (failure) {
      showNotice({ text: shippingFailure('Error creating shipment', failure), tone: 'error' });
    }
  }

  return (
    <section className="shipping-section" aria-labelledby="ready-title">
      <header className="shipping-section__header">
        <h2 id="ready-title">Orders Ready to Ship{total === undefined ? '' : ` (${total})`}</h2>
        <Button variant="secondary" onClick={() => refetch()} busy={isFetching} busyLabel="Refreshing...">
          Refresh
        </Button>
      </header>

      <div className={isAdmin ? 'ready-toolbar ready-toolbar--with-driver' : 'ready-toolbar'}>
        <SelectAllBox
          state={allState}
          count={orders.length}
          onToggle={() => setSelection(toggleAll(selection, listed))}
        />
        <div className="field ready-toolbar__name">
          <label htmlFor={nameId}>Shipment name (optional)</label>
          <input
            id={nameId}
            value={name}
            maxLength={200}
            placeholder="e.g. Montana run, week 12"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {isAdmin && (
          <div className="field ready-toolbar__driver">
            <label htmlFor={driverId}>Driver (optional)</label>
            <select id={driverId} value={driver} onChange={(event) => setDriver(event.target.value)}>
              <option value="">Unassigned</option>
              {driverOptions(drivers.data ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="ready-toolbar__create">
          <span className="muted" aria-live="polite">
            {selection.length} selected
          </span>
          <Button onClick={create} busy={creating} busyLabel="Creating...">
            Create Shipment
          </Button>
        </div>
      </div>

      <Message text={notice?.text} tone={notice?.tone} />
      {error ? <Message text={shippingFailure('Error fetching orders', error)} tone="error" /> : null}
      {loading && (
        <p className="muted" role="status">
          Loading orders…
        </p>
      )}
      {!loading && !error && orders.length === 0 && (
        <p className="shipping-empty muted">No confirmed orders are waiting for a shipment.</p>
      )}

      {orders.length > 0 && (
        <table className="ready-table" aria-label="Orders ready to ship">
          <thead>
            <tr>
              <th scope="col" className="ready-table__check">
                <span className="visually-hidden">Selected</span>
              </th>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Dealer</th>
              <th scope="col">Ship to</th>
              <th scope="col">Items</th>
              <th scope="col">Total</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <ReadyRow
                key={order.order_id}
                order={order}
                selected={selected.has(order.order_id)}
                onToggle={() => setSelection((current) => toggleOrder(current, order.order_id))}
                onOpen={() => setOpened(order)}
              />
            ))}
          </tbody>
        </table>
      )}
      <LoadMore
        shown={orders.length}
        total={total}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        noun="orders"
      />

      <OrderDetailsModal order={opened && detailsOfShippingOrder(opened)} onClose={() => setOpened(null)} />
    </section>
  );
}

function SelectAllBox({
  state,
  count,
  onToggle,
}: {
  state: 'none' | 'some' | 'all';
  count: number;
  onToggle: () => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className="ready-toolbar__all">
      <input ref={box} type="checkbox" checked={state === 'all'} disabled={count === 0} onChange={onToggle} />
      Select all ({count})
    </label>
  );
}

function ReadyRow({
  order,
  selected,
  onToggle,
  onOpen,
}: {
  order: ShippingOrder;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const dates = useDateFormat();
  const place = cityLine(order.dealer_city, order.dealer_state, order.dealer_zip_code);
  return (
    <tr className={selected ? 'ready-table__row ready-table__row--selected' : 'ready-table__row'}>
      <td className="ready-table__check">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select order ${order.order_number}`}
        />
      </td>
      <td className="ready-table__number">#{order.order_number}</td>
      <td className="ready-table__date">{dates.date(order.created_at)}</td>
      <td className="ready-table__dealer">{dealerName(order)}</td>
      <td className="ready-table__place">
        {order.dealer_address && <span>{order.dealer_address}</span>}
        {place && <span className="muted">{place}</span>}
      </td>
      <td className="ready-table__items" data-label="Items">
        {itemCount(order)}
      </td>
      <td className="ready-table__total">{formatCents(Math.round(order.total_value * 100))}</td>
      <td className="ready-table__open">
        <Button variant="ghost" onClick={onOpen} aria-label={`Details of order ${order.order_number}`}>
          Details
        </Button>
      </td>
    </tr>
  );
}
