import { failureMessage } from '../../api/errorMessage';
import { Message } from '../../ui/Message';
import { BestPerformersCard } from '../performance/BestPerformersCard';
import { DASHBOARD_STATS_REFRESH, useGetDashboardStatsQuery } from './dashboardApi';
import { StateMap } from './StateMap';
import './dashboard.css';

interface DashboardPanelProps {
  onOpenDealers: (state?: string) => void;
  onOpenOrders: () => void;
}

/** Admin dashboard: the three stat cards, the Best performers card and the state map. */
export function DashboardPanel({ onOpenDealers, onOpenOrders }: DashboardPanelProps) {
  const { data, error } = useGetDashboardStatsQuery(undefined, DASHBOARD_STATS_REFRESH);
  const cards = [
    { label: 'Total Dealers', value: data?.dealer_counts.total, open: () => onOpenDealers() },
    { label: 'Pending Orders', value: data?.order_stats.pending_orders, open: onOpenOrders },
    { label: 'New Orders This Month', value: data?.order_stats.recent_orders, open: () => onOpenDealers() },
  ];
  return (
    <div className="dashboard">
      {error && <Message text={`Error loading dashboard: ${failureMessage(error, 'Error loading dashboard data')}`} />}
      <div className="stat-cards">
        {cards.map((card) => (
          <button key={card.label} type="button" className="stat-card" onClick={card.open}>
            <span className="stat-card__label">{card.label}</span>
            <span className="stat-card__value">{card.value ?? '—'}</span>
          </button>
        ))}
      </div>
      <BestPerformersCard />
      <StateMap byState={data?.dealer_counts.by_state ?? {}} onSelectState={(code) => onOpenDealers(code)} />
    </div>
  );
}
