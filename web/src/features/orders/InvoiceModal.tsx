import type { Order, OrderStatus } from '@portal/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAppSelector } from '../../app/hooks';
import { orderStatusText } from '../../format/statusLabels';
import { Button } from '../../ui/Button';
import { SelectInput } from '../../ui/FormField';
import { Modal } from '../../ui/Modal';
import { HistoryDisclosure } from '../audit/HistoryDisclosure';
import { HistoryPanel } from '../audit/HistoryPanel';
import { OrderTimelineDisclosure } from '../my-orders/OrderTimeline';
import { useGetProductsQuery } from '../products/catalogApi';
import { selectToken } from '../session/sessionSlice';
import { AddItemForm, QuantityInput } from './AddItemForm';
import { FooterMessage } from './FooterMessage';
import { InvoiceDocument } from './InvoiceDocument';
import {
  addCatalogueLine,
  type DraftLine,
  draftFromOrder,
  linesPayload,
  withoutLine,
  withQuantity,
} from './invoiceDraft';
import { downloadInvoicePdf } from './invoicePdf';
import { INVOICE_EMAIL_SENT, invoiceEmailFailure, ORDER_UPDATED, updateOrderFailure } from './orderMessages';
import { type InvoiceContext, statusOptions } from './orderStatusOptions';
import { useEmailInvoiceMutation, useGetInvoiceCompanyQuery, useUpdateOrderMutation } from './ordersApi';
import { RecordPaymentModal } from './RecordPaymentModal';
import { ReleaseHoldModal } from './ReleaseHoldModal';
import './invoice.css';

interface InvoiceModalProps {
  order: Order;
  context: InvoiceContext;
  onClose: () => void;
}

/**
 * The invoice modal: the invoice (company, dealer, lines, totals, payments) and, for admins, Record Payment,
 * the status select, quantity edits and Add Item while the chosen status is pending, the order's timeline (as
 * its dealer tracks it) and history, Print Invoice, Email Invoice, Download PDF and Update Invoice. Print shows
 * only the invoice (a copy rendered for print, see invoice.css).
 */
