import { contractRequest } from '../../api/contractRequest';
import { downloadPdf } from '../../api/downloadPdf';
import { routes } from '../../api/routes';
import { pdfFilename } from './invoiceFile';

/**
 * Downloads an order's invoice as a PDF (GET /api/admin/invoice-pdf/{order_id}, admin or the order's dealer).
 * Resolves with the file name; rejects with the reason (the server's detail when it sent one).
 */
export function downloadInvoicePdf(
  token: string | null,
  order: { order_id: string; order_number: string },
  includeNotes = true,
): Promise<string> {
  const request = contractRequest(routes['admin.invoicePdf'], {
    params: { order_id: order.order_id },
    query: { include_notes: String(includeNotes) },
  });
  return downloadPdf(token, request, (disposition) => pdfFilename(disposition, order.order_number));
}
