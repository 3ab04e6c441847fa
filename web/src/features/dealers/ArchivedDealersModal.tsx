import type { Dealer } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { formatDate } from '../../format/date';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { dealerName } from './dealerFilters';
import { useGetArchivedDealersQuery, useRestoreDealerMutation } from './dealersApi';

interface ArchivedDealersModalProps {
  onClose: () => void;
  onViewDetails: (dealer: Dealer) => void;
  onDelete: (dealer: Dealer) => void;
}

/** Archived dealers as cards: Restore, View Details, Delete. */
export function ArchivedDealersModal({ onClose, onViewDetails, onDelete }: ArchivedDealersModalProps) {
  const { data: dealers = [], isLoading, error } = useGetArchivedDealersQuery();
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
    <Modal open title={`Archived Dealers (${dealers.length})`} onClose={onClose}>
      <Message text={message ?? (error ? failureMessage(error, 'Failed to load archived dealers') : undefined)} />
      {isLoading && <p className="muted">Loading archived dealers…</p>}
      {!isLoading && dealers.length === 0 && <p className="muted">No archived dealers.</p>}
      <ul className="archived-list">
        {dealers.map((dealer) => (
          <li key={dealer.dealer_id} className="archived-card">
            <div>
              <strong>{dealerName(dealer)}</strong>
              <span className="muted">
                {[dealer.city, dealer.state].filter(Boolean).join(', ')} · {dealer.email}
              </span>
              {dealer.archived_at && <span className="muted">Archived {formatDate(dealer.archived_at)}</span>}
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
    </Modal>
  );
}
