import type { AgingBuckets, OpenInvoice, Statement, StatementEntry } from '@portal/contracts';
import type { ReactNode } from 'react';
import { formatCalendarDate } from '../../format/date';
import { formatPrice } from '../../format/money';
import { InputField } from '../../ui/FormField';
import { LoadMore } from '../../ui/LoadMore';
import { agingLines, dueText, isOverdue, moreOpenInvoices } from './accountView';
import './account.css';

/** How an order's number opens its invoice: a link to the invoice's address, or a button. */
export type OrderOpener = (order: { order_id: string; order_number: string }) => ReactNode;

const day = (ymd: string | null) => (ymd ? formatCalendarDate(ymd) : '—');

/** A column of an account table: its heading, and whether it holds money (set right, in tabular figures). */
export interface AccountColumn {
  label: string;
  figure?: boolean;
}

/**
 * A table of the account screens (open invoices, the statement, the AR aging report) in its scrolling frame: the
 * column headings, then `children` as its rows; `note` (an "and N more") closes the frame under the table. On a
 * phone each row becomes a card whose cells are labelled by their data-label (account.css).
 */
export function AccountTable({
  label,
  columns,
  className,
  note,
  children,
}: {
  /** the table's accessible name */
  label: string;
  columns: readonly AccountColumn[];
  /** a modifier beside account-table */
  className?: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="data-table-wrap">
      <table
        className={className ? `data-table account-table ${className}` : 'data-table account-table'}
        aria-label={label}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.figure ? 'data-table__figure' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {note}
    </div>
  );
}

/** A money cell of an account table, labelled for the phone's cards; `emphasis` sets it in bold or in red. */
export function FigureCell({
  label,
  emphasis,
  children,
}: {
  label: string;
  emphasis?: 'strong' | 'severe';
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={emphasis ? `data-table__figure account-table__${emphasis}` : 'data-table__figure'}
    >
      {children}
    </td>
  );
}

const OPEN_INVOICE_COLUMNS: readonly AccountColumn[] = [
  { label: 'Order' },
  { label: 'Placed' },
  { label: 'Due' },
  { label: 'Status' },
  { label: 'Total', figure: true },
  { label: 'Paid', figure: true },
  { label: 'Balance', figure: true },
];

const STATEMENT_COLUMNS: readonly AccountColumn[] = [
  { label: 'Date' },
  { label: 'Description' },
  { label: 'Order' },
  { label: 'Due' },
  { label: 'Charge', figure: true },
  { label: 'Payment', figure: true },
  { label: 'Balance', figure: true },
];

