import type { AuditLogEntry } from '@portal/contracts';
import type { AuditEntity } from '@portal/contracts/values';
import { useId } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { usePagedRows } from '../../api/usePagedRows';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { useGetAuditLogPagesInfiniteQuery } from './auditApi';
import { shortValue, spokenName } from './auditEntryText';
import './history-panel.css';

interface HistoryPanelProps {
  /** the heading: "History" */
  title?: string;
  entity: AuditEntity;
  /** one record's entries; all of the entity's when absent (Settings: every page) */
  entityId?: string;
}

const entriesOf = (page: { entries: AuditLogEntry[] }) => page.entries;

/**
 * A record's audit history, newest first, 50 at a time (Load more): each entry "when · who · what" and its
 * changed fields as "field: before → after". Read when the panel is shown, so it includes the latest change.
 */
export function HistoryPanel({ title = 'History', entity, entityId }: HistoryPanelProps) {
  const headingId = useId();
  const dates = useDateFormat();
  const result = useGetAuditLogPagesInfiniteQuery(
    { query: { entity, ...(entityId ? { entity_id: entityId } : {}) } },
    { refetchOnMountOrArgChange: true },
  );
  const entries = usePagedRows(result, entriesOf);
  return (
    <section className="history-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {entries.error ? <Message text={failureMessage(entries.error, 'Failed to load the history')} /> : null}
      {entries.loading && (
        <p className="muted" role="status">
          Loading history…
        </p>
      )}
      {!entries.loading && !entries.error && entries.rows.length === 0 && (
        <p className="muted">No changes recorded yet.</p>
      )}
      {entries.rows.length > 0 && (
        <ol className="history-panel__list" aria-labelledby={headingId}>
          {entries.rows.map((entry) => (
            <li key={entry.id} className="history-panel__entry">
              <p className="history-panel__summary">
                <time dateTime={entry.at}>{dates.dateTime(entry.at)}</time>
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">, by </span>
                <span>{entry.actor_email ?? 'System'}</span>
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">: </span>
                <strong>{spokenName(entry.action)}</strong>
                {entityId ? null : <span className="muted"> ({spokenName(entry.entity_id)})</span>}
              </p>
              <ChangedFields changes={entry.changes} instant={dates.dateTime} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        shown={entries.rows.length}
        total={entries.total}
        hasMore={entries.hasMore}
        loadingMore={entries.loadingMore}
        onLoadMore={entries.loadMore}
        noun="changes"
      />
    </section>
  );
}

function ChangedFields({ changes, instant }: { changes: AuditLogEntry['changes']; instant: (iso: string) => string }) {
  const fields = Object.entries(changes);
  if (!fields.length) return null;
  return (
    <ul className="history-panel__changes">
      {fields.map(([field, [before, after]]) => (
        <li key={field}>
          <span className="history-panel__field">{spokenName(field)}:</span> <span>{shortValue(before, instant)}</span>{' '}
          <span role="img" aria-label="changed to">
            →
          </span>{' '}
          <span>{shortValue(after, instant)}</span>
        </li>
      ))}
    </ul>
  );
}
