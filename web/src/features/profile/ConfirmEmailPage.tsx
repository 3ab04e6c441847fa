import { failureMessage } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { AuthLayout } from '../login/AuthLayout';
import { useConfirmEmailChangeMutation } from './profileApi';

/**
 * Where the link mailed to a new sign-in email lands. The change is made by a button, not on opening: mail
 * scanners that open links must not use up the single-use token.
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  const [confirm, result] = useConfirmEmailChangeMutation();

  return (
    <AuthLayout title="Confirm your new email">
      {!token ? (
        <Message text="Error: This confirmation link is incomplete. Open the link from the email again." tone="error" />
      ) : result.isSuccess ? (
        <Message
          text={`${result.data.message ?? 'Your sign-in email has changed.'} Use it the next time you sign in.`}
          tone="success"
        />
      ) : (
        <>
          <p className="login__intro">
            Confirm that you want to sign in to the portal with this email address from now on.
          </p>
          <Message
            text={result.error ? failureMessage(result.error, 'Could not confirm the email') : undefined}
            tone="error"
          />
          <Button
            type="button"
            busy={result.isLoading}
            busyLabel="Confirming..."
            onClick={() => confirm({ body: { token } })}
          >
            Confirm my new email
          </Button>
        </>
      )}
      <a className="login__back" href="/">
        ← Back to Home
      </a>
    </AuthLayout>
  );
}
