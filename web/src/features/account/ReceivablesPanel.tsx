import type { ArAgingRow } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { routes } from '../../api/routes';
import { usePagedRows } from '../../api/usePagedRows';
import { useAppSelector } from '../../app/hooks';
import { useQueryParam } from '../../app/navigation/history';
import { Link } from '../../app/navigation/Link';
import { formatRoute } from '../../app/navigation/routes';
import { downloadServerCsv } from '../../csv/downloadExport';
import { formatCalendarDate } from '../../format/date';
import { formatPrice } from '../../format/money';
import { Button } from '../../ui/Button';
import { SelectInput } from '../../ui/FormField';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDebounced } from '../../ui/useDebounced';
import { useSystemTimezone } from '../company/useDateFormat';
import { selectToken } from '../session/sessionSlice';
import { useGetArAgingPagesInfiniteQuery } from './accountApi';
import { agingFlags, arAgingCsvFilename, PAST_DUE_CHOICES, pastDueChoice } from './accountView';
import { type AccountColumn, AccountTable, FigureCell } from './StatementView';
import './account.css';

const dealersOf = (page: { dealers: ArAgingRow[] }) => page.dealers;
const asOfOf = (page: { as_of: string }) => page.as_of;

const BUCKET_COLUMNS = [
  ['current', 'Current'],
  ['1_30', '1–30'],
  ['31_60', '31–60'],
  ['61_90', '61–90'],
  ['over_90', 'Over 90'],
] as const;

const AGING_COLUMNS: readonly AccountColumn[] = [
  { label: 'Dealer' },
  { label: 'Terms' },
  { label: 'Credit limit', figure: true },
  ...BUCKET_COLUMNS.map(([, label]) => ({ label, figure: true })),
  { label: 'Balance', figure: true },
  { label: 'Oldest due' },
];

/**
 * Admin: the Receivables tab (issue 24) — the AR aging report: every dealer with something unpaid, by business
 * name, its balance by days past due as of today, 50 at a time (Load more), searched and filtered by how far past
 * due; Export CSV downloads every matching dealer. A dealer's name opens its detail. Over its credit limit and
 * over 90 days are said in words beside the figure, not by colour alone.
 */
export function ReceivablesPanel() {
  const token = useAppSelector(selectToken);
  const timeZone = useSystemTimezone();
  const [search, setSearch] = useQueryParam('q');
  const [pastDueParam, setPastDue] = useQueryParam('past_due', { replace: false });
  const pastDue = pastDueChoice(pastDueParam);
  const q = useDebounced(search);
  const query = useMemo(
    () => ({ ...(q.trim() ? { q: q.trim() } : {}), ...(pastDue ? { past_due: pastDue } : {}) }),
    [q, pastDue],
  );
  const result = useGetArAgingPagesInfiniteQuery({ query }, { refetchOnMountOrArgChange: 30 });
  const paged = usePagedRows(result, dealersOf);
  const asOf = result.currentData?.pages[0] ? asOfOf(result.currentData.pages[0]) : undefined;
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<string>();

  async function exportCsv() {
    setExporting(true);
    setNotice(undefined);
    try {
      await downloadServerCsv(token, routes['admin.exportArAging'], { query }, arAgingCsvFilename(timeZone));
    } catch (failure) {
      setNotice(`Error exporting the aging report: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="account-panel" aria-labelledby="receivables-title">
      <header className="account-card__header">
        <div>
          <h2 id="receivables-title">Accounts receivable aging</h2>
          <p className="muted account-note" data-testid="aging-as-of">
            {asOf ? `Aging as of ${formatCalendarDate(asOf)}, days past due in ${timeZone}` : '\u00a0'}
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={exportCsv}
          busy={exporting}
          busyLabel="Exporting..."
          disabled={paged.loading || paged.rows.length === 0}
        >
          Export CSV
        </Button>
      </header>
      <Message
        text={notice ?? (paged.error ? failureMessage(paged.error, 'Failed to load the aging report') : undefined)}
      />
      <div className="account-toolbar">
        <div className="field">
          <label htmlFor="aging-search">Search</label>
          <input
            id="aging-search"
            type="search"
            placeholder="Dealer, contact or email"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectInput label="Past due" value={pastDue} onChange={setPastDue} options={PAST_DUE_CHOICES} />
      </div>
      <p className="muted" aria-live="polite">
        {paged.loading ? 'Loading the aging report…' : agingCountText(paged)}
      </p>
      {!paged.loading && paged.rows.length === 0 && !paged.error && (
        <p className="muted">{query.q || query.past_due ? 'No dealer matches.' : 'No dealer owes anything.'}</p>
      )}
      {paged.rows.length > 0 && (
        <AccountTable label="AR aging by dealer" className="account-table--aging" columns={AGING_COLUMNS}>
          {paged.rows.map((row) => (
            <AgingRow key={row.dealer_id} row={row} />
          ))}
        </AccountTable>
      )}
      <LoadMore
        shown={paged.rows.length}
        total={paged.total}
        hasMore={paged.hasMore}
        loadingMore={paged.loadingMore}
        onLoadMore={paged.loadMore}
        noun="dealers"
      />
    </section>
  );
}

/** How many dealers owe: the server's total when it counts them, else the rows once every page is read. */
function agingCountText({
  total,
  hasMore,
  rows,
}: {
  total: number | undefined;
  hasMore: boolean;
  rows: readonly unknown[];
}) {
  const count = total ?? (hasMore ? undefined : rows.length);
  return count === undefined ? '' : `${count} ${count === 1 ? 'dealer' : 'dealers'} with a balance`;
}

function AgingRow({ row }: { row: ArAgingRow }) {
  const { overLimit, over90 } = agingFlags(row);
  const name = row.dealer_business_name || row.dealer_email || row.dealer_id;
  return (
    <tr className={overLimit || over90 ? 'account-table__row--flagged' : undefined}>
      <th scope="row" data-label="Dealer">
        <Link to={formatRoute({ role: 'admin', tab: 'dealers', dealerId: row.dealer_id })}>{name}</Link>
        {row.dealer_business_name && row.dealer_email && (
          <span className="data-table__sub muted">{row.dealer_email}</span>
        )}
      </th>
      <td data-label="Terms">Net {row.payment_terms_days}</td>
      <FigureCell label="Credit limit">
        {row.credit_limit === null ? 'No limit' : formatPrice(row.credit_limit)}
      </FigureCell>
      {BUCKET_COLUMNS.map(([bucket, label]) => {
        const severe = bucket === 'over_90' && over90;
        return (
          <FigureCell key={bucket} label={label} emphasis={severe ? 'severe' : undefined}>
            {formatPrice(row[bucket])}
            {severe && <span className="account-flag">⚠ Over 90</span>}
          </FigureCell>
        );
      })}
      <FigureCell label="Balance" emphasis="strong">
        {formatPrice(row.balance)}
        {overLimit && <span className="account-flag account-flag--limit">Over limit</span>}
      </FigureCell>
      <td data-label="Oldest due">{row.oldest_due_date ? formatCalendarDate(row.oldest_due_date) : '—'}</td>
    </tr>
  );
}
