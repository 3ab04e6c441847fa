import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import type { CreatedUser } from './CreateAdminUserForm';

/** Shows a new user's temporary password, once: it cannot be read again after this dialog closes. */
export function TemporaryPasswordDialog({ user, onClose }: { user: CreatedUser | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const fieldId = useId();
  const close = () => {
    setCopied(false);
    onClose();
  };

  async function copy() {
    if (!user) return;
    await navigator.clipboard.writeText(user.temporary_password);
    setCopied(true);
  }

  return (
    <Modal
      open={user !== null}
      title="Temporary password"
      onClose={close}
      footer={
        <Button variant="primary" onClick={close}>
          Done
        </Button>
      }
    >
      {user && (
        <div className="temporary-password">
          <p>
            Share this password with <strong>{user.full_name}</strong> ({user.email}). It is shown only this once; they
            can change it in Profile Settings after signing in.
          </p>
          <div className="temporary-password__row">
            <label className="visually-hidden" htmlFor={fieldId}>
              Temporary password
            </label>
            <input
              id={fieldId}
              className="temporary-password__value"
              readOnly
              value={user.temporary_password}
              onFocus={(event) => event.target.select()}
            />
            <Button variant="secondary" className="button--small" onClick={copy}>
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
