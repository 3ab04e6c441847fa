import { type FormEvent, useState } from 'react';
import { publicCall } from '../../api/publicCall';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { publicViewOpened, selectEndedNotice, signedIn } from '../session/sessionSlice';
import { AuthLayout } from './AuthLayout';
import { loginErrorMessage } from './loginErrorMessage';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // e.g. 'Your session has ended. Please sign in again.' after a password change elsewhere
  const endedNotice = useAppSelector(selectEndedNotice);

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
    dispatch(signedIn({ token: result.data.access_token, user: result.data.user }));
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
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <Message text={error} tone="error" />
        <Button type="submit" busy={isLoading} busyLabel="Signing In..." className="login__submit">
          Sign In
        </Button>
      </form>

      <a
        className="login__back"
        href="/"
        onClick={(event) => {
          event.preventDefault();
          dispatch(publicViewOpened('landing'));
        }}
      >
        ← Back to Home
      </a>
    </AuthLayout>
  );
}
