import { type endpoints, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, type ResponseOf } from '@portal/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { errorDetail } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField, PasswordField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { useCompleteSignupMutation } from './signupApi';

/** The spec's pause before the site root opens after a successful signup. */
const REDIRECT_MS = 3000;

interface SignupFormProps {
  token: string;
  invitation: ResponseOf<(typeof endpoints)['dealer.verifyInvitation']>;
}

/** Full name, phone, password and confirmation; on success the site root opens after 3 s. */
export function SignupForm({ token, invitation }: SignupFormProps) {
  const [fullName, setFullName] = useState(invitation.dealer_info.full_name ?? '');
  const [phone, setPhone] = useState(invitation.dealer_info.phone ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<string>();
  const [complete, { isLoading, isSuccess }] = useCompleteSignupMutation();

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => window.location.assign('/'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isSuccess]);

  // Create Account was pressed: from then on the first problem shows beside its field, and goes once it is fixed
  const [tried, setTried] = useState(false);
  const problem = tried ? signupProblem(fullName, password, confirmation) : null;
  const errorOf = (field: SignupProblem['field']) => (problem?.field === field ? problem.message : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(undefined);
    if (signupProblem(fullName, password, confirmation)) return;
    try {
      const done = await complete({ body: { token, password, full_name: fullName, phone } }).unwrap();
      setMessage(done.message ?? 'Account created successfully! Redirecting to login...');
    } catch (error) {
      const detail = errorDetail(error as Parameters<typeof errorDetail>[0]);
      setMessage(detail ? (/error/i.test(detail) ? detail : `Error: ${detail}`) : 'Failed to create account');
    }
  }

  const business = invitation.dealer_info.business_name;
  return (
    <form className="login__form" onSubmit={submit} noValidate>
      <p className="login__intro">
        {business ? (
          <>
            Welcome, <strong>{business}</strong>. Set up the login for <strong>{invitation.email}</strong>.
          </>
        ) : (
          <>
            Set up the login for <strong>{invitation.email}</strong>.
          </>
        )}
      </p>
      <InputField
        label="Full Name"
        required
        autoComplete="name"
        value={fullName}
        onChange={setFullName}
        error={errorOf('fullName')}
      />
      <InputField label="Phone" type="tel" autoComplete="tel" value={phone} onChange={setPhone} />
      <PasswordField
        label="Password"
        required
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errorOf('password')}
      />
      <PasswordField
        label="Confirm Password"
        required
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
        error={errorOf('confirmation')}
      />
      <Message text={message} tone={message === 'Failed to create account' ? 'error' : undefined} />
      <Button type="submit" busy={isLoading} busyLabel="Creating Account..." disabled={isSuccess}>
        Create Account
      </Button>
    </form>
  );
}

interface SignupProblem {
  field: 'fullName' | 'password' | 'confirmation';
  message: string;
}

/** The first thing to fix before the account can be created (the spec's order and words), and its field. */
function signupProblem(fullName: string, password: string, confirmation: string): SignupProblem | null {
  if (password !== confirmation) return { field: 'confirmation', message: 'Error: Passwords do not match' };
  if (password.length < MIN_PASSWORD_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT };
  if (!fullName.trim()) return { field: 'fullName', message: 'Error: Full name is required' };
  return null;
}
