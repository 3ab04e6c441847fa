import type { Dealer } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Message } from '../../ui/Message';
import { DealerTable } from '../dealers/DealerTable';
import { DealerToolbar } from '../dealers/DealerToolbar';
import { NO_FILTERS } from '../dealers/dealerFilters';
import { useGetDealersQuery } from '../dealers/dealersApi';
import { useDealerList } from '../dealers/useDealerList';
import { DealerInfoModal } from './DealerInfoModal';
import '../dealers/dealers.css';
import './directory.css';

const EMPTY: never[] = [];

/**
 * Delivery's Dealers tab: the dealer list, searchable and sortable, without any way to change it; a row opens the
 * dealer's contact details and address (read-only).
 */
export function DealerDirectory() {
  const { data, error } = useGetDealersQuery();
  const dealers = data?.dealers ?? EMPTY;
  // the zone list of the system configuration is admin-only: offer the zones the dealers are in
  const zones = useMemo(
    () => [...new Set(dealers.flatMap((dealer) => (dealer.zone ? [dealer.zone] : [])))].sort(),
    [dealers],
  );
  const list = useDealerList(dealers, NO_FILTERS);
  const [opened, setOpened] = useState<Dealer | null>(null);
  return (
    <section className="dealers-panel" aria-labelledby="dealer-directory-title">
      <header className="dealers-panel__header">
        <h2 id="dealer-directory-title">Dealer Directory ({dealers.length})</h2>
      </header>
      <p className="portal-notice" role="note">
        View-only access: You can view dealer information but cannot make changes.
      </p>
      {error && <Message text={failureMessage(error, 'Failed to load dealers')} />}
      <DealerToolbar
        filters={list.filters}
        onChange={list.setFilters}
        states={data?.availableStates ?? []}
        zones={zones}
      />
      <DealerTable dealers={list.shown} sort={list.sort} onSort={list.sortBy} onOpen={setOpened} />
      <DealerInfoModal dealer={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
