import type { LoginMfaChallenge } from '@portal/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import type { ResponseOf } from '../../api/contractTypes';
import { publicCall } from '../../api/publicCall';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { RecoveryCodesView } from '../two-factor/RecoveryCodesView';
import { TotpSecretView } from '../two-factor/TotpSecretView';
import { loginErrorMessage } from './loginErrorMessage';

export type MfaSignedIn = ResponseOf<'auth.loginMfa'>;

interface SecondFactorStepProps {
  challenge: LoginMfaChallenge;
  onSignedIn: (signedIn: MfaSignedIn) => void;
  /** back to the password step (an expired or used-up mfa_token) */
  onRestart: () => void;
}

type Setup = { secret: string; otpauth_url: string };

/**
 * The second step of a staff sign-in: a code from the authenticator app or a recovery code; or, when the company
 * requires two-factor sign-in of admins and this admin has none yet, its enrolment (QR code, setup key, first
 * code), after which the recovery codes are shown once before the portal opens.
 */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const enrolling = challenge.mfa_enrollment_required;
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [enrolled, setEnrolled] = useState<MfaSignedIn | null>(null);

  useEffect(() => {
    if (!enrolling) return;
    publicCall('auth.loginMfaSetup', { body: { mfa_token: challenge.mfa_token } }).then((result) => {
      if (result.error) setError(loginErrorMessage(result.error));
      else setSetup(result.data);
    });
  }, [enrolling, challenge.mfa_token]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setError(
        useRecovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.',
      );
      return;
    }
    setError(null);
    setBusy(true);
    const result = await publicCall('auth.loginMfa', { body: { mfa_token: challenge.mfa_token, code } });
    setBusy(false);
    if (result.error) {
      setError(loginErrorMessage(result.error));
      setCode('');
      return;
    }
    if (result.data.recovery_codes) setEnrolled(result.data);
    else onSignedIn(result.data);
  }

  if (enrolled?.recovery_codes) {
    return (
      <RecoveryCodesView
        codes={enrolled.recovery_codes}
        onDone={() => onSignedIn(enrolled)}
        doneLabel="I have saved them, continue"
      />
    );
  }

  const label = useRecovery ? 'Recovery code' : 'Enter the 6-digit code from your authenticator app';
  return (
    <form className="login__form" onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      {enrolling ? (
        <>
          <p className="login__step-intro">
            Your company requires two-factor sign-in for administrators. Set it up now to finish signing in.
          </p>
          {setup ? (
            <TotpSecretView secret={setup.secret} otpauthUrl={setup.otpauth_url} />
          ) : (
            !error && <p role="status">Preparing your setup key…</p>
          )}
        </>
      ) : (
        <p className="login__step-intro">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
            : 'Open your authenticator app to see your current code.'}
        </p>
      )}
      <InputField
        key={useRecovery ? 'recovery' : 'totp'}
        label={label}
        name="code"
        value={code}
        onChange={setCode}
        autoFocus
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={useRecovery ? 64 : 7}
        className="login__code"
      />
      <Message text={error} tone="error" />
      <Button type="submit" busy={busy} busyLabel="Verifying..." className="login__submit">
        {enrolling ? 'Turn on and sign in' : 'Verify and sign in'}
      </Button>
      <div className="login__step-links">
        {!enrolling && (
          <Button
            variant="ghost"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
              setError(null);
            }}
          >
            {useRecovery ? 'Use the code from your authenticator app' : 'Use a recovery code'}
          </Button>
        )}
        <Button variant="ghost" onClick={onRestart}>
          Start again
        </Button>
      </div>
    </form>
  );
}
