import { Suspense, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { useAppSelector } from '../../app/hooks';
import { useQueryParam } from '../../app/navigation/history';
import { Link } from '../../app/navigation/Link';
import { formatRoute } from '../../app/navigation/routes';
import { formatPrice } from '../../format/money';
import { lazyScreen } from '../../ui/lazyScreen';
import { Message } from '../../ui/Message';
import { useGetOwnStatementPagesInfiniteQuery, useGetOwnStatementQuery } from './accountApi';
import { pastDueTotal, statementQuery, statementRangeProblem } from './accountView';
import { StatementPdfButton } from './StatementPdfButton';
import { AgingFigures, OpenInvoicesTable, type OrderOpener, type StatementRange, StatementView } from './StatementView';
import { useOpenInvoice } from './useOpenInvoice';
import { useStatementPages } from './useStatementPages';

// opened by a click: the invoice's code is not part of opening the tab
const InvoiceModal = lazyScreen(() => import('../orders/InvoiceModal'), 'InvoiceModal');

/** Today's figures, aging and what is due: the statement's summary, with the fewest entries a page may have. */
const TODAY = { query: { limit: 1 } };
/** the signed-in dealer's own statement */
const OWN = { kind: 'own' } as const;
const MY_ORDERS = formatRoute({ role: 'dealer', tab: 'orders', orderId: null });

/**
 * The dealer's Account tab (issue 24): the balance now, credit limit and terms, the aging buckets and what is due
 * when (as of today), then the statement for the days in the address (?from=&to=, blank for the last 90 days),
 * downloadable as a PDF. An order's number opens its invoice, as on My Orders.
 */
export function AccountPanel() {
  const dealerId = useAppSelector((state) => state.session.user?.dealer_id ?? null);
  const [from, setFrom] = useQueryParam('from');
  const [to, setTo] = useQueryParam('to');
  const range: StatementRange = { from, to };
  const problem = statementRangeProblem(from, to);
  const today = useGetOwnStatementQuery(TODAY, { refetchOnMountOrArgChange: 30 });
  const ranged = useGetOwnStatementPagesInfiniteQuery({ query: statementQuery(range) }, { skip: problem !== null });
  const pages = useStatementPages(ranged);
  const shown = problem ? undefined : pages.statement;
  const invoice = useOpenInvoice(dealerId);
  const [notice, setNotice] = useState<string>();

  const openOrder: OrderOpener = (order) => (
    <button
      type="button"
      className="account-order-link"
      aria-label={`Open invoice of order ${order.order_number}`}
      onClick={() => invoice.open(order)}
    >
      #{order.order_number}
    </button>
  );

  if (!dealerId) return <Message text="Error: This login is not linked to a dealer" />;
  const now = today.data;
  return (
    <div className="account-panel">
      <section className="account-card" aria-labelledby="account-balance-title">
        <h2 id="account-balance-title">Balance</h2>
        {today.error ? <Message text={failureMessage(today.error, 'Failed to load your account')} /> : null}
        {today.isLoading && (
          <p className="muted" role="status">
            Loading your account…
          </p>
        )}
        {now && (
          <>
            <dl className="account-figures account-figures--lead" aria-label="Account today">
              <div>
                <dt>Balance now</dt>
                <dd data-testid="account-balance">{formatPrice(now.closing_balance)}</dd>
              </div>
              <div>
                <dt>Past due</dt>
                <dd data-testid="account-past-due">{formatPrice(pastDueTotal(now.aging))}</dd>
              </div>
              <div>
                <dt>Credit limit</dt>
                <dd data-testid="account-credit-limit">
                  {now.credit_limit === null ? 'No limit' : formatPrice(now.credit_limit)}
                </dd>
              </div>
              <div>
                <dt>Payment terms</dt>
                <dd data-testid="account-terms">Net {now.payment_terms_days} days</dd>
              </div>
            </dl>
            <h3 className="account-subtitle">Aging</h3>
            <AgingFigures aging={now.aging} label="Aging today" />
          </>
        )}
      </section>
      {now && (
        <section className="account-card" aria-labelledby="account-due-title">
          <h2 id="account-due-title">What is due when</h2>
          <OpenInvoicesTable
            invoices={now.open_invoices}
            count={now.open_invoice_count}
            elsewhere={<Link to={MY_ORDERS}>see My Orders</Link>}
            openOrder={openOrder}
          />
        </section>
      )}
      <StatementView
        titleId="account-statement-title"
        range={range}
        onRangeChange={(next) => {
          setFrom(next.from);
          setTo(next.to);
        }}
        rangeProblem={problem}
        statement={shown}
        pages={pages}
        loading={!problem && ranged.isFetching && !ranged.currentData}
        openOrder={openOrder}
        actions={<StatementPdfButton owner={OWN} statement={shown} onNotice={setNotice} />}
        notice={
          <Message
            text={notice ?? (ranged.error ? failureMessage(ranged.error, 'Failed to load the statement') : undefined)}
          />
        }
      />
      <Suspense fallback={null}>
        {invoice.order && (
          <InvoiceModal key={invoice.order.order_id} order={invoice.order} context="dealer" onClose={invoice.close} />
        )}
      </Suspense>
    </div>
  );
}