export function InvoiceModal({ order, context, onClose }: InvoiceModalProps) {
  const admin = context !== 'dealer';
  const { data: company } = useGetInvoiceCompanyQuery(undefined, { refetchOnFocus: true });
  const { data: products = [] } = useGetProductsQuery(undefined, { skip: !admin });
  const token = useAppSelector(selectToken);
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [lines, setLines] = useState<DraftLine[]>(() => draftFromOrder(order));
  const [includeNotes, setIncludeNotes] = useState(true);
  const [message, setMessage] = useState<string>();
  const [paying, setPaying] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [updateOrder, { isLoading: updating }] = useUpdateOrderMutation();
  const [emailInvoice, { isLoading: emailing }] = useEmailInvoiceMutation();
  const editable = admin && status === 'pending';
  const number = order.order_number;

  async function update() {
    try {
      const saved = await updateOrder({
        params: { order_id: order.order_id },
        body: { status, product_details: linesPayload(lines) },
      }).unwrap();
      setLines(draftFromOrder(saved.order));
      setStatus(saved.order.status);
      setMessage(ORDER_UPDATED);
    } catch (failure) {
      setMessage(updateOrderFailure(failure));
    }
  }

  async function email() {
    try {
      await emailInvoice({ body: { order_id: order.order_id, include_notes: includeNotes } }).unwrap();
      setMessage(INVOICE_EMAIL_SENT);
    } catch (failure) {
      setMessage(invoiceEmailFailure(failure));
    }
  }

  async function download() {
    setDownloading(true);
    try {
      const filename = await downloadInvoicePdf(token, order, admin ? includeNotes : true);
      setMessage(`Downloading ${filename}...`);
    } catch (failure) {
      setMessage(`Error downloading invoice PDF: ${(failure as Error).message}`);
    } finally {
      setDownloading(false);
    }
  }

  const document = (editing: boolean) => (
    <InvoiceDocument
      order={order}
      company={company}
      lines={lines}
      showNotes={!admin || includeNotes}
      quantityCell={
        editing
          ? (line) => (
              <QuantityInput
                line={line}
                onChange={(quantity) => setLines((old) => withQuantity(old, line.product_id, quantity))}
              />
            )
          : undefined
      }
      lineAction={
        editing
          ? (line) => (
              <button
                type="button"
                className="invoice__remove"
                aria-label={`Remove ${line.title}`}
                disabled={lines.length <= 1}
                onClick={() => setLines((old) => withoutLine(old, line.product_id))}
              >
                ×
              </button>
            )
          : undefined
      }
    />
  );

  const footer = admin ? (
    <div className="invoice-actions">
      <FooterMessage text={message} />
      {order.on_hold && (
        <Button variant="secondary" onClick={() => setReleasing(true)}>
          Release Hold
        </Button>
      )}
      <Button
        variant="secondary"
        onClick={() => setPaying(true)}
        disabled={order.payment_status === 'fully_paid' || order.status === 'cancelled'}
      >
        Record Payment
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        Print Invoice
      </Button>
      <Button variant="secondary" onClick={email} busy={emailing} busyLabel="Sending...">
        Email Invoice
      </Button>
      <Button variant="secondary" onClick={download} busy={downloading} busyLabel="Downloading...">
        Download PDF
      </Button>
      <Button onClick={update} busy={updating} busyLabel="Updating...">
        Update Invoice
      </Button>
    </div>
  ) : (
    <div className="invoice-actions">
      <FooterMessage text={message} />
      <Button variant="secondary" onClick={download} busy={downloading} busyLabel="Downloading...">
        Download PDF
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        Print Invoice
      </Button>
      <Button onClick={onClose}>Close</Button>
    </div>
  );

  return (
    <>
      <Modal open title={`Invoice — Order ${number}`} onClose={onClose} footer={footer} size="wide">
        <div className="stack">
          {context !== 'dealer' && (
            <div className="invoice-controls">
              <SelectInput
                label="Status"
                value={status}
                onChange={(value) => setStatus(value as OrderStatus)}
                options={statusOptions(context, order.status).map((value) => ({
                  value,
                  label: orderStatusText(value),
                }))}
              />
              <label className="invoice-controls__check">
                <input
                  type="checkbox"
                  checked={includeNotes}
                  onChange={(event) => setIncludeNotes(event.target.checked)}
                />
                Include notes in the invoice
              </label>
            </div>
          )}
          {admin && !editable && (
            <p className="muted invoice-controls__hint">
              Items and quantities can be changed only while the status is pending.
            </p>
          )}
          {document(editable)}
          {editable && (
            <AddItemForm
              products={products}
              onAddProduct={(product, quantity) => setLines((old) => addCatalogueLine(old, product, quantity))}
              onAddCustom={(line) => setLines((old) => [...old, line])}
            />
          )}
          {admin && <OrderTimelineDisclosure order={order} />}
          {admin && (
            <HistoryDisclosure className="invoice-history">
              <HistoryPanel title="Order changes" entity="order" entityId={order.order_id} />
              <HistoryPanel title="Delivery" entity="delivery_proof" entityId={order.order_id} />
            </HistoryDisclosure>
          )}
        </div>
      </Modal>
      {paying && (
        <RecordPaymentModal
          order={order}
          onClose={() => setPaying(false)}
          onRecorded={(text) => {
            setPaying(false);
            setMessage(text);
          }}
        />
      )}
      {releasing && (
        <ReleaseHoldModal
          order={order}
          onClose={() => setReleasing(false)}
          onReleased={(text) => {
            setReleasing(false);
            setMessage(text);
          }}
        />
      )}
      <PrintCopy>{document(false)}</PrintCopy>
    </>
  );
}

/**
 * The invoice as printed: a copy outside the app (a child of <body>), so the print stylesheet can hide
 * everything else — the page, the dialog, its buttons — and print one clean invoice.
 */
function PrintCopy({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = window.document.createElement('div');
    element.className = 'invoice-print';
    window.document.body.append(element);
    window.document.documentElement.classList.add('has-invoice-print');
    setHost(element);
    return () => {
      element.remove();
      window.document.documentElement.classList.remove('has-invoice-print');
    };
  }, []);
  return host ? createPortal(children, host) : null;
}
