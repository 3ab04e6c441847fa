/** What a test's call of a list answers (a supertest response): its status and JSON body. */
export interface ListAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the body of any list, as the tests read it
  body: any;
}

export type ListQuery = Record<string, string | number>;

/**
 * Every page of a paged list, read with `limit` from the first page and following `next_cursor` to the last:
 * the rows under `key` in the order read, and each page's `total`. Throws when a page is refused or holds more
 * rows than the limit, so a test that pages a list checks that much of the paging on every page.
 */
export async function readAllPages<Row>(
  read: (query: ListQuery) => PromiseLike<ListAnswer>,
  key: string,
  query: ListQuery,
  limit: number,
): Promise<{ rows: Row[]; totals: number[] }> {
  const rows: Row[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await read({ ...query, limit, ...(cursor ? { cursor } : {}) });
    if (res.status !== 200) throw new Error(`a page answered ${res.status}: ${JSON.stringify(res.body)}`);
    const page = res.body[key] as Row[];
    if (page.length > limit) throw new Error(`a page of limit ${limit} held ${page.length} rows`);
    rows.push(...page);
    totals.push(res.body.total);
    cursor = res.body.next_cursor;
  } while (cursor);
  return { rows, totals };
}

/**
 * The rows of a list asked for without a page (the specification's whole answer): throws when it is refused or
 * carries `next_cursor` or `total`, which only a page may.
 */
export async function readWholeList<Row>(
  read: (query: ListQuery) => PromiseLike<ListAnswer>,
  key: string,
  query: ListQuery = {},
): Promise<Row[]> {
  const res = await read(query);
  if (res.status !== 200) throw new Error(`the list answered ${res.status}: ${JSON.stringify(res.body)}`);
  if ('next_cursor' in res.body || 'total' in res.body) throw new Error('an unpaged list answered page fields');
  return res.body[key] as Row[];
}
