import { z } from 'zod';
import { Ok } from '../common';
import { access, endpoint } from '../endpoint';
import { ArAgingRow, Statement } from '../entities/account';
import { DateOnly, idParams } from '../fields';
import { pageable } from '../list-query';
import { ArAgingExportQuery, ArAgingQuery, EmailStatementRequest, StatementQuery } from '../requests/account';

/** A dealer's account (issue 24): statements, aging and the AR aging report. The order service owns them. */
const owner = 'order' as const;
const StatementResponse = Ok.extend({ statement: Statement });
const AgingCsv = z
  .string()
  .describe('the AR aging report as CSV: UTF-8 with a byte-order mark, every cell quoted, CRLF');

export const accountEndpoints = {
  'admin.dealerStatement': endpoint({
    id: 'admin.dealerStatement',
    method: 'GET',
    path: '/api/admin/dealer-statement/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary:
      "A dealer's statement for a date range: opening balance, every order and payment with the running balance, closing balance and aging; format=pdf answers it as a PDF",
    params: idParams('dealer_id'),
    query: StatementQuery,
    response: StatementResponse,
    pdfWithFormat: true,
    beyondSpec: true,
  }),
  'dealer.statement': endpoint({
    id: 'dealer.statement',
    method: 'GET',
    path: '/api/dealer/statement',
    owner,
    access: access.roles('dealer'),
    summary: "The signed-in dealer's own statement (as admin.dealerStatement); format=pdf answers it as a PDF",
    query: StatementQuery,
    response: StatementResponse,
    pdfWithFormat: true,
    beyondSpec: true,
  }),
  'admin.emailStatement': endpoint({
    id: 'admin.emailStatement',
    method: 'POST',
    path: '/api/admin/email-statement/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "Email a dealer its statement for a date range, the PDF attached, to the dealer's email",
    params: idParams('dealer_id'),
    body: EmailStatementRequest,
    response: Ok,
    beyondSpec: true,
  }),
  'admin.arAging': endpoint({
    id: 'admin.arAging',
    method: 'GET',
    path: '/api/admin/ar-aging',
    owner,
    access: access.roles('admin'),
    summary:
      'Every dealer with something unpaid, by business name, its balance by days past due (as of today in the system timezone); paged by keyset',
    query: ArAgingQuery,
    response: pageable(Ok.extend({ as_of: DateOnly, dealers: z.array(ArAgingRow) })),
    beyondSpec: true,
  }),
  'admin.exportArAging': endpoint({
    id: 'admin.exportArAging',
    method: 'GET',
    path: '/api/admin/ar-aging/export',
    owner,
    access: access.roles('admin'),
    summary: "The AR aging report's every dealer as a CSV download (streamed)",
    query: ArAgingExportQuery,
    response: AgingCsv,
    responseKind: 'csv',
    beyondSpec: true,
  }),
} as const;
