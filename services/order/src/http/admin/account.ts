import { type Statement, type StatementQuery, succeeded } from '@portal/contracts';
import { SENT, streamCsv } from '@portal/platform';
import type { Response } from 'express';
import type { OrderContext, OrderHandler } from '../../context';
import {
  arAgingCsvExport,
  arAgingPage,
  dealerStatementPage,
  mailStatement,
  ownDealerId,
  dealerStatement as readDealerStatement,
  statementPdf,
} from '../../use-cases/statements';

/**
 * A statement as JSON (one page of its entries), or with format=pdf as the PDF download of every entry (the
 * contract refuses limit/cursor with format=pdf).
 */
async function answerStatement(
  dealerId: string,
  query: StatementQuery,
  res: Response,
  ctx: OrderContext,
): Promise<Statement | typeof SENT> {
  const { format, limit, cursor, ...range } = query;
  if (format === 'json') return dealerStatementPage(ctx, dealerId, { ...range, limit, cursor }, new Date());
  const { pdf, fileName } = await statementPdf(ctx, await readDealerStatement(ctx, dealerId, range, new Date()));
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(pdf);
  return SENT;
}

/** GET /api/admin/dealer-statement/{dealer_id} — any dealer's statement for a date range (admin). */
export const dealerStatement: OrderHandler<'admin.dealerStatement'> = async ({ params, query, res }, ctx) => {
  const answer = await answerStatement(params.dealer_id, query, res, ctx);
  return answer === SENT ? SENT : succeeded({ statement: answer });
};

/** GET /api/dealer/statement — the signed-in dealer's own statement (the dealer is the token's). */
export const ownStatement: OrderHandler<'dealer.statement'> = async ({ query, user, res }, ctx) => {
  const answer = await answerStatement(ownDealerId(user), query, res, ctx);
  return answer === SENT ? SENT : succeeded({ statement: answer });
};

/** POST /api/admin/email-statement/{dealer_id} — the statement PDF mailed to the dealer's email. */
export const emailStatement: OrderHandler<'admin.emailStatement'> = async ({ params, body, user, req }, ctx) => {
  await mailStatement(ctx, user, req.header('authorization') ?? '', params.dealer_id, body, new Date());
  return succeeded({ detail: 'Statement email sent successfully!', message: 'Statement email sent successfully!' });
};

/** GET /api/admin/ar-aging — every dealer with something unpaid, by business name (a page with limit/cursor). */
export const arAging: OrderHandler<'admin.arAging'> = async ({ query }, ctx) =>
  succeeded(await arAgingPage(ctx, query, new Date()));

/** GET /api/admin/ar-aging/export — the report's every dealer as a CSV download, streamed while it is read. */
export const exportArAging: OrderHandler<'admin.exportArAging'> = async ({ query, res }, ctx) =>
  streamCsv(ctx.db, res, await arAgingCsvExport(ctx, query, new Date()), { logger: ctx.logger });
