import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useEndUserSessionsMutation } from './sessionsApi';

interface EndUserSessionsButtonProps {
  /** the user's sign-in email */
  email: string;
  /** how the dialog names the user (their name, or the dealer's business) */
  name: string;
  className?: string;
}

/**
 * An admin's "End sessions" for another user (the staff list, a dealer's login): asks first, then signs the user
 * out everywhere; their tokens stop working within a second.
 */
export function EndUserSessionsButton({ email, name, className }: EndUserSessionsButtonProps) {
  const [open, setOpen] = useState(false);
  const [endSessions, result] = useEndUserSessionsMutation();
  const close = () => {
    setOpen(false);
    result.reset();
  };
  const done = result.isSuccess;

  return (
    <>
      <Button
        variant="secondary"
        className={className}
        aria-label={`End sessions of ${email}`}
        onClick={() => setOpen(true)}
      >
        End sessions
      </Button>
      <Modal
        open={open}
        title="End sessions"
        onClose={close}
        footer={
          done ? (
            <Button onClick={close}>Close</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close} disabled={result.isLoading}>
                Cancel
              </Button>
              <Button
                variant="danger"
                busy={result.isLoading}
                busyLabel="Ending..."
                onClick={() => endSessions({ params: { email } })}
              >
                End Sessions
              </Button>
            </>
          )
        }
      >
        {done ? (
          <Message text={`${result.data.message ?? 'Sessions ended'}. ${name} must sign in again.`} tone="success" />
        ) : (
          <>
            <p className="modal__text">
              Sign <strong>{name}</strong> ({email}) out everywhere? Every device they are signed in on must sign in
              again.
            </p>
            <Message
              text={result.error ? failureMessage(result.error, 'Could not end the sessions') : undefined}
              tone="error"
            />
          </>
        )}
      </Modal>
    </>
  );
}
