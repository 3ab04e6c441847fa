import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { ShownDate } from '../company/useDateFormat';
import { SettingsCard, SettingsLoading } from '../settings/shared/SettingsCard';
import { useEndOtherSessionsMutation, useEndOwnSessionMutation, useGetOwnSessionsQuery } from './sessionsApi';
import './sessions.css';

/**
 * Profile's Sessions panel: where the user is signed in (this device marked), when each was last seen by the
 * portal's account service, and Sign out per session or everywhere else.
 */
export function SessionsPanel() {
  const sessions = useGetOwnSessionsQuery();
  const [endOne, { isLoading: endingOne }] = useEndOwnSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;

  async function signOut(id: string) {
    const result = await endOne({ params: { id } });
    setMessage(
      result.error
        ? { text: failureMessage(result.error, 'Could not sign out that session'), tone: 'error' }
        : { text: 'Signed out of that session', tone: 'success' },
    );
    sessions.refetch();
  }

  async function signOutElsewhere() {
    const result = await endOthers();
    setMessage(
      result.error
        ? { text: failureMessage(result.error, 'Could not sign out the other sessions'), tone: 'error' }
        : { text: result.data.message ?? 'Signed out everywhere else', tone: 'success' },
    );
    sessions.refetch();
  }

  return (
    <SettingsCard
      title="Sessions"
      description="Where you are signed in. Last seen is the last time that session signed in or used your account settings."
    >
      {sessions.isLoading ? (
        <SettingsLoading what="sessions" />
      ) : (
        <ul className="sessions-list" aria-label="Signed-in sessions">
          {list.map((session) => (
            <li key={session.id} className="sessions-list__item">
              <div>
                <div className="sessions-list__name">
                  <strong>{session.browser ?? 'Unknown browser'}</strong>
                  {session.current ? <span className="badge">This device</span> : null}
                </div>
                <div className="field__hint">
                  {session.ip_address ?? 'Unknown address'} · signed in <ShownDate iso={session.created_at} withTime />{' '}
                  · last seen <ShownDate iso={session.last_seen_at} withTime />
                </div>
              </div>
              {session.current ? null : (
                <Button
                  variant="secondary"
                  busy={endingOne}
                  aria-label={`Sign out ${session.browser ?? 'session'} at ${session.ip_address ?? 'unknown address'}`}
                  onClick={() => signOut(session.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Message text={message?.text} tone={message?.tone} />
      <div className="settings-actions">
        <Button variant="secondary" busy={endingOthers} disabled={others === 0} onClick={signOutElsewhere}>
          Sign out everywhere else
        </Button>
      </div>
    </SettingsCard>
  );
}
