import { PAGE_LIMIT_MAX } from '@portal/contracts';

/** The page an export reads at a time: the largest the server gives. */
export const EXPORT_PAGE_LIMIT = PAGE_LIMIT_MAX;

/**
 * Every row of a paged list, read page after page (`limit` = EXPORT_PAGE_LIMIT, then each `next_cursor`) until
 * the last: a CSV export holds the whole list, not the rows a screen happened to load. A server that answers the
 * whole list at once (no `next_cursor`) is read in one call. Used where the server offers no export of its own.
 */
export async function readAllPages<Page extends { next_cursor?: string | null }, Row>(
  readPage: (cursor: string | undefined) => Promise<Page>,
  rowsOf: (page: Page) => readonly Row[],
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await readPage(cursor);
    rows.push(...rowsOf(page));
    if (!page.next_cursor) return rows;
    cursor = page.next_cursor;
  }
}
