import type { Statement, StatementEntry } from '@portal/contracts';
import { usePagedRows } from '../../api/usePagedRows';

/** What an infinite query of statement pages answers, as far as the statement needs it. */
type StatementPagesResult = Parameters<typeof usePagedRows<{ statement: Statement }, StatementEntry>>[0];

export interface StatementPages {
  /** the range's figures, aging and open invoices (the first page's: every page repeats them) */
  statement: Statement | undefined;
  /** the entries of every page read so far, oldest first */
  entries: readonly StatementEntry[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

const entriesOf = (page: { statement: Statement }) => page.statement.entries;
const countOf = (page: { statement: Statement }) => page.statement.entry_count;

/** A statement read page by page (accountApi's statement pages): its figures and the entries read so far. */
export function useStatementPages(result: StatementPagesResult): StatementPages {
  const paged = usePagedRows(result, entriesOf, countOf);
  const statement = result.currentData?.pages[0]?.statement;
  return {
    statement,
    entries: paged.rows,
    hasMore: paged.hasMore,
    loadingMore: paged.loadingMore,
    loadMore: paged.loadMore,
  };
}
