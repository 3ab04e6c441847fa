import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { InputField, PasswordField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { selectUser } from '../session/sessionSlice';
import { SettingsCard, SettingsLoading } from '../settings/shared/SettingsCard';
import { RecoveryCodesView } from '../two-factor/RecoveryCodesView';
import { TotpSecretView } from '../two-factor/TotpSecretView';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetTwoFactorStatusQuery,
  useSetUpTwoFactorMutation,
} from '../two-factor/twoFactorApi';

type Stage =
  | { kind: 'idle' }
  | { kind: 'confirming'; secret: string; otpauthUrl: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turning-off' };

/**
 * Profile's Two-factor sign-in panel (admins and delivery users): its status; Turn on shows a QR code and the
 * setup key, a first code confirms it and the recovery codes are shown once; Turn off needs the current password.
 */
export function TwoFactorPanel() {
  const user = useAppSelector(selectUser);
  const staff = user?.role === 'admin' || user?.role === 'delivery';
  const status = useGetTwoFactorStatusQuery(undefined, { skip: !staff });
  const [setUp, { isLoading: settingUp }] = useSetUpTwoFactorMutation();
  const [enable, { isLoading: enabling }] = useEnableTwoFactorMutation();
  const [disable, { isLoading: disabling }] = useDisableTwoFactorMutation();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  if (!staff) return null;

  async function turnOn() {
    setMessage(null);
    const result = await setUp(undefined);
    if (result.error)
      return setMessage({ text: failureMessage(result.error, 'Could not start the set-up'), tone: 'error' });
    setCode('');
    setStage({ kind: 'confirming', secret: result.data.secret, otpauthUrl: result.data.otpauth_url });
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return setMessage({ text: 'Enter the 6-digit code from your authenticator app.', tone: 'error' });
    const result = await enable({ body: { code } });
    if (result.error)
      return setMessage({ text: failureMessage(result.error, 'The code was not accepted'), tone: 'error' });
    setMessage(null);
    setStage({ kind: 'codes', codes: result.data.recovery_codes });
  }

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setMessage({ text: 'Enter your current password.', tone: 'error' });
    const result = await disable({ body: { current_password: password } });
    setPassword('');
    if (result.error) return setMessage({ text: failureMessage(result.error, 'Could not turn it off'), tone: 'error' });
    setStage({ kind: 'idle' });
    setMessage({ text: 'Two-factor sign-in is off.', tone: 'success' });
  }

  const enabled = status.data?.enabled ?? false;
  const cancel = () => {
    setStage({ kind: 'idle' });
    setMessage(null);
  };

  return (
    <SettingsCard
      title="Two-factor sign-in"
      description="After your password, sign-in asks for a code from an authenticator app on your phone."
      aside={status.data && <span className={`badge${enabled ? ' badge--ok' : ''}`}>{enabled ? 'On' : 'Off'}</span>}
    >
      <div className="settings-form">
        {status.isLoading && <SettingsLoading what="two-factor sign-in" />}
        {stage.kind === 'idle' && status.data && (
          <>
            <p className="field__hint">
              {enabled
                ? 'Two-factor sign-in is on for your account.'
                : 'Two-factor sign-in is off: your password alone signs you in.'}
              {status.data.required && ' Your company requires it for administrators.'}
            </p>
            <div className="settings-actions">
              {enabled ? (
                !status.data.required && (
                  <Button variant="secondary" onClick={() => setStage({ kind: 'turning-off' })}>
                    Turn off
                  </Button>
                )
              ) : (
                <Button busy={settingUp} busyLabel="Preparing..." onClick={turnOn}>
                  Turn on
                </Button>
              )}
            </div>
          </>
        )}
        {stage.kind === 'confirming' && (
          <form onSubmit={confirm} noValidate className="settings-form" aria-label="Confirm two-factor sign-in">
            <TotpSecretView secret={stage.secret} otpauthUrl={stage.otpauthUrl} />
            <InputField
              label="Enter the 6-digit code from your authenticator app"
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              className="two-factor-code"
            />
            <div className="settings-actions">
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit" busy={enabling} busyLabel="Confirming...">
                Confirm and turn on
              </Button>
            </div>
          </form>
        )}
        {stage.kind === 'codes' && <RecoveryCodesView codes={stage.codes} onDone={() => setStage({ kind: 'idle' })} />}
        {stage.kind === 'turning-off' && (
          <form onSubmit={turnOff} noValidate className="settings-form" aria-label="Turn off two-factor sign-in">
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <div className="settings-actions">
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" busy={disabling} busyLabel="Turning off...">
                Turn off two-factor sign-in
              </Button>
            </div>
          </form>
        )}
        <Message text={message?.text} tone={message?.tone} />
      </div>
    </SettingsCard>
  );
}
