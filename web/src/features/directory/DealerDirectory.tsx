import type { Dealer } from '@portal/contracts';
import { useCallback, useMemo } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { leaveTo, navigate } from '../../app/navigation/history';
import { formatRoute, withQuery } from '../../app/navigation/routes';
import { Message } from '../../ui/Message';
import { DealerTable } from '../dealers/DealerTable';
import { DealerToolbar } from '../dealers/DealerToolbar';
import { dealerCountText, SERVER_SORT_COLUMNS } from '../dealers/dealerFilters';
import { useDealerPages } from '../dealers/useDealerList';
import { useDealerRecord } from '../dealers/useDealerRecord';
import { DealerInfoModal } from './DealerInfoModal';
import '../dealers/dealers.css';
import './directory.css';

/**
 * Delivery's Dealers tab: the dealer list, 50 at a time as the table scrolls, searched, filtered and sorted on the
 * server, without any way to change it; a row opens the dealer's contact details and address (read-only).
 */
/** A dealer's address in the directory (/delivery/dealers/{dealerId}), keeping the list's filters in the query. */
function directoryPath(dealerId: string | null): string {
  return withQuery(formatRoute({ role: 'delivery', tab: 'dealers', dealerId }), window.location.search);
}

export function DealerDirectory({ dealerId = null }: { dealerId?: string | null }) {
  const list = useDealerPages();
  const dealers = list.rows;
  // the zone list of the system configuration is admin-only: offer the zones of the dealers loaded so far
  // (and the chosen one, so the filter keeps showing it)
  const zones = useMemo(
    () =>
      [
        ...new Set([
          ...dealers.flatMap((dealer) => (dealer.zone ? [dealer.zone] : [])),
          ...(list.filters.zone ? [list.filters.zone] : []),
        ]),
      ].sort(),
    [dealers, list.filters.zone],
  );
  // the open dealer is in the address: a reload or a shared link shows it, Back closes it (archived: admins only)
  const opened = useDealerRecord(dealerId, dealers, { archived: false }).dealer;
  const open = useCallback((dealer: Dealer) => navigate(directoryPath(dealer.dealer_id)), []);
  const hrefFor = useCallback((dealer: Dealer) => directoryPath(dealer.dealer_id), []);
  return (
    <section className="dealers-panel" aria-labelledby="dealer-directory-title">
      <header className="dealers-panel__header">
        <h2 id="dealer-directory-title">Dealer Directory</h2>
      </header>
      <p className="portal-notice" role="note">
        View-only access: You can view dealer information but cannot make changes.
      </p>
      {list.error ? <Message text={failureMessage(list.error, 'Failed to load dealers')} /> : null}
      <DealerToolbar filters={list.filters} onChange={list.setFilters} states={list.availableStates} zones={zones} />
      <p className="muted dealers-panel__count" aria-live="polite">
        {list.loading ? 'Loading dealers…' : dealerCountText(list.total ?? dealers.length, list.narrowed)}
      </p>
      <DealerTable
        dealers={dealers}
        sort={list.sort}
        onSort={list.sortBy}
        onOpen={open}
        hrefFor={hrefFor}
        sortable={SERVER_SORT_COLUMNS}
        loading={list.loading}
        onEndReached={list.hasMore ? list.loadMore : undefined}
        scrollKey={list.scrollKey}
      />
      <DealerInfoModal dealer={opened} onClose={() => leaveTo(directoryPath(null))} />
    </section>
  );
}
