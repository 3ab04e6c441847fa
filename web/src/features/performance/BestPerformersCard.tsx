import type { PerformanceMetric } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { useQueryParam } from '../../app/navigation/history';
import { Button } from '../../ui/Button';
import { lazyScreen, ScreenLoading } from '../../ui/lazyScreen';
import { MANAGE_PARAM, type ManagementSection, managementSection } from './managementSections';
import { dealerLocation, formatMetricValue, METRIC_OPTIONS, plural } from './metrics';
import { useGetTopPerformersQuery } from './performanceApi';
import { BEST_PERFORMERS_LIMIT, rankPerformers } from './ranking';
import './best-performers.css';

// the overlay (tables, programs, the tier editor) loads the first time View All & Manage is pressed
const PerformanceOverlay = lazyScreen(() => import('./PerformanceOverlay'), 'PerformanceOverlay');

/**
 * Admin dashboard: the Best performers card (spec 000 §2) — a metric select, up to four ranked dealers and
 * View All & Manage, which opens Dealer Performance Management.
 */
export function BestPerformersCard() {
  const [metric, setMetric] = useState<PerformanceMetric>('revenue');
  // the sub-tab Dealer Performance Management is open on; null: closed
  const [managing, setManaging] = useState<ManagementSection | null>(null);
  // an address that asks for it (the dashboard's achievements alert) opens it, and the request leaves the address
  const [requested, clearRequest] = useQueryParam(MANAGE_PARAM);
  useEffect(() => {
    const section = managementSection(requested);
    if (!section) return;
    setManaging(section);
    clearRequest('');
  }, [requested, clearRequest]);
  const selectId = useId();
  const titleId = useId();
  const { data, isLoading } = useGetTopPerformersQuery(
    { query: { limit: BEST_PERFORMERS_LIMIT, metric } },
    { refetchOnMountOrArgChange: true },
  );
  // a failed read only leaves the card empty (spec 000 §8: other failures are only logged)
  const ranked = rankPerformers(data ?? [], metric);

  return (
    <section className="best-performers" aria-labelledby={titleId}>
      <header className="best-performers__header">
        <h2 id={titleId}>Best Performers</h2>
        <div className="best-performers__controls">
          <label htmlFor={selectId} className="visually-hidden">
            Metric
          </label>
          <select
            id={selectId}
            className="best-performers__metric"
            value={metric}
            onChange={(event) => setMetric(event.target.value as PerformanceMetric)}
          >
            {METRIC_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => setManaging('performance')}>
            View All &amp; Manage
          </Button>
        </div>
      </header>
      {ranked.length === 0 ? (
        <p className="muted best-performers__empty">{isLoading ? 'Loading…' : 'No dealer orders yet.'}</p>
      ) : (
        <ol className="best-performers__list" aria-label="Best performers">
          {ranked.map(({ rank, record, value }) => (
            <li key={record.dealer_id} className={`performer-card performer-card--rank-${rank}`}>
              <span className="performer-card__rank">
                <span className="visually-hidden">Rank </span>
                <span aria-hidden="true">#</span>
                {rank}
              </span>
              <span className="performer-card__name" title={record.dealer_name}>
                {record.dealer_name}
              </span>
              <span className="performer-card__place muted">{dealerLocation(record) || '—'}</span>
              <span className="performer-card__value">{formatMetricValue(metric, value)}</span>
              <span className="performer-card__more muted">
                {metric === 'revenue'
                  ? `${plural(record.total_orders, 'order')} · ${plural(record.total_items, 'item')}`
                  : `${formatMetricValue('revenue', record.total_revenue)} revenue`}
              </span>
            </li>
          ))}
        </ol>
      )}
      {managing && (
        <ScreenLoading>
          <PerformanceOverlay initialSection={managing} onClose={() => setManaging(null)} />
        </ScreenLoading>
      )}
    </section>
  );
}
