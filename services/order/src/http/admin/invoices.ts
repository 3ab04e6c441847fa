import { succeeded } from '@portal/contracts';
import { SENT } from '@portal/platform';
import type { OrderHandler } from '../../context';
import { invoicePdfForViewer, mailInvoice } from '../../use-cases/invoices';

/** POST /api/admin/email-invoice — the invoice PDF mailed to the dealer (order_data is ignored: rebuilt from the order). */
export const emailInvoice: OrderHandler<'admin.emailInvoice'> = async ({ body, user, req }, ctx) => {
  await mailInvoice(ctx, user, req.header('authorization') ?? '', body);
  return succeeded({ detail: 'Invoice email sent successfully!', message: 'Invoice email sent successfully!' });
};

/** GET /api/admin/invoice-pdf/{order_id} — the same PDF as a download (admin, or the dealer of the order). */
export const invoicePdf: OrderHandler<'admin.invoicePdf'> = async ({ params, query, user, res }, ctx) => {
  const { invoice, pdf } = await invoicePdfForViewer(ctx, user, params.order_id, query.include_notes);
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${invoice.fileName}"`);
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(pdf);
  return SENT;
};
