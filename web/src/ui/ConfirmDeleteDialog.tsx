import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

interface ConfirmDeleteDialogProps<T extends { title: string }> {
  /** what is about to be deleted; null keeps the dialog closed */
  item: T | null;
  /** what it is, capitalised: the title reads "Delete {noun}" */
  noun: string;
  /** what deleting it does, after "Delete <title>?" */
  consequence: ReactNode;
  deleting: boolean;
  onConfirm: (item: T) => void;
  onCancel: () => void;
}

/** Asks before something with a title is deleted, saying what follows; the confirm button shows progress. */
export function ConfirmDeleteDialog<T extends { title: string }>({
  item,
  noun,
  consequence,
  deleting,
  onConfirm,
  onCancel,
}: ConfirmDeleteDialogProps<T>) {
  return (
    <Modal
      open={item !== null}
      title={`Delete ${noun}`}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" busy={deleting} busyLabel="Deleting..." onClick={() => item && onConfirm(item)}>
            Delete {noun}
          </Button>
        </>
      }
    >
      {item && (
        <p className="modal__text">
          Delete <strong>{item.title}</strong>? {consequence} This cannot be undone.
        </p>
      )}
    </Modal>
  );
}
