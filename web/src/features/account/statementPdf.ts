import { contractRequest } from '../../api/contractRequest';
import { routes } from '../../api/routes';
import { saveBlob } from '../../ui/saveBlob';
import { failureDetail } from '../orders/orderMessages';
import { statementFilename } from './accountView';

/** Whose statement: the signed-in dealer's own, or (an admin) a dealer's by its id. */
export type StatementOwner = { kind: 'own' } | { kind: 'dealer'; dealerId: string };

/**
 * Downloads a statement as a PDF (GET /api/dealer/statement or /api/admin/dealer-statement/{id} with format=pdf),
 * fetched with the bearer token as a blob, as the invoice PDF is, then offered to the browser's downloads.
 * `range` is the first and last day of the statement on screen, so the PDF holds what the screen shows. Resolves
 * with the file name; rejects with the server's reason.
 */
export async function downloadStatementPdf(
  token: string | null,
  owner: StatementOwner,
  range: { from: string; to: string },
): Promise<string> {
  const query = new URLSearchParams({ from: range.from, to: range.to, format: 'pdf' });
  const request =
    owner.kind === 'own'
      ? contractRequest(routes['dealer.statement'], {})
      : contractRequest(routes['admin.dealerStatement'], { params: { dealer_id: owner.dealerId } });
  let response: Response;
  try {
    response = await fetch(`${request.url}?${query}`, {
      method: request.method,
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
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
  const filename = statementFilename(response.headers.get('Content-Disposition'), range);
  saveBlob(await response.blob(), filename);
  return filename;
}
