import type { ShipmentSummary } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { leaveTo, navigate } from '../../app/navigation/history';
import { Link } from '../../app/navigation/Link';
import { formatRoute } from '../../app/navigation/routes';
import { Button, buttonClass } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { SyncStatusBar } from '../delivery-sync/SyncStatusBar';
import { useDriverRoutes } from '../delivery-sync/useDriverRoutes';
import { ShipmentCardList } from './ShipmentCardList';
import { myRoutesStatus } from './shipmentSummary';
import { useGetShipmentSummaryPagesInfiniteQuery } from './shippingApi';
import { shippingFailure } from './shippingMessages';

const summariesOf = (page: { shipments: ShipmentSummary[] }) => page.shipments;
const myRoutePath = (shipmentId: string | null) =>
  formatRoute({ role: 'delivery', tab: 'shipping', section: 'my-routes', shipmentId });
const OTHER_ROUTES = formatRoute({ role: 'delivery', tab: 'shipping', section: 'routes', shipmentId: null });

/**
 * My Routes, where a delivery user lands: the routes they drive that are not completed, newest first, collapsed
 * cards from the copy kept on the phone (so it opens without signal); every other route one tap away (Generated
 * Routes), and their completed ones on request.
 */
export function MyRoutesPanel({ shipmentId = null }: { shipmentId?: string | null }) {
  const dates = useDateFormat();
  const routes = useDriverRoutes();
  const [showCompleted, setShowCompleted] = useState(false);
  const completedResult = useGetShipmentSummaryPagesInfiniteQuery(
    { query: { driver: 'me', status: myRoutesStatus(true) } },
    { skip: !showCompleted, refetchOnMountOrArgChange: true },
  );
  const completed = usePagedRows(completedResult, summariesOf);
  const toggleId = useId();
  const open = routes.summaries;
  const inCompleted = completed.rows.some((summary) => summary.shipment_id === shipmentId);
  // switching cards replaces the address: Back closes the card rather than walking through every one
  const expand = (id: string | null) =>
    id ? navigate(myRoutePath(id), { replace: shipmentId !== null }) : leaveTo(myRoutePath(null));
  const firstRead = routes.loading && routes.savedAt === null;
  // once the routes are read and shown, the code of an expanded card and its printed sheet is fetched too: the phone
  // then has it (the driver's service worker keeps what was loaded) when a card is opened without signal
  const shown = routes.savedAt !== null && !routes.loading;
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => void preloadRouteScreens(), 0);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <section className="shipping-section my-routes" aria-labelledby="my-routes-title">
      <header className="shipping-section__header">
        <div>
          <h2 id="my-routes-title">My Routes{firstRead ? '' : ` (${open.length})`}</h2>
          <p className="shipping-section__note muted">Your routes not yet completed, newest first.</p>
        </div>
        <div className="button-row my-routes__actions">
          <Link to={OTHER_ROUTES} className={buttonClass('secondary')}>
            Other routes
          </Link>
          <Button variant="secondary" onClick={routes.refresh} busy={routes.loading} busyLabel="Refreshing...">
            Refresh
          </Button>
        </div>
      </header>
      <SyncStatusBar />
      {routes.offline && routes.savedAt && (
        <p className="muted my-routes__saved">Saved on this phone {dates.dateTime(routes.savedAt)}.</p>
      )}
      {!routes.offline && routes.error ? (
        <Message text={shippingFailure('Error fetching shipments', routes.error)} tone="error" />
      ) : null}
      {firstRead && (
        <p className="muted" role="status">
          Loading your routes…
        </p>
      )}
      {!firstRead && open.length === 0 && !routes.error && (
        <p className="shipping-empty muted">
          No open routes assigned to you. <Link to={OTHER_ROUTES}>See every route</Link>.
        </p>
      )}
      <ShipmentCardList
        label="My open routes"
        summaries={open}
        loading={firstRead || (showCompleted && completed.loading)}
        expandedId={shipmentId}
        onExpand={expand}
        savedShipment={routes.shipment}
        showsElsewhere={!inCompleted}
      />
      <div className="my-routes__completed-toggle">
        <input
          id={toggleId}
          type="checkbox"
          checked={showCompleted}
          onChange={(event) => setShowCompleted(event.target.checked)}
        />
        <label htmlFor={toggleId}>Show completed</label>
      </div>
      {showCompleted && (
        <section className="my-routes__completed" aria-labelledby="my-routes-completed">
          <h3 id="my-routes-completed" className="my-routes__subtitle">
            Completed{completed.total === undefined ? '' : ` (${completed.total})`}
          </h3>
          {completed.error ? (
            <Message text={shippingFailure('Error fetching shipments', completed.error)} tone="error" />
          ) : null}
          {completed.loading && (
            <p className="muted" role="status">
              Loading completed routes…
            </p>
          )}
          {!completed.loading && !completed.error && completed.rows.length === 0 && (
            <p className="muted">No completed routes yet.</p>
          )}
          <ShipmentCardList
            label="My completed routes"
            summaries={completed.rows}
            loading={completed.loading}
            expandedId={shipmentId}
            onExpand={expand}
            showsElsewhere={false}
          />
          <LoadMore
            shown={completed.rows.length}
            total={completed.total}
            hasMore={completed.hasMore}
            loadingMore={completed.loadingMore}
            onLoadMore={completed.loadMore}
            noun="routes"
          />
        </section>
      )}
    </section>
  );
}

/** Loads the expanded card's and the route sheet's code ahead of use (a failure is retried on use). */
function preloadRouteScreens(): Promise<unknown> {
  return Promise.all([import('./ShipmentRoute'), import('./OrderDetails')]).catch(() => undefined);
}
