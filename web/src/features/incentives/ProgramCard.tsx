import type { Achievement, IncentiveProgram } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { formatCalendarDate } from '../../format/date';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { useDateFormat } from '../company/useDateFormat';
import { dealerLocation, formatMetricValue, formatThreshold, METRIC_NAMES } from '../performance/metrics';
import { useGetProgramAchievementPagesInfiniteQuery, useGetTierReachedCountQuery } from './incentivesApi';

interface ProgramCardProps {
  program: IncentiveProgram;
  toggling: boolean;
  exporting: boolean;
  /** resolves to whether the server took the change */
  onToggle: (program: IncentiveProgram, enabled: boolean) => Promise<boolean>;
  onEdit: (program: IncentiveProgram) => void;
  onDelete: (program: IncentiveProgram) => void;
  onExport: (program: IncentiveProgram) => void;
}

const achievementsOf = (page: { achievements: Achievement[] }) => page.achievements;

/**
 * One program: its dates and state, the enable toggle, the tier table (each tier's Reached counted by the server),
 * its achievements, newest first, 50 at a time (Load more), and their export.
 */
export function ProgramCard({ program, toggling, exporting, onToggle, onEdit, onDelete, onExport }: ProgramCardProps) {
  const dates = useDateFormat();
  const titleId = useId();
  const result = useGetProgramAchievementPagesInfiniteQuery(
    { params: { id: program.id } },
    { refetchOnMountOrArgChange: true },
  );
  const { rows: achievements, total, loading, loadingMore, hasMore, loadMore } = usePagedRows(result, achievementsOf);
  // the switch moves at once; it follows the server again once the list shows the change (or the change failed)
  const [wanted, setWanted] = useState<boolean | null>(null);
  useEffect(() => {
    if (wanted === program.enabled) setWanted(null);
  }, [wanted, program.enabled]);
  const toggle = async (enabled: boolean) => {
    setWanted(enabled);
    if (!(await onToggle(program, enabled))) setWanted(null);
  };

  return (
    <article className="program-card" aria-labelledby={titleId}>
      <header className="program-card__header">
        <div className="program-card__title">
          <h3 id={titleId}>{program.program_name}</h3>
          <span className={program.enabled ? 'badge badge--ok' : 'badge badge--off'}>
            {program.enabled ? 'Enabled' : 'Disabled'}
          </span>
        </div>
        <p className="muted program-card__dates">
          {formatCalendarDate(program.start_date)} – {formatCalendarDate(program.end_date)}
        </p>
      </header>
      <div className="program-card__actions">
        <label className="incentive-check">
          <input
            type="checkbox"
            checked={wanted ?? program.enabled}
            disabled={toggling}
            onChange={(event) => toggle(event.target.checked)}
            aria-label={`Enable ${program.program_name}`}
          />
          Enabled
        </label>
        <div className="button-row">
          <Button variant="secondary" onClick={() => onExport(program)} busy={exporting} busyLabel="Exporting...">
            Export Achievements CSV
          </Button>
          <Button variant="secondary" onClick={() => onEdit(program)} aria-label={`Edit ${program.program_name}`}>
            Edit
          </Button>
          <Button variant="danger" onClick={() => onDelete(program)} aria-label={`Delete ${program.program_name}`}>
            Delete
          </Button>
        </div>
      </div>
      <div className="data-table-wrap scroll-x">
        <table className="data-table incentive-table" aria-label={`Tiers of ${program.program_name}`}>
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">Metric</th>
              <th scope="col" className="data-table__figure">
                Threshold
              </th>
              <th scope="col">Reward</th>
              <th scope="col">Notify Dealer</th>
              <th scope="col" className="data-table__figure">
                Reached
              </th>
            </tr>
          </thead>
          <tbody>
            {program.tiers.map((tier) => (
              <tr key={tier.id}>
                <td className="incentive-table__strong">{tier.name}</td>
                <td>{METRIC_NAMES[tier.metric]}</td>
                <td className="data-table__figure">{formatThreshold(tier.metric, tier.value)}</td>
                <td>{tier.reward || '—'}</td>
                <td>{tier.notify_dealer ? 'Yes' : 'No'}</td>
                <td className="data-table__figure">
                  <TierReached programId={program.id} tierId={tier.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="program-card__achievements">
        <summary>Achievements{total === undefined ? '' : ` (${total})`}</summary>
        {loading ? (
          <p className="muted" role="status">
            Loading achievements…
          </p>
        ) : achievements.length === 0 ? (
          <p className="muted">No dealer has reached a tier of this program yet.</p>
        ) : (
          <div className="data-table-wrap scroll-x">
            <table className="data-table incentive-table" aria-label={`Achievements of ${program.program_name}`}>
              <thead>
                <tr>
                  <th scope="col">Dealer</th>
                  <th scope="col">Tier</th>
                  <th scope="col" className="data-table__figure">
                    Achieved
                  </th>
                  <th scope="col">Reward</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {achievements.map((achievement) => (
                  <tr key={achievement.id}>
                    <td>
                      <span className="incentive-table__strong">{achievement.dealer_name}</span>
                      <span className="muted data-table__sub">{dealerLocation(achievement)}</span>
                    </td>
                    <td>{achievement.tier_name}</td>
                    <td className="data-table__figure">
                      {formatMetricValue(achievement.metric, achievement.value_achieved)}
                      <span className="muted data-table__sub">
                        of {formatThreshold(achievement.metric, achievement.threshold_value)}
                      </span>
                    </td>
                    <td>{achievement.reward || '—'}</td>
                    <td>{dates.dateTime(achievement.achieved_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <LoadMore
              shown={achievements.length}
              total={total}
              hasMore={hasMore}
              loadingMore={loadingMore}
              onLoadMore={loadMore}
              noun="achievements"
            />
          </div>
        )}
      </details>
    </article>
  );
}

/** How many dealers reached the tier: the total of a one-row page of its achievements (counted by the server). */
function TierReached({ programId, tierId }: { programId: string; tierId: string }) {
  const { data } = useGetTierReachedCountQuery(
    { params: { id: programId }, query: { tier_id: tierId, limit: 1 } },
    { refetchOnMountOrArgChange: true },
  );
  return <>{data ?? '…'}</>;
}
