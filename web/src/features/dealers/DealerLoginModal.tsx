import type { Dealer, DealerLogin } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField, PasswordField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { type Section, SectionTabs } from '../../ui/SectionTabs';
import { useDateFormat } from '../company/useDateFormat';
import { EndUserSessionsButton } from '../profile/EndUserSessionsButton';
import { dealerName } from './dealerFilters';
import {
  useCreateDealerLoginMutation,
  useDeleteDealerLoginMutation,
  useGetDealerLoginQuery,
  useSendLoginInvitationMutation,
  useUpdateDealerLoginMutation,
} from './dealersApi';

/** The spec's pause before the modal closes once a login is created. */
const CREATED_CLOSE_MS = 1200;
const PASSWORDS_DIFFER = 'Error: Passwords do not match';

interface DealerLoginModalProps {
  dealer: Dealer;
  onClose: () => void;
}

/** Manage a dealer's login: show and update or delete it, or create one / send an invitation. */
export function DealerLoginModal({ dealer, onClose }: DealerLoginModalProps) {
  const { data: login, isLoading } = useGetDealerLoginQuery({ params: { dealer_id: dealer.dealer_id } });
  return (
    <Modal open title={`Dealer Login · ${dealerName(dealer)}`} onClose={onClose}>
      {isLoading ? (
        <p className="muted">Loading login information…</p>
      ) : login ? (
        <ExistingLogin dealer={dealer} login={login} />
      ) : (
        <NewLogin dealer={dealer} onCreated={() => setTimeout(onClose, CREATED_CLOSE_MS)} />
      )}
    </Modal>
  );
}

function ExistingLogin({ dealer, login }: { dealer: Dealer; login: DealerLogin }) {
  const dates = useDateFormat();
  const [email, setEmail] = useState(login.email);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [message, setMessage] = useState<string>();
  const [update, updating] = useUpdateDealerLoginMutation();
  const [remove, removing] = useDeleteDealerLoginMutation();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) return setMessage(PASSWORDS_DIFFER);
    try {
      await update({ params: { dealer_id: dealer.dealer_id }, body: { email, password } }).unwrap();
      setPassword('');
      setConfirmation('');
      setMessage('Login information updated successfully!');
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to save login information'));
    }
  }

  async function deleteLogin() {
    try {
      await remove({ params: { dealer_id: dealer.dealer_id } }).unwrap();
    } catch (error) {
      setConfirmingDelete(false);
      setMessage(failureMessage(error, 'Failed to delete login credentials'));
    }
  }

  return (
    <div className="login-info">
      <dl className="dealer-facts">
        <dt>Email</dt>
        <dd>{login.email}</dd>
        <dt>Last login</dt>
        <dd>{login.last_login ? dates.dateTime(login.last_login) : 'Never'}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge ${login.is_active ? 'badge--ok' : 'badge--off'}`}>
            {login.is_active ? 'ACTIVE' : 'INACTIVE'}
          </span>
        </dd>
      </dl>
      <form className="stack" onSubmit={save} noValidate>
        <h3 className="login-info__heading">Update login</h3>
        <InputField label="Login Email" type="email" required value={email} onChange={setEmail} />
        <PasswordField
          label="New Password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          hint="Leave blank to keep the current password."
        />
        <PasswordField
          label="Confirm New Password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        <Message text={message} />
        <div className="button-row">
          <Button type="submit" busy={updating.isLoading} busyLabel="Saving..." disabled={!email.trim()}>
            Update Login
          </Button>
          {confirmingDelete ? (
            <span className="confirm-inline">
              Delete these login credentials?
              <Button variant="danger" busy={removing.isLoading} busyLabel="Deleting..." onClick={deleteLogin}>
                Yes, Delete Login
              </Button>
              <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
                Keep
              </Button>
            </span>
          ) : (
            <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
              Delete Login
            </Button>
          )}
          <EndUserSessionsButton email={login.email} name={dealer.business_name ?? login.email} />
        </div>
      </form>
    </div>
  );
}

type NewLoginSection = 'invite' | 'create';

function NewLogin({ dealer, onCreated }: { dealer: Dealer; onCreated: () => void }) {
  const [active, setActive] = useState<NewLoginSection>('invite');
  const sections: readonly Section<NewLoginSection>[] = [
    { id: 'invite', label: 'Send Login Invitation', content: <InvitationForm dealer={dealer} /> },
    {
      id: 'create',
      label: 'Create Login Information',
      content: <CreateLoginForm dealer={dealer} onCreated={onCreated} />,
    },
  ];
  return (
    <>
      <p className="muted">This dealer has no login yet.</p>
      <SectionTabs label="New login" sections={sections} active={active} onChange={setActive} />
    </>
  );
}

function InvitationForm({ dealer }: { dealer: Dealer }) {
  const [email, setEmail] = useState(dealer.email);
  const [message, setMessage] = useState<string>();
  const [invite, { isLoading }] = useSendLoginInvitationMutation();

  async function send(event: FormEvent) {
    event.preventDefault();
    try {
      await invite({
        params: { dealer_id: dealer.dealer_id },
        body: { email, business_name: dealer.business_name ?? undefined, full_name: dealer.full_name ?? undefined },
      }).unwrap();
      setMessage('Login invitation sent successfully!');
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to send invitation'));
    }
  }

  return (
    <form className="stack" onSubmit={send} noValidate>
      <p className="muted">The dealer receives a link to choose a password and finish the account setup.</p>
      <InputField label="Invitation Email" type="email" required value={email} onChange={setEmail} />
      <Message text={message} />
      <Button type="submit" busy={isLoading} busyLabel="Sending..." disabled={!email.trim()}>
        Send Invitation
      </Button>
    </form>
  );
}

function CreateLoginForm({ dealer, onCreated }: { dealer: Dealer; onCreated: () => void }) {
  const [email, setEmail] = useState(dealer.email);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<string>();
  const [create, { isLoading }] = useCreateDealerLoginMutation();
  const mismatch = password !== '' && confirmation !== '' && password !== confirmation;
  const complete = email.trim() !== '' && password !== '' && confirmation !== '' && !mismatch;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) return setMessage(PASSWORDS_DIFFER);
    try {
      await create({
        params: { dealer_id: dealer.dealer_id },
        body: { email, password, full_name: dealer.full_name ?? undefined },
      }).unwrap();
      setMessage('Login credentials created successfully! Dealer can now log in.');
      onCreated();
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to create login'));
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <InputField label="Login Email" type="email" required value={email} onChange={setEmail} />
      <PasswordField label="Password" required value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField
        label="Confirm Password"
        required
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
      />
      <Message text={mismatch ? PASSWORDS_DIFFER : message} />
      <Button type="submit" busy={isLoading} busyLabel="Creating..." disabled={!complete}>
        Create Login
      </Button>
    </form>
  );
}
