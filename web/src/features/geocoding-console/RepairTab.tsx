import { REPAIR_STRATEGIES, type RepairStrategy } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { useGetGeocodingSummaryQuery } from './consoleApi';
import {
  batchLabel,
  batchPercent,
  PRESELECTED_STRATEGIES,
  PROBLEM_DEALERS_LISTED,
  STRATEGY_LABELS,
} from './consoleRules';
import { RunDiagnosisButton } from './RunDiagnosisButton';
import type { ConsoleState } from './useConsole';

/** How often the progress bar asks the server while a bulk repair runs. */
export const PROGRESS_POLL_MS = 500;

/** Repair Tools: strategies, bulk repairs with the server's progress, the first 10 problem dealers. */
export function RepairTab({ state }: { state: ConsoleState }) {
  const [strategies, setStrategies] = useState<RepairStrategy[]>(PRESELECTED_STRATEGIES);
  const [poll, setPoll] = useState(false);
  // polled while a repair runs (this one or another admin's): the bar moves with the server's count
  const { data: summary, refetch } = useGetGeocodingSummaryQuery(undefined, {
    pollingInterval: poll ? PROGRESS_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const serverRunning = summary?.batch.state === 'running';
  const running = state.bulkRunning || serverRunning;
  useEffect(() => setPoll(running), [running]);
  const batch = summary?.batch;
  const { diagnosis } = state;
  const toggle = (strategy: RepairStrategy, on: boolean) =>
    setStrategies((now) =>
      on ? REPAIR_STRATEGIES.filter((s) => s === strategy || now.includes(s)) : now.filter((s) => s !== strategy),
    );

  const none = strategies.length === 0;
  const problems = diagnosis
    ? [...diagnosis.error_dealers, ...diagnosis.missing_coordinates, ...diagnosis.suspicious_coordinates]
    : [];
  const idsOf = (list: { dealer_id: string }[]) => list.map((dealer) => dealer.dealer_id);
  const bulk = (ids: string[] | null) => {
    void state.bulkRepair(ids, strategies);
    // the first progress shortly after the repair starts
    setTimeout(() => void refetch(), 150);
  };

  return (
    <div className="geo-tab">
      <fieldset className="geo-strategies">
        <legend>Repair strategies</legend>
        {REPAIR_STRATEGIES.map((strategy) => (
          <label key={strategy} className="geo-check">
            <input
              type="checkbox"
              checked={strategies.includes(strategy)}
              onChange={(event) => toggle(strategy, event.target.checked)}
            />
            <span>
              <strong>{STRATEGY_LABELS[strategy].label}</strong>
              <span className="geo-muted">{STRATEGY_LABELS[strategy].description}</span>
            </span>
          </label>
        ))}
        {none && <p className="geo-warning">Select at least one repair strategy to enable the bulk repairs.</p>}
      </fieldset>

      <div className="button-row">
        <Button onClick={() => bulk(null)} disabled={none || running} busy={state.bulkRunning} busyLabel="Repairing...">
          Repair All Problem Dealers
        </Button>
        <Button
          variant="secondary"
          onClick={() => diagnosis && bulk(idsOf(diagnosis.missing_coordinates))}
          disabled={none || running || !diagnosis?.missing_coordinates.length}
        >
          Repair Missing Coordinates
        </Button>
        <Button
          variant="secondary"
          onClick={() => diagnosis && bulk(idsOf(diagnosis.error_dealers))}
          disabled={none || running || !diagnosis?.error_dealers.length}
        >
          Repair Errors
        </Button>
        <Button
          variant="secondary"
          onClick={() => diagnosis && bulk(idsOf(diagnosis.suspicious_coordinates))}
          disabled={none || running || !diagnosis?.suspicious_coordinates.length}
        >
          Repair Suspicious
        </Button>
      </div>

      {batch && (
        <div className="geo-progress" data-state={batch.state}>
          <div className="geo-progress__label">
            <span>{batchLabel(batch)}</span>
            <span>{batchPercent(batch)}%</span>
          </div>
          <div
            className="geo-progress__bar"
            role="progressbar"
            aria-label="Bulk repair progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={batchPercent(batch)}
            aria-valuetext={batchLabel(batch)}
          >
            <span style={{ width: `${batchPercent(batch)}%` }} />
          </div>
        </div>
      )}

      <section aria-labelledby="geo-problems">
        <h3 id="geo-problems">Problem dealers</h3>
        {!diagnosis && (
          <p className="geo-muted">
            Run a diagnosis to list the dealers with problems. <RunDiagnosisButton state={state} variant="secondary" />
          </p>
        )}
        {diagnosis && problems.length === 0 && <p className="geo-muted">No problem dealers.</p>}
        {problems.length > 0 && (
          <ul className="geo-cards-list">
            {problems.slice(0, PROBLEM_DEALERS_LISTED).map((dealer) => (
              <li key={dealer.dealer_id} className="geo-dealer-card">
                <strong>{dealer.business_name ?? dealer.dealer_id}</strong>
                <span className="geo-muted">
                  {[dealer.city, dealer.state].filter(Boolean).join(', ') || 'No address'} · {dealer.issues.join('; ')}
                </span>
                <Button
                  variant="secondary"
                  onClick={() => void state.repairDealer(dealer.dealer_id)}
                  busy={state.repairing === dealer.dealer_id}
                  busyLabel="Repairing..."
                  disabled={state.repairing !== null || running}
                >
                  Repair
                </Button>
              </li>
            ))}
          </ul>
        )}
        {problems.length > PROBLEM_DEALERS_LISTED && (
          <p className="geo-muted">
            Showing the first {PROBLEM_DEALERS_LISTED} of {problems.length} problem dealers.
          </p>
        )}
      </section>
    </div>
  );
}
