import type { PendingNotification } from '@portal/contracts';
import { useState } from 'react';
import type { PagedRows } from '../../api/usePagedRows';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { formatMetricValue, formatThreshold, METRIC_NAMES } from '../performance/metrics';
import { programFailure, programSuccess, SAVE_FAILED } from './incentiveMessages';
import { useHandlePendingNotificationMutation } from './incentivesApi';
import './incentives.css';

interface NotificationsPanelProps {
  /** read by the overlay (newest first, 50 at a time), which shows their count on the tab */
  notifications: PagedRows<PendingNotification>;
}

/**
 * Notifications (001 §2): the pending achievement notifications — tiers with Notify dealer that a dealer
 * reached — until an admin marks them handled.
 */
export function NotificationsPanel({ notifications }: NotificationsPanelProps) {
  const dates = useDateFormat();
  const [markHandled, { isLoading, originalArgs }] = useHandlePendingNotificationMutation();
  const [notice, setNotice] = useState<string>();
  const { rows: list, total, loading, loadingMore, hasMore, loadMore } = notifications;

  async function handled(notification: PendingNotification) {
    const result = await markHandled({ params: { id: notification.id } });
    setNotice(
      result.error
        ? programFailure(result.error, SAVE_FAILED)
        : programSuccess(result.data, `Notification for ${notification.dealer_name} marked handled`),
    );
  }

  return (
    <section className="incentive-notifications" aria-labelledby="pending-notifications-title">
      <h3 id="pending-notifications-title">
        Pending Achievement Notifications{total === undefined ? '' : ` (${total})`}
      </h3>
      <Message text={notice} />
      {loading ? (
        <p className="muted" role="status">
          Loading notifications…
        </p>
      ) : list.length === 0 ? (
        <p className="muted incentive-empty">No pending notifications.</p>
      ) : (
        <ul className="notification-list">
          {list.map((notification) => (
            <li key={notification.id} className="notification-card">
              <div className="notification-card__text">
                <p className="notification-card__headline">
                  <strong>{notification.dealer_name}</strong> reached <strong>{notification.threshold_name}</strong> of{' '}
                  {notification.program_name}
                </p>
                <dl className="notification-card__facts">
                  <div>
                    <dt>{METRIC_NAMES[notification.metric]}</dt>
                    <dd>
                      {formatMetricValue(notification.metric, notification.value_achieved)} of{' '}
                      {formatThreshold(notification.metric, notification.threshold_value)}
                    </dd>
                  </div>
                  <div>
                    <dt>Reward</dt>
                    <dd>{notification.reward || '—'}</dd>
                  </div>
                  <div>
                    <dt>Achieved</dt>
                    <dd>{dates.dateTime(notification.achieved_at)}</dd>
                  </div>
                  <div>
                    <dt>Email</dt>
                    <dd>{notification.dealer_email ? `Sent to ${notification.dealer_email}` : 'No email on file'}</dd>
                  </div>
                </dl>
              </div>
              <Button
                variant="secondary"
                busy={isLoading && originalArgs?.params.id === notification.id}
                busyLabel="Saving..."
                onClick={() => handled(notification)}
                aria-label={`Mark handled: ${notification.dealer_name}, ${notification.threshold_name}`}
              >
                Mark Handled
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        shown={list.length}
        total={total}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        noun="notifications"
      />
    </section>
  );
}
