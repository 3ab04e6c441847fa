import { contractRequest } from '../../api/contractRequest';
import { downloadPdf } from '../../api/downloadPdf';
import { routes } from '../../api/routes';
import { statementFilename } from './accountView';

/** Whose statement: the signed-in dealer's own, or (an admin) a dealer's by its id. */
export type StatementOwner = { kind: 'own' } | { kind: 'dealer'; dealerId: string };

/**
 * Downloads a statement as a PDF (GET /api/dealer/statement or /api/admin/dealer-statement/{id} with format=pdf).
 * `range` is the first and last day of the statement on screen, so the PDF holds what the screen shows. Resolves
 * with the file name; rejects with the server's reason.
 */
export function downloadStatementPdf(
  token: string | null,
  owner: StatementOwner,
  range: { from: string; to: string },
): Promise<string> {
  const query = { from: range.from, to: range.to, format: 'pdf' };
  const request =
    owner.kind === 'own'
      ? contractRequest(routes['dealer.statement'], { query })
      : contractRequest(routes['admin.dealerStatement'], { params: { dealer_id: owner.dealerId }, query });
  return downloadPdf(token, request, (disposition) => statementFilename(disposition, range));
}
