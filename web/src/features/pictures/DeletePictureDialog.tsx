import type { Picture } from '@portal/contracts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

interface DeletePictureDialogProps {
  picture: Picture | null;
  deleting: boolean;
  onConfirm: (picture: Picture) => void;
  onCancel: () => void;
}

/** Asks before a picture is deleted: the file leaves storage and dealers can no longer download it. */
export function DeletePictureDialog({ picture, deleting, onConfirm, onCancel }: DeletePictureDialogProps) {
  return (
    <Modal
      open={picture !== null}
      title="Delete Picture"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={deleting}
            busyLabel="Deleting..."
            onClick={() => picture && onConfirm(picture)}
          >
            Delete Picture
          </Button>
        </>
      }
    >
      {picture && (
        <p className="modal__text">
          Delete <strong>{picture.title}</strong>? The file is removed and dealers can no longer download it. This
          cannot be undone.
        </p>
      )}
    </Modal>
  );
}
