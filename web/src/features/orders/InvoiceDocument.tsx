import type { CompanySettings, Order } from '@portal/contracts';
import type { ReactNode } from 'react';
import { formatCents } from '../../format/money';
import { PLACEHOLDER_COMPANY } from '../company/companyProfile';
import { useDateFormat } from '../company/useDateFormat';
import { InvoiceDelivery } from './InvoiceDelivery';
import { type DraftLine, draftTotals } from './invoiceDraft';
import { HoldBadge, PaymentBadge, StatusBadge } from './OrderBadges';
import { OrderLinesTable } from './OrderLinesTable';
import { centsOf } from './orderMoney';
import { PaymentDescription } from './PaymentDescription';

interface InvoiceDocumentProps {
  order: Order;
  company: CompanySettings | undefined;
  lines: readonly DraftLine[];
  /** the quantity cell while items may be edited (an input); the number otherwise */
  quantityCell?: (line: DraftLine) => ReactNode;
  /** an extra last cell per line (e.g. Remove) while items may be edited */
  lineAction?: (line: DraftLine) => ReactNode;
  /** notes are printed unless the admin left them out */
  showNotes?: boolean;
}

/**
 * The invoice as read and printed: the company, the dealer billed, the lines, Subtotal, Tax $0.00 and Total
 * (000 §9), what was paid and the balance, and the payments. Every sum is in cents.
 */
export function InvoiceDocument({
  order,
  company,
  lines,
  quantityCell,
  lineAction,
  showNotes = true,
}: InvoiceDocumentProps) {
  const dates = useDateFormat();
  const totals = draftTotals(lines, centsOf(order.total_paid));
  const dealer = order.dealer_info;
  const companyName = company?.company_name.trim() || PLACEHOLDER_COMPANY.name;
  const cityLine = company && [company.city, [company.state, company.zip_code].filter(Boolean).join(' ')];
  return (
    <article className="invoice" aria-label={`Invoice ${order.order_number}`}>
      <header className="invoice__header">
        <div className="invoice__company">
          <strong className="invoice__company-name">{companyName}</strong>
          <span className="muted">{company?.business_type.trim() || PLACEHOLDER_COMPANY.businessType}</span>
          {company?.address && <span>{company.address}</span>}
          {cityLine?.some(Boolean) && <span>{cityLine.filter(Boolean).join(', ')}</span>}
          <span>{company?.email.trim() || PLACEHOLDER_COMPANY.email}</span>
          {company?.phone && <span>{company.phone}</span>}
        </div>
        <div className="invoice__meta">
          <h3 className="invoice__title">INVOICE</h3>
          <dl>
            <dt>Invoice #</dt>
            <dd>{order.order_number}</dd>
            <dt>Date</dt>
            <dd>{order.formatted_date || dates.date(order.created_at)}</dd>
            {order.po_number && (
              <>
                <dt>PO #</dt>
                <dd>{order.po_number}</dd>
              </>
            )}
            <dt>Status</dt>
            <dd>
              <StatusBadge status={order.status} />
              <HoldBadge order={order} />
            </dd>
            <dt>Payment</dt>
            <dd>
              <PaymentBadge status={order.payment_status} />
            </dd>
          </dl>
        </div>
      </header>

      <section className="invoice__bill-to" aria-label="Bill to">
        <h4>Bill To</h4>
        <strong>{dealer.business_name || order.dealer_business_name || order.dealer_full_name || '—'}</strong>
        {order.dealer_full_name && order.dealer_full_name !== dealer.business_name && (
          <span>{order.dealer_full_name}</span>
        )}
        {(dealer.city || dealer.state) && <span>{[dealer.city, dealer.state].filter(Boolean).join(', ')}</span>}
        {(dealer.email || order.dealer_email) && <span>{dealer.email || order.dealer_email}</span>}
        {dealer.phone && <span>{dealer.phone}</span>}
      </section>

      <OrderLinesTable lines={lines} quantityCell={quantityCell} lineAction={lineAction} />

      <dl className="invoice__totals" aria-label="Totals">
        <dt>Subtotal</dt>
        <dd data-testid="invoice-subtotal">{formatCents(totals.subtotalCents)}</dd>
        <dt>Tax</dt>
        <dd>{formatCents(totals.taxCents)}</dd>
        <dt className="invoice__grand">Total</dt>
        <dd className="invoice__grand" data-testid="invoice-total">
          {formatCents(totals.totalCents)}
        </dd>
        <dt>Paid</dt>
        <dd data-testid="invoice-paid">{formatCents(totals.paidCents)}</dd>
        <dt className="invoice__balance">Balance</dt>
        <dd className="invoice__balance" data-testid="invoice-balance">
          {formatCents(totals.balanceCents)}
        </dd>
      </dl>

      {order.payments.length > 0 && (
        <section className="invoice__payments" aria-label="Payments">
          <h4>Payments</h4>
          <table>
            <tbody>
              {order.payments.map((payment) => (
                <tr key={payment.payment_id}>
                  <td>{dates.dateTime(payment.created_at)}</td>
                  <td>
                    <PaymentDescription payment={payment} />
                  </td>
                  <td className="invoice__number">{formatCents(centsOf(payment.amount))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <InvoiceDelivery order={order} />

      {showNotes && order.notes && (
        <section className="invoice__notes" aria-label="Notes">
          <h4>Notes</h4>
          <p>{order.notes}</p>
        </section>
      )}
      <p className="invoice__thanks muted">Thank you for your business.</p>
    </article>
  );
}
