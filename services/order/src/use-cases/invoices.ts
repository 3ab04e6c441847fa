import { type AuthUser, HttpError, notFound, readSystemTimezone } from '@portal/platform';
import type { OrderContext } from '../context';
import { findDeliverySignature, findOrder, ORDER_NOT_FOUND } from '../data/orders';
import { type InvoiceDocument, invoiceDocument } from '../domain/invoice-document';
import { invoiceMail } from '../domain/invoice-mail';
import type { OrderRecord } from '../domain/order-view';
import { sendMailThroughIdentity } from '../identity/identity-client';
import { renderInvoicePdf } from '../invoice/render-invoice-pdf';

/** The spec's prefix of every Email Invoice failure; the reason follows it. */
export const EMAIL_INVOICE_FAILED = 'Error sending invoice email: ';

export interface RenderedInvoice {
  invoice: InvoiceDocument;
  pdf: Buffer;
}

async function render(ctx: OrderContext, order: OrderRecord, includeNotes: boolean): Promise<RenderedInvoice> {
  const manager = ctx.db.manager;
  const invoice = invoiceDocument(order, await ctx.deps.identity.invoiceCompany(), {
    includeNotes,
    timeZone: await readSystemTimezone(manager),
    signaturePng: order.delivered_at ? await findDeliverySignature(manager, order.order_id) : null,
  });
  return { invoice, pdf: await renderInvoicePdf(invoice) };
}

/**
 * The invoice PDF of an order, for an admin or for the dealer whose order it is (another dealer's order is
 * answered as missing, 404, so order ids cannot be probed).
 */
export async function invoicePdfForViewer(
  ctx: OrderContext,
  viewer: AuthUser,
  orderId: string,
  includeNotes: boolean,
): Promise<RenderedInvoice> {
  const order = await findOrder(ctx.db.manager, orderId);
  if (!order || (viewer.role === 'dealer' && order.dealer_id !== viewer.dealerId)) throw notFound(ORDER_NOT_FOUND);
  return render(ctx, order, includeNotes);
}

const emailFailure = (status: number, reason: string) =>
  new HttpError(status, `${EMAIL_INVOICE_FAILED}${reason}`, { success: false });

/**
 * Emails the order's invoice to its dealer with the PDF attached. Identity sends it (the product's one mail
 * sender, which holds the Email Settings), called with the admin's own Authorization header; its failure reason
 * is passed on (502).
 */
export async function mailInvoice(
  ctx: OrderContext,
  admin: AuthUser,
  authorization: string,
  request: { order_id: string; include_notes: boolean },
): Promise<void> {
  const order = await findOrder(ctx.db.manager, request.order_id);
  if (!order) throw emailFailure(404, 'the order was not found');
  const to = order.dealer?.email?.trim();
  if (!to) throw emailFailure(400, 'the dealer has no email address');
  const { invoice, pdf } = await render(ctx, order, request.include_notes);
  const mail = invoiceMail(invoice);
  const outcome = await sendMailThroughIdentity(ctx, authorization, {
    to: [to],
    subject: mail.subject,
    text: mail.text,
    purpose: 'invoice',
    attachments: [
      { filename: invoice.fileName, content_type: 'application/pdf', content_base64: pdf.toString('base64') },
    ],
  });
  if (!outcome.sent) throw emailFailure(outcome.status, outcome.reason);
  ctx.logger.info({ orderId: order.order_id, by: admin.email, messageId: outcome.messageId }, 'invoice emailed');
}
