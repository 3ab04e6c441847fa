import {
  type ArAgingExportQuery,
  type ArAgingQuery,
  type ArAgingRow,
  STATEMENT_DEFAULT_DAYS,
  STATEMENT_MAX_DAYS,
  STATEMENT_OPEN_INVOICES_SHOWN,
  STATEMENT_RANGE,
  STATEMENT_TOO_LONG,
  type Statement,
} from '@portal/contracts';
import {
  type AuthUser,
  badRequest,
  type CsvExport,
  HttpError,
  isoDayIn,
  notFound,
  readSystemTimezone,
} from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { OrderContext } from '../context';
import { defaultTermsDays } from '../data/dealer-terms';
import {
  type ArAgingFilter,
  arAgingCsvQuery,
  findStatementDealer,
  readArAgingPage,
  readStatementPage,
  readStatementRows,
  type StatementDealer,
} from '../data/statements';
import {
  AR_AGING_CSV_HEADER,
  type ArAgingDealer,
  ageOpenOrders,
  arAgingCsvFilename,
  arAgingCsvRow,
  arAgingRow,
  assembleStatement,
  type StatementModel,
  type StatementPage,
  statementFileName,
  statementPageLines,
  statementRange,
  statementRangeRefusal,
  statementView,
} from '../domain/aging';
import { dealerParty, formatDollars, invoiceCompany } from '../domain/invoice-document';
import { sendMailThroughIdentity } from '../identity/identity-client';
import { renderStatementPdf } from '../invoice/render-statement-pdf';
import { DEALER_NOT_FOUND } from './create-order';

/** The prefix of every Email Statement failure (as Email Invoice's); the reason follows it. */
export const EMAIL_STATEMENT_FAILED = 'Error sending statement email: ';

export interface DealerStatement {
  dealer: StatementDealer;
  statement: StatementModel;
}

/**
 * The statement of `dealerId` over the query's days (defaults: `to` today in the system timezone, `from`
 * STATEMENT_DEFAULT_DAYS before it): 400 for a reversed or too long range, 404 for a dealer the service never
 * heard of. Read in one REPEATABLE READ snapshot, so the opening balance, the entries and the aging agree.
 */
export async function dealerStatement(
  ctx: OrderContext,
  dealerId: string,
  query: { from?: string; to?: string },
  now: Date,
): Promise<DealerStatement> {
  return statementReading(ctx, dealerId, query, now, async (manager, { dealer, range, termsDays }) => {
    const rows = await readStatementRows(manager, dealerId, range);
    return { dealer, statement: assembleStatement({ ...range, termsDays, ...rows }) };
  });
}

/**
 * The JSON statement of `dealerId`: the figures of the whole range (by aggregate), one page of its entries
 * (`limit`, `cursor`: 400 for a cursor of another dealer or range) with their running balances, the aging of
 * every open invoice and the STATEMENT_OPEN_INVOICES_SHOWN oldest due of them. Errors as dealerStatement's.
 */
export async function dealerStatementPage(
  ctx: OrderContext,
  dealerId: string,
  query: { from?: string; to?: string; limit?: number; cursor?: string },
  now: Date,
): Promise<Statement> {
  const { limit, cursor, ...days } = query;
  return statementReading(ctx, dealerId, days, now, async (manager, { dealer, range, termsDays }) => {
    const rows = await readStatementPage(manager, dealerId, range, { limit, cursor });
    const { aging, open_invoices } = ageOpenOrders(rows.openOrders, termsDays, range.to);
    const page: StatementPage = {
      ...range,
      termsDays,
      opening_cents: rows.openingCents,
      charges_cents: rows.chargesCents,
      payments_cents: rows.paymentsCents,
      closing_cents: rows.openingCents + rows.chargesCents - rows.paymentsCents,
      lines: statementPageLines(rows.entries, rows.beforeCents, termsDays),
      entry_count: rows.entryCount,
      next_cursor: rows.nextCursor,
      aging,
      open_invoices: open_invoices.slice(0, STATEMENT_OPEN_INVOICES_SHOWN),
      open_invoice_count: open_invoices.length,
    };
    return statementView(page, dealer);
  });
}

interface StatementScope {
  dealer: StatementDealer;
  range: { from: string; to: string; timeZone: string };
  termsDays: number;
}

/**
 * Resolves a statement's days (defaults, 400 for a reversed or too long range), its dealer (404 for one the
 * service never heard of) and terms, and reads it with `read`, all in one REPEATABLE READ snapshot so the
 * opening balance, the entries and the aging agree.
 */
function statementReading<T>(
  ctx: OrderContext,
  dealerId: string,
  query: { from?: string; to?: string },
  now: Date,
  read: (manager: EntityManager, scope: StatementScope) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction('REPEATABLE READ', async (manager) => {
    const timeZone = await readSystemTimezone(manager);
    const days = statementRange(query, isoDayIn(now, timeZone), STATEMENT_DEFAULT_DAYS);
    const refusal = statementRangeRefusal(days, STATEMENT_MAX_DAYS);
    if (refusal) throw badRequest(refusal === 'order' ? STATEMENT_RANGE : STATEMENT_TOO_LONG);
    const dealer = await findStatementDealer(manager, dealerId);
    if (!dealer) throw notFound(DEALER_NOT_FOUND);
    const termsDays = dealer.payment_terms_days ?? (await defaultTermsDays(manager));
    return read(manager, { dealer, range: { ...days, timeZone }, termsDays });
  });
}

