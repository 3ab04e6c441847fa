import { type FormEvent, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { InputField, PasswordField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { selectToken, selectUser, signedIn } from '../session/sessionSlice';
import { CheckField } from '../settings/shared/CheckField';
import { SettingsCard } from '../settings/shared/SettingsCard';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { useUpdateProfileMutation } from './profileApi';
import { type ProfileForm, profileChange, profileFailureText, profileProblem } from './profileForm';
import { SessionsPanel } from './SessionsPanel';
import { TwoFactorPanel } from './TwoFactorPanel';

const NO_PASSWORDS = { current_password: '', new_password: '', confirm_password: '' };

/** Profile Settings for every role: name, email, and a password change that needs the current password. */
export function ProfileSettings() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const [values, setValues] = useState<ProfileForm>({
    full_name: user?.full_name ?? '',
    email: user?.email ?? '',
    ...NO_PASSWORDS,
  });
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [endOtherSessions, setEndOtherSessions] = useState(true);
  const [notice, showNotice] = useTimedNotice();
  // Update was pressed: from then on the first problem shows beside its field, and goes as soon as it is fixed
  const [tried, setTried] = useState(false);
  const problem = tried ? profileProblem(values) : null;
  const field = (name: keyof ProfileForm) => ({
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: problem?.field === name ? problem.text : undefined,
  });
  // a problem of no one field is said under the form
  const formLevel = problem && problem.field === null ? problem : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (profileProblem(values)) return;
    const result = await update({
      body: profileChange(values, { signedInEmail: user?.email, endOtherSessions }),
    });
    if (result.error) return showNotice({ text: profileFailureText(result.error), tone: 'error' });
    // the stored user (header, reloads) takes the new name and email; after a password change every earlier
    // token has ended, this one too, and the reply carries the token of this browser's new session
    if (token) dispatch(signedIn({ token: result.data.access_token ?? token, user: result.data.user }));
    setValues({ full_name: result.data.user.full_name, email: result.data.user.email, ...NO_PASSWORDS });
    setTried(false);
    // a new email is only pending: the answer says where its confirmation link went
    showNotice({ text: result.data.message ?? 'Profile updated successfully!' });
  }

  return (
    <div className="settings-stack">
      <SettingsCard
        title="Profile Settings"
        description="Your name and the email you sign in with. To change your password or email, enter the current password first; a new email is confirmed by a link mailed to it."
      >
        <form className="settings-form" onSubmit={onSubmit} noValidate>
          <div className="settings-grid">
            <InputField label="Full Name" required autoComplete="name" {...field('full_name')} />
            <InputField label="Email" type="email" required autoComplete="email" {...field('email')} />
          </div>
          <fieldset className="settings-fieldset">
            <legend>Change password</legend>
            <p className="field__hint">At least 8 characters. Leave the new password blank to keep yours.</p>
            <div className="settings-grid settings-grid--narrow">
              <PasswordField label="Current Password" autoComplete="current-password" {...field('current_password')} />
              <PasswordField label="New Password" autoComplete="new-password" {...field('new_password')} />
              <PasswordField label="Confirm New Password" autoComplete="new-password" {...field('confirm_password')} />
            </div>
            <CheckField
              label="Sign out of my other sessions"
              checked={endOtherSessions}
              onChange={setEndOtherSessions}
            />
          </fieldset>
          <Message text={(notice ?? formLevel)?.text} tone={(notice ?? formLevel)?.tone} />
          <div className="settings-actions">
            <Button type="submit" busy={isLoading} busyLabel="Updating...">
              Update Profile
            </Button>
          </div>
        </form>
      </SettingsCard>
      <SessionsPanel />
      <TwoFactorPanel />
    </div>
  );
}
