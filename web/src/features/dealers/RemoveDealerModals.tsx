import type { Dealer } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { dealerName } from './dealerFilters';
import { useArchiveDealerMutation, useDeleteDealerMutation } from './dealersApi';

interface RemoveProps {
  dealer: Dealer;
  onClose: () => void;
  /** the outcome to show on the list */
  onDone: (message: string) => void;
}

/** Archive (keeps history, restorable) or go on to permanent deletion. */
export function ArchiveOrDeleteModal({
  dealer,
  onClose,
  onDone,
  onChooseDelete,
}: RemoveProps & { onChooseDelete: () => void }) {
  const [archive, { isLoading }] = useArchiveDealerMutation();
  const [message, setMessage] = useState<string>();

  async function archiveDealer() {
    try {
      await archive({ params: { dealer_id: dealer.dealer_id } }).unwrap();
      onDone('Dealer archived successfully!');
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to archive dealer'));
    }
  }

  return (
    <Modal open title="Archive or Delete Dealer" onClose={onClose}>
      <p>
        What should happen to <strong>{dealerName(dealer)}</strong>?
      </p>
      <div className="choice-cards">
        <div className="choice-card">
          <h3>Archive</h3>
          <p>Hidden from active lists, the map, new orders and sign-in. History is kept and it can be restored.</p>
          <Button variant="secondary" busy={isLoading} busyLabel="Archiving..." onClick={archiveDealer}>
            Archive Dealer
          </Button>
        </div>
        <div className="choice-card choice-card--danger">
          <h3>Delete permanently</h3>
          <p>Removes the dealer for good. This cannot be undone.</p>
          <Button variant="danger" onClick={onChooseDelete}>
            Delete Permanently
          </Button>
        </div>
      </div>
      <Message text={message} />
    </Modal>
  );
}

/** The last step before a permanent deletion: shows who is deleted. */
export function ConfirmDeleteModal({ dealer, onClose, onDone }: RemoveProps) {
  const [remove, { isLoading }] = useDeleteDealerMutation();
  const [message, setMessage] = useState<string>();

  async function deleteDealer() {
    try {
      await remove({ params: { dealer_id: dealer.dealer_id } }).unwrap();
      onDone('Dealer deleted successfully!');
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to delete dealer'));
    }
  }

  return (
    <Modal
      open
      title="Confirm Permanent Deletion"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={isLoading} busyLabel="Deleting..." onClick={deleteDealer}>
            Delete Permanently
          </Button>
        </>
      }
    >
      <p>This dealer and its data will be deleted permanently:</p>
      <dl className="dealer-facts">
        <dt>Business name</dt>
        <dd>{dealer.business_name || '—'}</dd>
        <dt>Email</dt>
        <dd>{dealer.email}</dd>
        <dt>City</dt>
        <dd>{dealer.city || '—'}</dd>
        <dt>State</dt>
        <dd>{dealer.state || '—'}</dd>
      </dl>
      <Message text={message} />
    </Modal>
  );
}
