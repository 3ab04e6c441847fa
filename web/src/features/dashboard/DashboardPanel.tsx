import { failureMessage } from '../../api/errorMessage';
import { navigate } from '../../app/navigation/history';
import { Link } from '../../app/navigation/Link';
import { formatRoute, withQuery } from '../../app/navigation/routes';
import { Message } from '../../ui/Message';
import { BestPerformersCard } from '../performance/BestPerformersCard';
import { DashboardAlerts } from './DashboardAlerts';
import { DASHBOARD_STATS_REFRESH, useGetDashboardStatsQuery } from './dashboardApi';
import { PendingApplicationsPanel } from './PendingApplicationsPanel';
import { StateMap } from './StateMap';
import './dashboard.css';

const DEALERS_PATH = formatRoute({ role: 'admin', tab: 'dealers', dealerId: null });
/** The Pending Orders card: the Orders tab filtered to pending orders. */
export const PENDING_ORDERS_PATH = withQuery(
  formatRoute({ role: 'admin', tab: 'orders', orderId: null }),
  'status=pending',
);
/** A state clicked on the map: Manage Dealers filtered to it, with the banner saying it came from the map. */
export const stateDealersPath = (code: string) =>
  withQuery(DEALERS_PATH, new URLSearchParams({ state: code, from: 'map' }));

/**
 * Admin dashboard: the alerts, the three stat cards (links to the lists they count), the pending applications,
 * Best performers and the state map.
 */
export function DashboardPanel() {
  const { data, error } = useGetDashboardStatsQuery(undefined, DASHBOARD_STATS_REFRESH);
  const cards = [
    { label: 'Total Dealers', value: data?.dealer_counts.total, to: DEALERS_PATH },
    { label: 'Pending Orders', value: data?.order_stats.pending_orders, to: PENDING_ORDERS_PATH },
    { label: 'New Orders This Month', value: data?.order_stats.recent_orders, to: DEALERS_PATH },
  ];
  return (
    <div className="dashboard">
      <DashboardAlerts />
      {error && <Message text={`Error loading dashboard: ${failureMessage(error, 'Error loading dashboard data')}`} />}
      <div className="stat-cards">
        {cards.map((card) => (
          <Link key={card.label} to={card.to} className="stat-card">
            <span className="stat-card__label">{card.label}</span>
            <span className="stat-card__value">{card.value ?? '—'}</span>
          </Link>
        ))}
      </div>
      <PendingApplicationsPanel />
      <BestPerformersCard />
      <StateMap
        byState={data?.dealer_counts.by_state ?? {}}
        onSelectState={(code) => navigate(stateDealersPath(code))}
      />
    </div>
  );
}
