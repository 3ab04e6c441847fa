import type { Dealer } from '@portal/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { useAppDispatch } from '../../app/hooks';
import { leaveTo, navigate, useQueryParam } from '../../app/navigation/history';
import { formatRoute, withQuery } from '../../app/navigation/routes';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { ArchivedDealersModal } from './ArchivedDealersModal';
import { BulkBar } from './BulkBar';
import { BulkDeleteModal } from './BulkDeleteModal';
import { keepShown } from './bulkSelection';
import { DealerDetail } from './DealerDetail';
import { DealerFormModal } from './DealerFormModal';
import { DealerLoginModal } from './DealerLoginModal';
import { DealerTable } from './DealerTable';
import { DealerToolbar } from './DealerToolbar';
import { dealerCountText, dealerName, SERVER_SORT_COLUMNS } from './dealerFilters';
import { dealersApi, useDeleteDealerMutation } from './dealersApi';
import { createMapStatusStore, type MapStatusStore } from './mapStatus';
import { ArchiveOrDeleteModal, ConfirmDeleteModal } from './RemoveDealerModals';
import { useDealerPages } from './useDealerList';
import { useDealerRecord } from './useDealerRecord';
import { useZones } from './useZones';
import { WebsiteSettingsModal } from './WebsiteSettingsModal';
import './dealers.css';

type OpenModal =
  | { kind: 'create' }
  | { kind: 'archived' }
  | { kind: 'bulkDelete' }
  | { kind: 'edit' | 'login' | 'website' | 'remove' | 'confirmDelete'; dealer: Dealer };

interface ManageDealersPanelProps {
  /** the dealer open in the detail view (/admin/dealers/{dealerId}), or null for the list */
  dealerId: string | null;
  /** the invoice open over the dealer's detail (/admin/dealers/{dealerId}/orders/{orderId}), or null */
  orderId?: string | null;
}

/** The query parameter saying the State filter came from a click on the dashboard map (shown with a banner). */
const FROM_MAP_PARAM = 'from';

/** A dealer's detail address, keeping the list's filters in the query so the way back shows the same list. */
function dealerDetailPath(dealerId: string | null): string {
  return withQuery(formatRoute({ role: 'admin', tab: 'dealers', dealerId }), window.location.search);
}

/** An invoice opened from a dealer's detail, keeping the list's filters in the query as well. */
function dealerOrderPath(dealerId: string, orderId: string): string {
  return withQuery(formatRoute({ role: 'admin', tab: 'dealers', dealerId, orderId }), window.location.search);
}

/** A changed address is placed moments after the dealer service answers (from its dealer.updated event). */
const GEOCODING_LAG_MS = 2000;

/**
 * The Map column's statuses, from the geocoding service (the dealers list does not carry coordinates): each drawn
 * row asks for its own; when the list's pages are read again after that (an edit, an import) the drawn rows are
 * asked again, and once more a moment later, when a changed address has been placed. A further page, or another
 * list (new filters), is not a change: its rows ask for themselves as they are drawn.
 */
function useMapStatuses(listKey: string, pages: readonly unknown[] | undefined): MapStatusStore {
  const seen = useRef<{ listKey: string; pages: readonly unknown[] } | null>(null);
  const dispatch = useAppDispatch();
  const [store] = useState(() =>
    createMapStatusStore((ids) =>
      dispatch(
        dealersApi.endpoints.getGeocodingStatus.initiate(
          { query: { dealer_ids: ids.join(',') } },
          { subscribe: false, forceRefetch: true },
        ),
      ).unwrap(),
    ),
  );
  useEffect(() => {
    if (!pages) return;
    const before = seen.current;
    seen.current = { listKey, pages };
    if (!before || before.listKey !== listKey) return;
    const appended = pages.length > before.pages.length && before.pages.every((page, index) => page === pages[index]);
    if (appended || pages === before.pages) return;
    store.refresh();
    const again = setTimeout(() => store.refresh(), GEOCODING_LAG_MS);
    return () => clearTimeout(again);
  }, [listKey, pages, store]);
  return store;
}

