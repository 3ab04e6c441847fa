import type { Diagnosis, GeocodingHistoryEntry } from '@portal/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { countOf } from '../../format/count';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import { useGetGeocodingHistoryPagesInfiniteQuery } from './consoleApi';
import { formatCoordinates } from './consoleRules';
import { RunDiagnosisButton } from './RunDiagnosisButton';
import type { ConsoleState } from './useConsole';

type Diagnosed = Diagnosis['error_dealers'][number];

interface DiagnosisTabProps {
  state: ConsoleState;
  onManualFix: (dealerId: string) => void;
}

const place = (dealer: Diagnosed) =>
  [dealer.address, [dealer.city, dealer.state].filter(Boolean).join(', '), dealer.zip_code]
    .filter(Boolean)
    .join(' · ') || 'No address';

/** Diagnosis: summary, recommended actions, error, missing and suspicious dealers with their repairs. */
export function DiagnosisTab({ state, onManualFix }: DiagnosisTabProps) {
  const dates = useDateFormat();
  const [historyOf, setHistoryOf] = useState<Diagnosed | null>(null);
  const { diagnosis } = state;

  if (!diagnosis) {
    return (
      <div className="geo-tab">
        <p>No diagnosis in this session yet.</p>
        <RunDiagnosisButton state={state} />
      </div>
    );
  }

  const repairButton = (dealer: Diagnosed, label: string) => (
    <Button
      variant="secondary"
      onClick={() => void state.repairDealer(dealer.dealer_id)}
      busy={state.repairing === dealer.dealer_id}
      busyLabel="Repairing..."
      disabled={state.repairing !== null}
    >
      {label}
    </Button>
  );

  return (
    <div className="geo-tab">
      <div className="geo-row">
        <p className="geo-muted">
          {countOf(diagnosis.total_dealers, 'dealer', 'dealers')} checked {dates.date(diagnosis.timestamp)}:{' '}
          {diagnosis.summary.healthy_count} healthy, {diagnosis.summary.missing_count} missing,{' '}
          {countOf(diagnosis.summary.error_count, 'error', 'errors')}, {diagnosis.summary.suspicious_count} suspicious.
        </p>
        <RunDiagnosisButton state={state} variant="secondary" />
      </div>

      <section aria-labelledby="geo-actions">
        <h3 id="geo-actions">Recommended actions</h3>
        {diagnosis.repair_suggestions.length === 0 ? (
          <p className="geo-muted">Nothing to do: every dealer is placed correctly.</p>
        ) : (
          <ul className="geo-suggestions">
            {diagnosis.repair_suggestions.map((suggestion) => (
              <li key={suggestion.title} className={`geo-suggestion geo-suggestion--${suggestion.priority}`}>
                <span className="geo-priority">{suggestion.priority}</span>
                <strong>{suggestion.title}</strong>
                <span>{suggestion.description}</span>
                <span className="geo-muted">
                  {suggestion.dealer_ids.length} dealer{suggestion.dealer_ids.length === 1 ? '' : 's'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="geo-errors">
        <h3 id="geo-errors">Geocoding errors ({diagnosis.error_dealers.length})</h3>
        {diagnosis.error_dealers.map((dealer) => (
          <details key={dealer.dealer_id} className="geo-dealer">
            <summary>
              <strong>{dealer.business_name ?? dealer.dealer_id}</strong>{' '}
              <span className={`geo-severity geo-severity--${dealer.severity}`}>{dealer.severity}</span>
            </summary>
            <p className="geo-muted">{place(dealer)}</p>
            <ul className="geo-issues">
              {dealer.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
            <div className="button-row">
              {repairButton(dealer, 'Repair This Dealer')}
              <Button variant="ghost" className="geo-ghost" onClick={() => setHistoryOf(dealer)}>
                View History
              </Button>
            </div>
          </details>
        ))}
      </section>

      <section aria-labelledby="geo-missing">
        <h3 id="geo-missing">Missing coordinates ({diagnosis.missing_coordinates.length})</h3>
        <ul className="geo-cards-list">
          {diagnosis.missing_coordinates.map((dealer) => (
            <li key={dealer.dealer_id} className="geo-dealer-card">
              <strong>{dealer.business_name ?? dealer.dealer_id}</strong>
              <span className="geo-muted">{place(dealer)}</span>
              {dealer.issues.length > 0 && <span className="geo-muted">{dealer.issues.join('; ')}</span>}
              {repairButton(dealer, 'Geocode Now')}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="geo-suspicious">
        <h3 id="geo-suspicious">Suspicious coordinates ({diagnosis.suspicious_coordinates.length})</h3>
        <ul className="geo-cards-list">
          {diagnosis.suspicious_coordinates.map((dealer) => (
            <li key={dealer.dealer_id} className="geo-dealer-card">
              <strong>{dealer.business_name ?? dealer.dealer_id}</strong>
              <span className="geo-muted">{place(dealer)}</span>
              {dealer.coordinates && <span className="geo-mono">{formatCoordinates(dealer.coordinates)}</span>}
              <span>{dealer.issues.join('; ')}</span>
              <div className="button-row">
                {repairButton(dealer, 'Re-geocode')}
                <Button variant="ghost" className="geo-ghost" onClick={() => onManualFix(dealer.dealer_id)}>
                  Manual Fix
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <HistoryModal dealer={historyOf} onClose={() => setHistoryOf(null)} />
    </div>
  );
}

const historyOf = (page: { history: GeocodingHistoryEntry[] }) => page.history;

/** A dealer's geocoding history, newest first, 50 entries at a time (Load more), read afresh on every opening. */
function HistoryModal({ dealer, onClose }: { dealer: Diagnosed | null; onClose: () => void }) {
  const dates = useDateFormat();
  const wanted = dealer?.dealer_id;
  const result = useGetGeocodingHistoryPagesInfiniteQuery(wanted ? { params: { dealer_id: wanted } } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const paged = usePagedRows(result, historyOf);
  const { rows: data, loading, error } = paged;
  const coordinates = (value: { lat: number; lng: number } | null) => (value ? formatCoordinates(value) : '—');
  return (
    <Modal
      open={dealer !== null}
      title={`Geocoding history: ${dealer?.business_name ?? dealer?.dealer_id ?? ''}`}
      onClose={onClose}
      size="wide"
    >
      {wanted && loading && <p role="status">Loading history…</p>}
      {error ? <p className="geo-muted">Error loading history</p> : null}
      {!loading && !error && data.length === 0 && (
        <p className="geo-muted">No geocoding history for this dealer yet.</p>
      )}
      {data.length > 0 && (
        <section
          className="geo-table-wrap scroll-x"
          aria-label="Geocoding history entries"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a phone, it scrolls sideways by keyboard
          tabIndex={0}
        >
          <table className="geo-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">By</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Source</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {data.map((entry) => (
                <tr key={entry.id}>
                  <td>{dates.date(entry.occurred_at)}</td>
                  <td>{entry.action.replace(/_/g, ' ')}</td>
                  <td>{entry.actor}</td>
                  <td className="geo-mono">{coordinates(entry.previous_coordinates)}</td>
                  <td className="geo-mono">{coordinates(entry.coordinates)}</td>
                  <td>{[entry.source, entry.confidence?.replace(/_/g, ' ')].filter(Boolean).join(' · ') || '—'}</td>
                  <td>{entry.error ?? entry.notes ?? entry.strategy?.replace(/_/g, ' ') ?? entry.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <LoadMore
        shown={data.length}
        total={paged.total}
        hasMore={paged.hasMore}
        loadingMore={paged.loadingMore}
        onLoadMore={paged.loadMore}
        noun="entries"
      />
    </Modal>
  );
}
