import { z } from 'zod';
import { AGING_BUCKETS } from '../entities/account';
import { commaListOf, DateParam, listQuery, PageParams, SearchParam } from '../list-query';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../values';

/** How many days before today a statement starts when no `from` is given (the Account tab's default). */
export const STATEMENT_DEFAULT_DAYS = 90;
/** The longest statement: five years of days. */
export const STATEMENT_MAX_DAYS = 1830;

export const STATEMENT_RANGE = 'Error: The statement must start on or before its last day';
export const STATEMENT_TOO_LONG = `Error: A statement covers at most ${STATEMENT_MAX_DAYS} days`;

const StatementRange = {
  from: DateParam.optional().describe(
    `the first day, inclusive (default: ${STATEMENT_DEFAULT_DAYS} days before \`to\`)`,
  ),
  to: DateParam.optional().describe('the last day, inclusive (default: today in the system timezone)'),
};

/** The PDF is a document of every entry: asking it for a page is refused rather than silently ignored. */
export const STATEMENT_PDF_NOT_PAGED = 'limit and cursor page the JSON statement; its PDF holds every entry';

/**
 * GET /api/admin/dealer-statement/{dealer_id} and GET /api/dealer/statement. The JSON answer is always one page
 * of entries (`limit`, default PAGE_LIMIT_DEFAULT; `cursor`: the previous page's `next_cursor`).
 */
export const StatementQuery = z
  .strictObject(
    {
      ...StatementRange,
      format: z.enum(['json', 'pdf'], { message: 'must be json or pdf' }).default('json'),
      limit: PageParams.limit.describe(`the entries per page, 1–${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT})`),
      cursor: PageParams.cursor.describe("the statement's next_cursor (the next page of the same range)"),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown parameter ${issue.keys.map((k) => `"${k}"`).join(', ')}`
          : undefined,
    },
  )
  .refine((query) => query.format !== 'pdf' || (query.limit === undefined && query.cursor === undefined), {
    message: STATEMENT_PDF_NOT_PAGED,
    path: ['format'],
  });
export type StatementQuery = z.infer<typeof StatementQuery>;

/** POST /api/admin/email-statement/{dealer_id}: the range mailed (the same defaults as the statement). */
export const EmailStatementRequest = z.object(StatementRange);
export type EmailStatementRequest = z.infer<typeof EmailStatementRequest>;

/** GET /api/admin/ar-aging: every dealer with something unpaid, by business name, paged by keyset. */
export const ArAgingQuery = listQuery({
  sorts: ['dealer_business_name'],
  filters: {
    q: SearchParam.describe('dealer business name, contact name or email'),
    past_due: commaListOf(AGING_BUCKETS).describe('only dealers with something in one of these buckets'),
  },
});
export type ArAgingQuery = z.infer<typeof ArAgingQuery>;

/** The AR aging CSV export: the report's filters without a page (every dealer with a balance). */
export const ArAgingExportQuery = ArAgingQuery.omit({ limit: true, cursor: true });
export type ArAgingExportQuery = z.infer<typeof ArAgingExportQuery>;