/** The five aging buckets as figures; what is past due is marked in words, over 90 days most of all. */
export function AgingFigures({ aging, label }: { aging: AgingBuckets; label: string }) {
  return (
    <dl className="account-aging" aria-label={label}>
      {agingLines(aging).map((line) => {
        const marked = line.pastDue && line.amount > 0;
        const className = [
          'account-aging__bucket',
          marked ? 'account-aging__bucket--due' : '',
          marked && line.bucket === 'over_90' ? 'account-aging__bucket--severe' : '',
        ].join(' ');
        return (
          <div key={line.bucket} className={className} data-bucket={line.bucket}>
            <dt>{line.label}</dt>
            <dd>
              {formatPrice(line.amount)}
              {marked && <span className="account-flag">{line.bucket === 'over_90' ? '⚠ Over 90' : 'Past due'}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * What is due when: the unpaid orders the server lists (the oldest due, at most STATEMENT_OPEN_INVOICES_SHOWN),
 * overdue ones marked and held ones badged; "and N more" when `count` is more than that, `elsewhere` saying where
 * to see them.
 */
export function OpenInvoicesTable({
  invoices,
  count,
  elsewhere,
  openOrder,
}: {
  invoices: readonly OpenInvoice[];
  /** how many orders are unpaid in all */
  count: number;
  elsewhere?: ReactNode;
  openOrder: OrderOpener;
}) {
  if (invoices.length === 0) return <p className="muted">Nothing is unpaid.</p>;
  const more = moreOpenInvoices(invoices.length, count);
  return (
    <AccountTable
      label="Open invoices"
      columns={OPEN_INVOICE_COLUMNS}
      note={
        more > 0 && (
          <p className="muted account-note" data-testid="open-invoices-more">
            and {more} more {more === 1 ? 'order' : 'orders'} unpaid{elsewhere ? <> — {elsewhere}</> : null}
          </p>
        )
      }
    >
      {invoices.map((invoice) => {
        const overdue = isOverdue(invoice);
        return (
          <tr key={invoice.order_id} className={overdue ? 'account-table__row--overdue' : undefined}>
            <td data-label="Order">
              {openOrder(invoice)}
              {invoice.po_number && <span className="data-table__sub muted">PO {invoice.po_number}</span>}
            </td>
            <td data-label="Placed">{day(invoice.placed_date)}</td>
            <td data-label="Due">{day(invoice.due_date)}</td>
            <td data-label="Status">
              <span className="account-status">
                {overdue ? <span className="badge account-badge--overdue">OVERDUE</span> : null}
                <span className={overdue ? 'account-status__late' : undefined}>{dueText(invoice)}</span>
                {invoice.on_hold && <span className="badge account-badge--hold">ON HOLD</span>}
              </span>
            </td>
            <FigureCell label="Total">{formatPrice(invoice.total)}</FigureCell>
            <FigureCell label="Paid">{formatPrice(invoice.paid)}</FigureCell>
            <FigureCell label="Balance" emphasis="strong">
              {formatPrice(invoice.balance)}
            </FigureCell>
          </tr>
        );
      })}
    </AccountTable>
  );
}

/** The entries read so far and how to read the next page of them. */
export interface StatementEntryPages {
  entries: readonly StatementEntry[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export interface StatementRange {
  from: string;
  to: string;
}

interface StatementViewProps {
  /** the heading's id, for the section's name */
  titleId: string;
  title?: string;
  /** the days asked for ('' = the server's default) */
  range: StatementRange;
  onRangeChange: (range: StatementRange) => void;
  /** what is wrong with the range as typed (the statement is not asked for then) */
  rangeProblem: string | null;
  statement: Statement | undefined;
  /** its entries, read a page at a time */
  pages: StatementEntryPages;
  loading: boolean;
  /** Download PDF, Email statement… */
  actions: ReactNode;
  /** a message under the actions (a download's or an email's outcome, a failed load) */
  notice?: ReactNode;
  openOrder: OrderOpener;
  /** the aging at the end of the statement's last day (the dealer's Account shows today's above instead) */
  showAging?: boolean;
}

/**
 * A dealer's statement for a range of days: the range (blank days are the server's defaults, shown once it
 * answered), opening balance, every order and payment with the running balance, and the closing balance. The
 * dealer's Account tab and the admin's dealer detail both show it.
 */
export function StatementView({
  titleId,
  title = 'Statement',
  range,
  onRangeChange,
  rangeProblem,
  statement,
  pages,
  loading,
  actions,
  notice,
  openOrder,
  showAging = false,
}: StatementViewProps) {
  const shownFrom = range.from || statement?.from || '';
  const shownTo = range.to || statement?.to || '';
  return (
    <section className="account-card" aria-labelledby={titleId}>
      <header className="account-card__header">
        <h2 id={titleId}>{title}</h2>
        <div className="button-row">{actions}</div>
      </header>
      <div className="account-range">
        <InputField
          label="From"
          type="date"
          value={shownFrom}
          max={shownTo || undefined}
          onChange={(from) => onRangeChange({ ...range, from })}
          // the server's words, without the prefix a field's message goes without
          error={rangeProblem?.replace(/^Error:\s*/, '') || undefined}
        />
        <InputField
          label="To"
          type="date"
          value={shownTo}
          min={shownFrom || undefined}
          onChange={(to) => onRangeChange({ ...range, to })}
        />
      </div>
      {notice}
      {loading && (
        <p className="muted" role="status">
          Loading statement…
        </p>
      )}
      {statement && !rangeProblem && (
        <StatementBody statement={statement} pages={pages} openOrder={openOrder} showAging={showAging} />
      )}
    </section>
  );
}

/**
 * The statement's figures and its entries as far as they are read (a page at a time, oldest first, each with its
 * running balance from the server); the closing balance line ends the table once the last page is in.
 */
function StatementBody({
  statement,
  pages,
  openOrder,
  showAging,
}: {
  statement: Statement;
  pages: StatementEntryPages;
  openOrder: OrderOpener;
  showAging: boolean;
}) {
  const period = `${day(statement.from)} – ${day(statement.to)}`;
  return (
    <>
      <dl className="account-figures" aria-label="Statement totals">
        <div>
          <dt>Opening balance</dt>
          <dd data-testid="statement-opening">{formatPrice(statement.opening_balance)}</dd>
        </div>
        <div>
          <dt>Charges</dt>
          <dd>{formatPrice(statement.total_charges)}</dd>
        </div>
        <div>
          <dt>Payments</dt>
          <dd>{formatPrice(statement.total_payments)}</dd>
        </div>
        <div>
          <dt>Closing balance</dt>
          <dd data-testid="statement-closing">{formatPrice(statement.closing_balance)}</dd>
        </div>
      </dl>
      <p className="muted account-note">
        {period} · days in {statement.timezone}
      </p>
      <AccountTable label={`Statement entries, ${period}`} columns={STATEMENT_COLUMNS}>
        <BalanceLine date={statement.from} label="Opening balance" amount={statement.opening_balance} />
        {pages.entries.map((entry) => (
          <tr key={`${entry.kind}-${entry.payment_id ?? entry.order_id}`}>
            <td data-label="Date">{day(entry.date)}</td>
            <td data-label="Description">{entry.description}</td>
            <td data-label="Order">{openOrder(entry)}</td>
            <td data-label="Due">{entry.kind === 'order' ? day(entry.due_date) : '—'}</td>
            <FigureCell label="Charge">{entry.kind === 'order' ? formatPrice(entry.charge) : '—'}</FigureCell>
            <FigureCell label="Payment">{entry.kind === 'payment' ? formatPrice(entry.payment) : '—'}</FigureCell>
            <FigureCell label="Balance" emphasis="strong">
              {formatPrice(entry.balance)}
            </FigureCell>
          </tr>
        ))}
        {!pages.hasMore && (
          <BalanceLine date={statement.to} label="Closing balance" amount={statement.closing_balance} />
        )}
      </AccountTable>
      <LoadMore
        shown={pages.entries.length}
        total={statement.entry_count}
        hasMore={pages.hasMore}
        loadingMore={pages.loadingMore}
        onLoadMore={pages.loadMore}
        noun="entries"
      />
      {statement.entry_count === 0 && <p className="muted">No orders or payments in these days.</p>}
      {showAging && (
        <>
          <h3 className="account-subtitle">Aging on {day(statement.to)}</h3>
          <AgingFigures aging={statement.aging} label={`Aging on ${day(statement.to)}`} />
        </>
      )}
    </>
  );
}

/** The statement's opening or closing balance: a line of its own at the table's start or end, on its day. */
function BalanceLine({ date, label, amount }: { date: string | null; label: string; amount: number }) {
  return (
    <tr className="account-table__row--total">
      <td data-label="Date">{day(date)}</td>
      <td data-label="Description" colSpan={5}>
        {label}
      </td>
      <FigureCell label="Balance" emphasis="strong">
        {formatPrice(amount)}
      </FigureCell>
    </tr>
  );
}
