import type { LoginMfaChallenge } from '@portal/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { publicCall } from '../../api/publicCall';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Link } from '../../app/navigation/Link';
import { warmFirstScreen, warmSignedInShell } from '../../app/warmUp';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { selectEndedNotice, signedIn } from '../session/sessionSlice';
import { AuthLayout } from './AuthLayout';
import { loginErrorMessage } from './loginErrorMessage';
import { type MfaSignedIn, SecondFactorStep } from './SecondFactorStep';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // the password was right and a second factor is needed (staff with two-factor sign-in)
  const [challenge, setChallenge] = useState<LoginMfaChallenge | null>(null);
  // e.g. 'Your session has ended. Please sign in again.' after a password change elsewhere
  const endedNotice = useAppSelector(selectEndedNotice);
  useEffect(warmSignedInShell, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setLoading(true);
    const result = await publicCall('auth.login', { body: { email, password } });
    setLoading(false);
    if (result.error) {
      setError(loginErrorMessage(result.error));
      return;
    }
    if ('mfa_required' in result.data) {
      // a staff user with two-factor sign-in: no token yet, the code step follows
      setChallenge(result.data);
      setPassword('');
      return;
    }
    finishSignIn(result.data);
  }

  function finishSignIn(data: Pick<MfaSignedIn, 'access_token' | 'user'>) {
    // the app then opens the `next` address of this page, or the role's dashboard
    dispatch(signedIn({ token: data.access_token, user: data.user }));
    warmFirstScreen(data.user);
  }

  if (challenge) {
    return (
      <AuthLayout title={challenge.mfa_enrollment_required ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}>
        <SecondFactorStep challenge={challenge} onSignedIn={finishSignIn} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in to the dealer portal">
      <p className="login__intro">Dealers, administrators and delivery staff sign in with their email address.</p>

      <form className="login__form" onSubmit={onSubmit}>
        {endedNotice && !error && <Message text={endedNotice} tone="error" />}
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <Message text={error} tone="error" />
        <Button type="submit" busy={isLoading} busyLabel="Signing In..." className="login__submit">
          Sign In
        </Button>
      </form>

      <Link className="login__back" to="/">
        ← Back to Home
      </Link>
    </AuthLayout>
  );
}
