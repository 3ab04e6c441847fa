import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { loadFailureText } from '../settings/shared/notice';
import { useGetGeocodingSummaryQuery } from './consoleApi';
import { diagnosisAgeText, healthBandOf, isDiagnosisStale, SINGLE_REPAIR_STRATEGIES } from './consoleRules';
import type { ConsoleTab } from './consoleTabs';
import { RunDiagnosisButton } from './RunDiagnosisButton';
import type { ConsoleState } from './useConsole';

interface DashboardTabProps {
  state: ConsoleState;
  onOpen: (tab: ConsoleTab) => void;
}

/** Dashboard: health circle, counts, diagnosis age (stale after 24 h), quick actions. */
export function DashboardTab({ state, onOpen }: DashboardTabProps) {
  const { data: summary, error, isFetching, refetch } = useGetGeocodingSummaryQuery();

  /** the missing dealers' ids come from a diagnosis: run one first when there is none */
  const geocodeMissing = async () => {
    const diagnosis = state.diagnosis ?? (await state.runDiagnosis(true));
    if (!diagnosis) return;
    onOpen('repair');
    await state.bulkRepair(
      diagnosis.missing_coordinates.map((dealer) => dealer.dealer_id),
      SINGLE_REPAIR_STRATEGIES,
    );
  };
  const review = async () => {
    if (!state.diagnosis) await state.runDiagnosis(true);
    onOpen('diagnosis');
  };

  return (
    <div className="geo-tab">
      <div className="button-row">
        <RunDiagnosisButton state={state} />
        <Button variant="secondary" onClick={() => void refetch()} busy={isFetching} busyLabel="Refreshing...">
          Refresh Summary
        </Button>
      </div>
      {error && <Message text={loadFailureText('Error loading geocoding summary', error)} />}
      {summary && (
        <>
          {isDiagnosisStale(summary.diagnosis_age_hours) && (
            <p className="geo-warning" role="status">
              {summary.diagnosis_age_hours === null
                ? 'No diagnosis has been run yet. Run a full diagnosis to check every dealer.'
                : `The last diagnosis is ${diagnosisAgeText(summary.diagnosis_age_hours)} old (more than 24 hours): run a new one.`}
            </p>
          )}
          <div className="geo-health">
            <HealthCircle percentage={summary.health_percentage} />
            <dl className="geo-cards">
              <Card label="Healthy" value={summary.healthy_count} tone="green" />
              <Card label="Missing" value={summary.missing_count} tone={summary.missing_count ? 'amber' : 'plain'} />
              <Card label="Errors" value={summary.error_count} tone={summary.error_count ? 'red' : 'plain'} />
              <Card
                label="Suspicious"
                value={summary.suspicious_count}
                tone={summary.suspicious_count ? 'amber' : 'plain'}
              />
              <Card label="Repairs (7 days)" value={summary.recent_repairs_7_days} tone="plain" />
            </dl>
          </div>
          <p className="geo-muted">
            {summary.total_dealers} active dealers · Last diagnosis: {diagnosisAgeText(summary.diagnosis_age_hours)}
          </p>
          {(summary.missing_count > 0 || summary.error_count > 0 || summary.suspicious_count > 0) && (
            <div className="geo-quick">
              <h3>Quick actions</h3>
              <div className="button-row">
                {summary.missing_count > 0 && (
                  <Button variant="secondary" onClick={geocodeMissing} disabled={state.bulkRunning || state.diagnosing}>
                    Geocode {summary.missing_count} Missing
                  </Button>
                )}
                {summary.error_count > 0 && (
                  <Button variant="secondary" onClick={review} disabled={state.diagnosing}>
                    Review {summary.error_count} Errors
                  </Button>
                )}
                {summary.suspicious_count > 0 && (
                  <Button variant="secondary" onClick={review} disabled={state.diagnosing}>
                    Review {summary.suspicious_count} Suspicious
                  </Button>
                )}
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function Card({ label, value, tone }: { label: string; value: number; tone: 'green' | 'amber' | 'red' | 'plain' }) {
  return (
    <div className={`geo-card geo-card--${tone}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The health percentage in a ring coloured by its band. */
function HealthCircle({ percentage }: { percentage: number }) {
  const { band, tone } = healthBandOf(percentage);
  const r = 52;
  const circumference = 2 * Math.PI * r;
  const shown = Math.max(0, Math.min(100, percentage));
  return (
    <figure className={`geo-circle geo-circle--${tone}`} aria-label={`Geocoding health ${shown}%: ${band}`}>
      <svg viewBox="0 0 120 120" aria-hidden="true">
        <circle cx="60" cy="60" r={r} className="geo-circle__track" />
        <circle
          cx="60"
          cy="60"
          r={r}
          className="geo-circle__value"
          strokeDasharray={`${(shown / 100) * circumference} ${circumference}`}
          transform="rotate(-90 60 60)"
        />
      </svg>
      <figcaption>
        <strong className="geo-circle__pct">{Math.round(shown * 10) / 10}%</strong>
        <span className="geo-circle__band">{band}</span>
      </figcaption>
    </figure>
  );
}