/** The signed-in dealer's own dealer id: the verified token's, never a parameter. */
export function ownDealerId(viewer: AuthUser): string {
  if (!viewer.dealerId) throw notFound(DEALER_NOT_FOUND);
  return viewer.dealerId;
}

/** The statement as a PDF, with its file name. */
export async function statementPdf(
  ctx: OrderContext,
  { dealer, statement }: DealerStatement,
): Promise<{ pdf: Buffer; fileName: string }> {
  const company = invoiceCompany(await ctx.deps.identity.invoiceCompany());
  const pdf = await renderStatementPdf({ statement, company, dealer: dealerParty(dealer.dealer_id, dealer) });
  return { pdf, fileName: statementFileName(dealer.dealer_id, dealer.business_name, statement.from, statement.to) };
}

const emailFailure = (status: number, reason: string) =>
  new HttpError(status, `${EMAIL_STATEMENT_FAILED}${reason}`, { success: false });

/**
 * Emails the dealer its statement with the PDF attached, through identity (the one mail sender, called with
 * the admin's own Authorization header) as Email Invoice does; identity's failure reason is passed on. Like
 * the invoice mail, sending changes nothing in the portal, so it is logged, not audited.
 */
export async function mailStatement(
  ctx: OrderContext,
  admin: AuthUser,
  authorization: string,
  dealerId: string,
  range: { from?: string; to?: string },
  now: Date,
): Promise<void> {
  const found = await dealerStatement(ctx, dealerId, range, now);
  const to = found.dealer.email?.trim();
  if (!to) throw emailFailure(400, 'the dealer has no email address');
  const { pdf, fileName } = await statementPdf(ctx, found);
  const company = invoiceCompany(await ctx.deps.identity.invoiceCompany());
  const dealer = dealerParty(found.dealer.dealer_id, found.dealer);
  const { statement } = found;
  const outcome = await sendMailThroughIdentity(ctx, authorization, {
    to: [to],
    // one line: a line break in a company name must not reach the header
    subject: `Statement from ${company.name} — ${statement.from} to ${statement.to}`.replace(/[\r\n]+/g, ' '),
    text: [
      `Hello ${dealer.name},`,
      '',
      `Please find attached your statement from ${statement.from} to ${statement.to}.`,
      '',
      `Opening balance: ${formatDollars(statement.opening_cents)}`,
      `Charges: ${formatDollars(statement.charges_cents)}`,
      `Payments: ${formatDollars(statement.payments_cents)}`,
      `Closing balance: ${formatDollars(statement.closing_cents)}`,
      '',
      'Thank you for your business.',
      company.name,
      ...company.lines,
    ].join('\n'),
    purpose: 'statement',
    attachments: [{ filename: fileName, content_type: 'application/pdf', content_base64: pdf.toString('base64') }],
  });
  if (!outcome.sent) throw emailFailure(outcome.status, outcome.reason);
  ctx.logger.info({ dealerId, by: admin.email, messageId: outcome.messageId }, 'statement emailed');
}

/** The report's filter: the query's, aged as of today in the system timezone. */
async function arAgingFilter(
  ctx: OrderContext,
  query: ArAgingExportQuery,
  now: Date,
): Promise<ArAgingFilter & { asOfDay: string }> {
  const manager = ctx.db.manager;
  const timeZone = await readSystemTimezone(manager);
  return {
    search: query.q || undefined,
    pastDue: query.past_due,
    defaultTermsDays: await defaultTermsDays(manager),
    asOfDay: isoDayIn(now, timeZone),
    timeZone,
  };
}

/**
 * The AR aging report: every dealer with something unpaid, by business name; with limit/cursor one page by
 * keyset (no total: see data/statements.ts). Only the page's dealers have their buckets counted.
 */
export async function arAgingPage(
  ctx: OrderContext,
  query: ArAgingQuery,
  now: Date,
): Promise<{ as_of: string; dealers: ArAgingRow[]; next_cursor?: string | null }> {
  const { limit, cursor, sort, ...filters } = query;
  const filter = await arAgingFilter(ctx, filters, now);
  // which dealers are past due changes overnight: a cursor of yesterday's past_due report is not today's
  const filterKey = filters.past_due?.length ? { ...filters, as_of: filter.asOfDay } : filters;
  const { rows, nextCursor } = await readArAgingPage(ctx.db.manager, { limit, cursor, sort }, filter, filterKey);
  return {
    as_of: filter.asOfDay,
    dealers: rows.map((row) => arAgingRow(row, filter)),
    ...(nextCursor === undefined ? {} : { next_cursor: nextCursor }),
  };
}

/** Every dealer of the report as CSV, for the platform to stream from a database cursor. */
export async function arAgingCsvExport(
  ctx: OrderContext,
  query: ArAgingExportQuery,
  now: Date,
): Promise<CsvExport<ArAgingDealer>> {
  const filter = await arAgingFilter(ctx, query, now);
  return {
    filename: arAgingCsvFilename(filter.asOfDay),
    ...arAgingCsvQuery(query.sort, filter),
    header: AR_AGING_CSV_HEADER,
    record: (row) => arAgingCsvRow(row, filter),
  };
}
