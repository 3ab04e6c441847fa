import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link } from '../../app/navigation/Link';
import { formatRoute, withQuery } from '../../app/navigation/routes';
import { useGetPendingNotificationCountQuery } from '../incentives/incentivesApi';
import { HELD_ORDERS_PATH } from '../orders/orderListParams';
import { useGetOrderCountQuery } from '../orders/ordersApi';
import { MANAGE_PARAM } from '../performance/managementSections';
import { useGetProductCountQuery } from '../products/catalogApi';
import { LOW_STOCK_PARAM } from '../products/stockAvailability';
import { useGetNotificationSettingsQuery } from '../settings/notifications/notificationSettingsApi';
import { achievementsAlert, heldOrdersAlert, lowStockAlert, pendingApprovalsAlert } from './alertTexts';
import { PENDING_APPLICATIONS_ID } from './PendingApplicationsPanel';
import {
  PENDING_APPLICATIONS_ARG,
  PENDING_APPLICATIONS_REFRESH,
  useGetPendingApplicationsQuery,
} from './pendingApplicationsApi';

/** The pending achievement notifications: the dashboard with Dealer Performance Management open on them. */
export const PENDING_NOTIFICATIONS_PATH = withQuery(
  formatRoute({ role: 'admin', tab: 'dashboard' }),
  new URLSearchParams({ [MANAGE_PARAM]: 'notifications' }),
);

/** Manage Products showing the products low on stock (or on backorder). */
export const LOW_STOCK_PRODUCTS_PATH = withQuery(
  formatRoute({ role: 'admin', tab: 'settings', section: 'products' }),
  new URLSearchParams({ [LOW_STOCK_PARAM]: 'low' }),
);

/**
 * The admin dashboard's alerts (001 §3), while Dashboard alerts are on: the applicants waiting for approval, the
 * achievements no admin has handled, the products low on stock and the orders waiting for their credit hold to be
 * released (issue 24; no setting of its own), each a status banner (announced politely, never taking the focus)
 * linking to where they are handled. Counts come from the lists' totals, never the whole lists.
 */
export function DashboardAlerts() {
  const { data: settings } = useGetNotificationSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const alerts = settings?.dashboard_alerts_enabled ? settings : undefined;
  // the same first page the Pending Applications panel reads: one request for both
  const { data: applications } = useGetPendingApplicationsQuery(
    alerts?.alert_pending_approvals ? PENDING_APPLICATIONS_ARG : skipToken,
    PENDING_APPLICATIONS_REFRESH,
  );
  const { data: achievements } = useGetPendingNotificationCountQuery(
    alerts?.alert_performance_milestones ? { query: { limit: 1 } } : skipToken,
    { refetchOnMountOrArgChange: true, refetchOnFocus: true },
  );
  const { data: lowOnStock } = useGetProductCountQuery(
    alerts?.alert_low_inventory ? { query: { stock: 'low', limit: 1 } } : skipToken,
    { refetchOnMountOrArgChange: true, refetchOnFocus: true },
  );
  const { data: onHold } = useGetOrderCountQuery(
    alerts ? { query: { status: 'pending', on_hold: 'true', limit: 1 } } : skipToken,
    { refetchOnMountOrArgChange: true, refetchOnFocus: true },
  );
  const approvals = alerts?.alert_pending_approvals ? (applications?.total ?? 0) : 0;
  const unhandled = alerts?.alert_performance_milestones ? (achievements ?? 0) : 0;
  const lowStock = alerts?.alert_low_inventory ? (lowOnStock ?? 0) : 0;
  const held = alerts ? (onHold ?? 0) : 0;
  if (approvals === 0 && unhandled === 0 && lowStock === 0 && held === 0) return null;
  return (
    <div className="dashboard-alerts">
      {approvals > 0 && (
        <div role="status" className="dashboard-alert">
          <span>{pendingApprovalsAlert(approvals)}</span>
          <a href={`#${PENDING_APPLICATIONS_ID}`} className="dashboard-alert__link">
            Review applications
          </a>
        </div>
      )}
      {unhandled > 0 && (
        <div role="status" className="dashboard-alert">
          <span>{achievementsAlert(unhandled)}</span>
          <Link to={PENDING_NOTIFICATIONS_PATH} className="dashboard-alert__link">
            Open notifications
          </Link>
        </div>
      )}
      {lowStock > 0 && (
        <div role="status" className="dashboard-alert">
          <span>{lowStockAlert(lowStock)}</span>
          <Link to={LOW_STOCK_PRODUCTS_PATH} className="dashboard-alert__link">
            Review products
          </Link>
        </div>
      )}
      {held > 0 && (
        <div role="status" className="dashboard-alert">
          <span>{heldOrdersAlert(held)}</span>
          <Link to={HELD_ORDERS_PATH} className="dashboard-alert__link">
            Review held orders
          </Link>
        </div>
      )}
    </div>
  );
}
