import type { Dealer } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Link } from '../../app/navigation/Link';
import { formatRoute } from '../../app/navigation/routes';
import { countOf } from '../../format/count';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import {
  PENDING_APPLICATIONS_ARG,
  PENDING_APPLICATIONS_REFRESH,
  useGetPendingApplicationsQuery,
  useProcessApplicationMutation,
} from './pendingApplicationsApi';

/** The panel's anchor: the pending-approvals alert links here. */
export const PENDING_APPLICATIONS_ID = 'pending-applications';

type Decision = 'approve' | 'reject';

/** An applicant as the panel names it: the business, else the person. */
export function applicantName(dealer: Pick<Dealer, 'business_name' | 'full_name' | 'email'>): string {
  return dealer.business_name || dealer.full_name || dealer.email || 'Applicant';
}

/** "Missoula, MT", or what there is of it. */
function applicantPlace(dealer: Pick<Dealer, 'city' | 'state'>): string {
  return [dealer.city, dealer.state].filter(Boolean).join(', ');
}

const DECISION_TEXT: Record<Decision, { title: string; confirm: string; busy: string; consequence: string }> = {
  approve: {
    title: 'Approve application',
    confirm: 'Approve',
    busy: 'Approving...',
    consequence: 'becomes an active dealer and receives an email invitation to set up a login.',
  },
  reject: {
    title: 'Reject application',
    confirm: 'Reject',
    busy: 'Rejecting...',
    consequence: 'is archived and the applicant is told by email that the application was not accepted.',
  },
};

/**
 * Admin dashboard: the dealers who applied (000 §1, §4), oldest first, with Approve and Reject. Either asks first,
 * with optional notes for the dealer's notes; the message of an application is its first note, on the dealer's
 * detail.
 */
export function PendingApplicationsPanel() {
  const { data, error, isLoading } = useGetPendingApplicationsQuery(
    PENDING_APPLICATIONS_ARG,
    PENDING_APPLICATIONS_REFRESH,
  );
  const [process, processing] = useProcessApplicationMutation();
  const [deciding, setDeciding] = useState<{ dealer: Dealer; decision: Decision } | null>(null);
  const [notes, setNotes] = useState('');
  const [notice, setNotice] = useState<string>();
  const dates = useDateFormat();
  const dealers = data?.dealers ?? [];
  const total = data?.total;

  function ask(dealer: Dealer, decision: Decision) {
    setNotes('');
    setNotice(undefined);
    setDeciding({ dealer, decision });
  }

  async function decide() {
    if (!deciding) return;
    const { dealer, decision } = deciding;
    const name = applicantName(dealer);
    const result = await process({ body: { dealer_id: dealer.dealer_id, action: decision, notes } });
    setDeciding(null);
    if (result.error) {
      setNotice(failureMessage(result.error, `Failed to ${decision} ${name}`));
    } else {
      setNotice(
        decision === 'approve'
          ? `${name} approved. An invitation to set up a login was emailed to ${dealer.email ?? 'the applicant'}.`
          : `${name} rejected. The applicant was told by email.`,
      );
    }
  }

  const text = deciding ? DECISION_TEXT[deciding.decision] : null;
  return (
    <section
      id={PENDING_APPLICATIONS_ID}
      className="pending-applications"
      aria-labelledby="pending-applications-title"
      tabIndex={-1}
    >
      <h2 id="pending-applications-title">Pending Applications{total === undefined ? '' : ` (${total})`}</h2>
      <Message text={notice} />
      {error ? (
        <Message text={failureMessage(error, 'Error loading pending applications')} />
      ) : isLoading ? (
        <p className="muted" role="status">
          Loading applications…
        </p>
      ) : dealers.length === 0 ? (
        <p className="muted pending-applications__empty">No pending applications</p>
      ) : (
        <>
          <ul className="pending-applications__list">
            {dealers.map((dealer) => {
              const name = applicantName(dealer);
              return (
                <li key={dealer.dealer_id} className="applicant-card">
                  <div className="applicant-card__text">
                    <p className="applicant-card__name">
                      <Link to={formatRoute({ role: 'admin', tab: 'dealers', dealerId: dealer.dealer_id })}>
                        {name}
                      </Link>
                      {dealer.business_name && dealer.full_name && <span className="muted"> · {dealer.full_name}</span>}
                    </p>
                    <p className="applicant-card__facts muted">
                      {[dealer.email, applicantPlace(dealer), `Applied ${dates.date(dealer.created_at)}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <div className="applicant-card__actions">
                    <Button onClick={() => ask(dealer, 'approve')} aria-label={`Approve ${name}`}>
                      Approve
                    </Button>
                    <Button variant="secondary" onClick={() => ask(dealer, 'reject')} aria-label={`Reject ${name}`}>
                      Reject
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          {total !== undefined && total > dealers.length && (
            <p className="muted">
              Showing the {dealers.length} oldest of {countOf(total, 'application', 'applications')}; the next appear as
              these are processed.
            </p>
          )}
        </>
      )}
      <Modal
        open={deciding !== null}
        title={text?.title ?? ''}
        onClose={() => setDeciding(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeciding(null)} disabled={processing.isLoading}>
              Cancel
            </Button>
            <Button
              variant={deciding?.decision === 'reject' ? 'danger' : 'primary'}
              busy={processing.isLoading}
              busyLabel={text?.busy}
              onClick={() => void decide()}
            >
              {text?.confirm}
            </Button>
          </>
        }
      >
        {deciding && text && (
          <div className="stack">
            <p className="modal__text">
              <strong>{applicantName(deciding.dealer)}</strong> {text.consequence}
            </p>
            <TextAreaField
              label="Notes (optional)"
              rows={3}
              maxLength={2000}
              hint="Kept in the dealer's notes."
              value={notes}
              onChange={setNotes}
            />
          </div>
        )}
      </Modal>
    </section>
  );
}
