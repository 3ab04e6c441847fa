import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { bulkDeleteQuestion } from './bulkSelection';

interface BulkDeleteModalProps {
  /** the names of the selected dealers, in the list's order */
  names: readonly string[];
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Delete Selected asks first, naming how many dealers and which ("Delete 3 dealers: A, B, C?"). */
export function BulkDeleteModal({ names, deleting, onConfirm, onClose }: BulkDeleteModalProps) {
  return (
    <Modal
      open
      title="Delete Selected Dealers"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" busy={deleting} busyLabel="Deleting..." onClick={onConfirm}>
            Delete Dealers
          </Button>
        </>
      }
    >
      <p className="modal__text" data-testid="bulk-delete-question">
        {bulkDeleteQuestion(names)}
      </p>
      <p className="modal__text">They are deleted permanently. This cannot be undone.</p>
    </Modal>
  );
}
