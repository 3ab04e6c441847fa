import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { Link } from '../../app/navigation/Link';
import { formatCalendarDate } from '../../format/date';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { failureDetail } from '../orders/orderMessages';
import { useEmailStatementMutation, useGetDealerStatementPagesInfiniteQuery } from './accountApi';
import { statementQuery, statementRangeProblem } from './accountView';
import { StatementPdfButton } from './StatementPdfButton';
import { type OrderOpener, type StatementRange, StatementView } from './StatementView';
import { useStatementPages } from './useStatementPages';

interface DealerStatementSectionProps {
  dealerId: string;
  /** where the statement mails to, for the confirmation */
  dealerEmail: string;
  /** the address of one of the dealer's invoices (the dealer detail opens it over itself) */
  orderHref: (orderId: string) => string;
}

export const STATEMENT_EMAIL_SENT = 'Statement email sent successfully!';

/**
 * The admin's dealer detail: the dealer's statement for a range of days (the last 90 until one is chosen), with
 * its aging on the last day, Download PDF and Email Statement (asked first; the server's word on the outcome).
 */
export function DealerStatementSection({ dealerId, dealerEmail, orderHref }: DealerStatementSectionProps) {
  const [range, setRange] = useState<StatementRange>({ from: '', to: '' });
  const problem = statementRangeProblem(range.from, range.to);
  const result = useGetDealerStatementPagesInfiniteQuery(
    { params: { dealer_id: dealerId }, query: statementQuery(range) },
    { skip: problem !== null, refetchOnMountOrArgChange: 30 },
  );
  const pages = useStatementPages(result);
  const statement = problem ? undefined : pages.statement;
  const [emailStatement, { isLoading: emailing }] = useEmailStatementMutation();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string>();

  const openOrder: OrderOpener = (order) => (
    <Link
      to={orderHref(order.order_id)}
      className="account-order-link"
      aria-label={`Open invoice of order ${order.order_number}`}
    >
      #{order.order_number}
    </Link>
  );

  async function email() {
    if (!statement) return;
    setNotice(undefined);
    try {
      // the days on screen, so the mail holds what the admin saw
      const body = { from: statement.from, to: statement.to };
      const sent = await emailStatement({ params: { dealer_id: dealerId }, body }).unwrap();
      setNotice(sent.message ?? sent.detail ?? STATEMENT_EMAIL_SENT);
    } catch (failure) {
      setNotice(`Error emailing the statement: ${failureDetail(failure) ?? 'Unknown error'}`);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <>
      <StatementView
        titleId="dealer-statement-title"
        range={range}
        onRangeChange={setRange}
        rangeProblem={problem}
        statement={statement}
        pages={pages}
        loading={!problem && result.isFetching && !result.currentData}
        openOrder={openOrder}
        showAging
        actions={
          <>
            <StatementPdfButton owner={{ kind: 'dealer', dealerId }} statement={statement} onNotice={setNotice} />
            <Button variant="secondary" onClick={() => setConfirming(true)} disabled={!statement}>
              Email Statement
            </Button>
          </>
        }
        notice={
          <Message
            text={notice ?? (result.error ? failureMessage(result.error, 'Failed to load the statement') : undefined)}
          />
        }
      />
      {statement && (
        <Modal
          open={confirming}
          title="Email statement"
          onClose={() => {
            if (!emailing) setConfirming(false);
          }}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={emailing}>
                Cancel
              </Button>
              <Button onClick={email} busy={emailing} busyLabel="Sending...">
                Send Statement
              </Button>
            </>
          }
        >
          <p>
            Email the statement of {formatCalendarDate(statement.from)} – {formatCalendarDate(statement.to)}, with its
            PDF, to <strong>{dealerEmail}</strong>?
          </p>
        </Modal>
      )}
    </>
  );
}
