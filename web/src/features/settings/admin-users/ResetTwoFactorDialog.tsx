import type { AdminUser } from '@portal/contracts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

interface ResetTwoFactorDialogProps {
  user: AdminUser | null;
  resetting: boolean;
  onConfirm: (user: AdminUser) => void;
  onCancel: () => void;
}

/** Asks before another user's two-factor sign-in is turned off (a lost phone): they are signed out too. */
export function ResetTwoFactorDialog({ user, resetting, onConfirm, onCancel }: ResetTwoFactorDialogProps) {
  return (
    <Modal
      open={user !== null}
      title="Reset two-factor sign-in"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={resetting}>
            Cancel
          </Button>
          <Button variant="danger" busy={resetting} busyLabel="Resetting..." onClick={() => user && onConfirm(user)}>
            Reset two-factor
          </Button>
        </>
      }
    >
      {user && (
        <p className="modal__text">
          Turn off two-factor sign-in of <strong>{user.full_name}</strong> ({user.email})? They are signed out
          everywhere and sign in with their password alone until they turn it on again.
        </p>
      )}
    </Modal>
  );
}
