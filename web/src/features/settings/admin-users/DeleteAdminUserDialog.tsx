import type { AdminUser } from '@portal/contracts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

interface DeleteAdminUserDialogProps {
  user: AdminUser | null;
  deleting: boolean;
  onConfirm: (user: AdminUser) => void;
  onCancel: () => void;
}

/** Asks before a user is deleted: the account and its sign-in are gone for good. */
export function DeleteAdminUserDialog({ user, deleting, onConfirm, onCancel }: DeleteAdminUserDialogProps) {
  return (
    <Modal
      open={user !== null}
      title="Delete user"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" busy={deleting} busyLabel="Deleting..." onClick={() => user && onConfirm(user)}>
            Delete User
          </Button>
        </>
      }
    >
      {user && (
        <p className="modal__text">
          Delete <strong>{user.full_name}</strong> ({user.email})? They will no longer be able to sign in. This cannot
          be undone.
        </p>
      )}
    </Modal>
  );
}
