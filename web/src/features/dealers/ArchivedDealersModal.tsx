import type { Dealer } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { usePagedRows } from '../../api/usePagedRows';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useDebounced } from '../../ui/useDebounced';
import { useDateFormat } from '../company/useDateFormat';
import { dealerName } from './dealerFilters';
import { useGetArchivedDealerPagesInfiniteQuery } from './dealerPagesApi';
import { useRestoreDealerMutation } from './dealersApi';

interface ArchivedDealersModalProps {
  onClose: () => void;
  onViewDetails: (dealer: Dealer) => void;
  onDelete: (dealer: Dealer) => void;
}

const dealersOf = (page: { dealers: Dealer[] }) => page.dealers;

/**
 * Archived dealers as cards, newest archive first, 50 at a time (Load more), searched on the server: Restore,
 * View Details, Delete.
 */
export function ArchivedDealersModal({ onClose, onViewDetails, onDelete }: ArchivedDealersModalProps) {
  const dates = useDateFormat();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const result = useGetArchivedDealerPagesInfiniteQuery({ query: { q } });
  const { rows: dealers, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, dealersOf);
  const [restore] = useRestoreDealerMutation();
  const [message, setMessage] = useState<string>();

  async function restoreDealer(dealer: Dealer) {
    try {
      await restore({ params: { dealer_id: dealer.dealer_id } }).unwrap();
      setMessage('Dealer restored successfully!');
    } catch (failure) {
      setMessage(failureMessage(failure, 'Failed to restore dealer'));
    }
  }

  return (
    <Modal open title={`Archived Dealers${total === undefined ? '' : ` (${total})`}`} onClose={onClose}>
      <Message text={message ?? (error ? failureMessage(error, 'Failed to load archived dealers') : undefined)} />
      <InputField
        label="Search archived dealers"
        type="search"
        value={search}
        onChange={setSearch}
        placeholder="Business or contact name, email, city, state or phone"
      />
      {loading && (
        <p className="muted" role="status">
          Loading archived dealers…
        </p>
      )}
      {!loading && !error && dealers.length === 0 && (
        <p className="muted">{q ? 'No archived dealers match your search.' : 'No archived dealers.'}</p>
      )}
      <ul className="archived-list">
        {dealers.map((dealer) => (
          <li key={dealer.dealer_id} className="archived-card">
            <div>
              <strong>{dealerName(dealer)}</strong>
              <span className="muted">
                {[dealer.city, dealer.state].filter(Boolean).join(', ')} · {dealer.email}
              </span>
              {dealer.archived_at && <span className="muted">Archived {dates.date(dealer.archived_at)}</span>}
            </div>
            <div className="archived-card__actions">
              <Button onClick={() => restoreDealer(dealer)}>Restore</Button>
              <Button variant="secondary" onClick={() => onViewDetails(dealer)}>
                View Details
              </Button>
              <Button variant="danger" onClick={() => onDelete(dealer)}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore
        shown={dealers.length}
        total={total}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        noun="archived dealers"
      />
    </Modal>
  );
}
