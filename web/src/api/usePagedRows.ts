import { useCallback, useMemo } from 'react';

/** What an RTK Query infinite query hook answers, as far as a paged table needs it. */
interface InfiniteResult<Page> {
  data?: { pages: readonly Page[] };
  isFetching: boolean;
  isLoading: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  error?: unknown;
  fetchNextPage: () => unknown;
}

export interface PagedRows<Row> {
  /** every row of the pages read so far */
  rows: readonly Row[];
  /** how many rows match the filters, from the first page; undefined until it arrived */
  total: number | undefined;
  /** true while the first page of the current filters is on its way: show "Loading…", never "no rows" or 0 */
  loading: boolean;
  /** true while a further page is on its way */
  loadingMore: boolean;
  hasMore: boolean;
  /** asks for the next page unless one is on its way or there is none */
  loadMore: () => void;
  error: unknown;
}

/**
 * The rows of a paged list (`contractPagedQuery`): the pages' rows in order, the total, and whether the first
 * page of the current filters is still loading. While the filters change, the previous list is not shown as
 * the new one's (RTK Query keeps the last data of the hook): `loading` stays true until the new first page.
 */
export function usePagedRows<Page, Row>(
  result: InfiniteResult<Page> & { currentData?: { pages: readonly Page[] } },
  rowsOf: (page: Page) => readonly Row[],
  totalOf: (page: Page) => number | undefined = (page) => (page as { total?: number }).total,
): PagedRows<Row> {
  const data = result.currentData;
  const rows = useMemo(() => (data ? data.pages.flatMap((page) => rowsOf(page)) : []), [data, rowsOf]);
  const first = data?.pages[0];
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = result;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  return {
    rows,
    total: first === undefined ? undefined : totalOf(first),
    loading: data === undefined && !result.error,
    loadingMore: isFetchingNextPage,
    hasMore: hasNextPage,
    loadMore,
    error: result.error,
  };
}
