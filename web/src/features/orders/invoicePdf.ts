import type { FetchArgs } from '@reduxjs/toolkit/query';
import { contractRequest } from '../../api/contractRequest';
import { routes } from '../../api/routes';
import { saveBlob } from '../../ui/saveBlob';
import { pdfFilename } from './invoiceFile';
import { failureDetail } from './orderMessages';

function urlOf(request: FetchArgs): string {
  const params = request.params as Record<string, string> | undefined;
  return params ? `${request.url}?${new URLSearchParams(params)}` : request.url;
}

/**
 * Downloads an order's invoice as a PDF (GET /api/admin/invoice-pdf/{order_id}, admin or the order's dealer):
 * fetched with the bearer token as a blob, then offered to the browser's downloads. Resolves with the file name;
 * rejects with the reason (the server's detail when it sent one).
 */
export async function downloadInvoicePdf(
  token: string | null,
  order: { order_id: string; order_number: string },
  includeNotes = true,
): Promise<string> {
  const request = contractRequest(routes['admin.invoicePdf'], {
    params: { order_id: order.order_id },
    query: { include_notes: String(includeNotes) },
  });
  let response: Response;
  try {
    response = await fetch(urlOf(request), {
      method: request.method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new Error('no answer from the server');
  }
  if (!response.ok) {
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      // not JSON: the status says enough
    }
    throw new Error(failureDetail({ status: response.status, data }) ?? `the server answered ${response.status}`);
  }
  const filename = pdfFilename(response.headers.get('Content-Disposition'), order.order_number);
  saveBlob(await response.blob(), filename);
  return filename;
}
