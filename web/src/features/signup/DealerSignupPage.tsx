import { skipToken } from '@reduxjs/toolkit/query/react';
import { useQueryParam } from '../../app/navigation/history';
import { Message } from '../../ui/Message';
import { AuthLayout } from '../login/AuthLayout';
import { SignupForm } from './SignupForm';
import { useVerifyInvitationQuery } from './signupApi';

/** Where an invitation link lands: verify the token, then the account setup form. */
export function DealerSignupPage() {
  // the spec's invitation link: ?action=dealer-signup&token=…
  const [token] = useQueryParam('token');
  const invitation = useVerifyInvitationQuery(token ? { query: { token } } : skipToken);

  return (
    <AuthLayout title="Dealer account setup">
      {!token ? (
        <Message text="Error: Invalid invitation link. Please contact support." />
      ) : invitation.isLoading ? (
        <p className="login__intro">Verifying your invitation…</p>
      ) : invitation.data ? (
        <SignupForm token={token} invitation={invitation.data} />
      ) : (
        <Message
          text={
            invitation.error && 'status' in invitation.error && typeof invitation.error.status === 'number'
              ? 'Error: Invalid or expired invitation'
              : 'Unable to verify invitation'
          }
          tone="error"
        />
      )}
      {/* a real navigation: it drops the invitation from the address, so a reload shows landing */}
      <a className="login__back" href="/">
        ← Back to Home
      </a>
    </AuthLayout>
  );
}