/** Admin: Manage Dealers — the searchable, sortable list, its bulk actions, the dealer detail and every modal. */
export function ManageDealersPanel({ dealerId, orderId = null }: ManageDealersPanelProps) {
  const list = useDealerPages();
  const [from, setFrom] = useQueryParam(FROM_MAP_PARAM);
  const dealers = list.rows;
  const mapStatuses = useMapStatuses(list.scrollKey, list.loadedPages);
  const zones = useZones();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [modal, setModal] = useState<OpenModal | null>(null);
  const [notice, setNotice] = useState<string>();
  const [deleteDealer] = useDeleteDealerMutation();
  const states = list.availableStates;
  const fromMap = from === 'map' && list.filters.state !== '';

  const toggle = useCallback(
    (dealerId: string) =>
      setSelected((old) => {
        const next = new Set(old);
        if (!next.delete(dealerId)) next.add(dealerId);
        return next;
      }),
    [],
  );
  // "select all" selects the rows loaded so far (the bulk zone change takes the chosen ids); a filter that hides a
  // selected row drops it from the selection, so a bulk action never reaches a dealer the list does not show
  const shown = list.rows;
  useEffect(
    () =>
      setSelected((old) =>
        keepShown(
          old,
          shown.map((dealer) => dealer.dealer_id),
        ),
      ),
    [shown],
  );
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const toggleAll = useCallback(
    () =>
      setSelected((old) =>
        shown.length > 0 && shown.every((dealer) => old.has(dealer.dealer_id))
          ? new Set()
          : new Set(shown.map((dealer) => dealer.dealer_id)),
      ),
    [shown],
  );
  const selection = useMemo(() => ({ selected, toggle, toggleAll }), [selected, toggle, toggleAll]);
  const openDealer = useCallback((dealer: Dealer) => navigate(dealerDetailPath(dealer.dealer_id)), []);
  const dealerHref = useCallback((dealer: Dealer) => dealerDetailPath(dealer.dealer_id), []);
  const record = useDealerRecord(dealerId, dealers);

  const closeModal = () => setModal(null);
  const finish = (message: string) => {
    setModal(null);
    // the open dealer was archived or deleted: its address now shows nothing, so the list takes its place
    if (dealerId) navigate(dealerDetailPath(null), { replace: true });
    setNotice(message);
  };

  async function deleteSelected() {
    const ids = [...selected];
    setBulkDeleting(true);
    try {
      for (const id of ids) await deleteDealer({ params: { dealer_id: id } }).unwrap();
      setSelected(new Set());
      setNotice('Dealer deleted successfully!');
    } catch (failure) {
      setNotice(failureMessage(failure, 'Failed to delete dealer'));
    } finally {
      setBulkDeleting(false);
      setModal(null);
    }
  }

  const clearMapFilter = () => {
    setFrom('');
    list.setFilters({ ...list.filters, state: '' });
  };

  // the list's copy is fresher after an edit; an archived dealer (View Details) is looked up by its id
  const openDealerRecord = record.dealer;
  return (
    <section className="dealers-panel" aria-labelledby="manage-dealers-title">
      {dealerId !== null && openDealerRecord ? (
        <DealerDetail
          dealer={openDealerRecord}
          onBack={() => leaveTo(dealerDetailPath(null))}
          onAction={(kind) => setModal({ kind, dealer: openDealerRecord })}
          openOrderId={orderId}
          onOpenOrder={(order) => navigate(dealerOrderPath(openDealerRecord.dealer_id, order.order_id))}
          onCloseOrder={() => leaveTo(dealerDetailPath(openDealerRecord.dealer_id))}
        />
      ) : dealerId !== null ? (
        <div className="dealer-detail">
          <Button variant="secondary" onClick={() => leaveTo(dealerDetailPath(null))}>
            ← Back to Dealers
          </Button>
          <p className="muted" role="status">
            {record.loading ? 'Loading dealer…' : 'This dealer was not found. It may have been deleted.'}
          </p>
        </div>
      ) : (
        <>
          <header className="dealers-panel__header">
            <h2 id="manage-dealers-title">All Dealers</h2>
            <div className="button-row">
              <Button variant="secondary" onClick={() => setModal({ kind: 'archived' })}>
                Archived Dealers
              </Button>
              <Button onClick={() => setModal({ kind: 'create' })}>Create Dealer</Button>
            </div>
          </header>
          <Message text={notice ?? (list.error ? failureMessage(list.error, 'Failed to load dealers') : undefined)} />
          {fromMap && (
            <div className="map-banner" role="status">
              <span>
                Showing dealers in <strong>{list.filters.state}</strong> from the dashboard map.
              </span>
              <Button variant="secondary" onClick={clearMapFilter}>
                Clear Filter
              </Button>
            </div>
          )}
          <DealerToolbar
            filters={list.filters}
            onChange={(next) => {
              list.setFilters(next);
              // a state chosen here is no longer the map's
              if (fromMap && next.state !== list.filters.state) setFrom('');
            }}
            states={states}
            zones={zones}
          />
          {selected.size > 0 && (
            <BulkBar
              selected={[...selected]}
              zones={zones}
              onClear={() => setSelected(new Set())}
              onDeleteSelected={() => setModal({ kind: 'bulkDelete' })}
              onResult={setNotice}
            />
          )}
          <p className="muted dealers-panel__count" aria-live="polite">
            {list.loading ? 'Loading dealers…' : dealerCountText(list.total ?? dealers.length, list.narrowed)}
          </p>
          <DealerTable
            dealers={shown}
            sort={list.sort}
            onSort={list.sortBy}
            onOpen={openDealer}
            hrefFor={dealerHref}
            selection={selection}
            mapStatuses={mapStatuses}
            sortable={SERVER_SORT_COLUMNS}
            loading={list.loading}
            onEndReached={list.loadMore}
            scrollKey={list.scrollKey}
          />
        </>
      )}
      {modal?.kind === 'create' && <DealerFormModal onClose={closeModal} />}
      {modal?.kind === 'edit' && <DealerFormModal dealer={modal.dealer} onClose={closeModal} />}
      {modal?.kind === 'login' && <DealerLoginModal dealer={modal.dealer} onClose={closeModal} />}
      {modal?.kind === 'website' && <WebsiteSettingsModal dealer={modal.dealer} onClose={closeModal} />}
      {modal?.kind === 'remove' && (
        <ArchiveOrDeleteModal
          dealer={modal.dealer}
          onClose={closeModal}
          onDone={finish}
          onChooseDelete={() => setModal({ kind: 'confirmDelete', dealer: modal.dealer })}
        />
      )}
      {modal?.kind === 'confirmDelete' && (
        <ConfirmDeleteModal dealer={modal.dealer} onClose={closeModal} onDone={finish} />
      )}
      {modal?.kind === 'bulkDelete' && (
        <BulkDeleteModal
          names={shown.filter((dealer) => selected.has(dealer.dealer_id)).map(dealerName)}
          deleting={bulkDeleting}
          onConfirm={deleteSelected}
          onClose={closeModal}
        />
      )}
      {modal?.kind === 'archived' && (
        <ArchivedDealersModal
          onClose={closeModal}
          onViewDetails={(dealer) => {
            setModal(null);
            navigate(dealerDetailPath(dealer.dealer_id));
          }}
          onDelete={(dealer) => setModal({ kind: 'confirmDelete', dealer })}
        />
      )}
    </section>
  );
}
