import { createHash } from 'node:crypto';
import { isPaged, PAGE_LIMIT_DEFAULT } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { HttpError } from '../http/errors';

/**
 * Keyset pagination for every list of every service (issue 18): one page is the rows after the previous page's
 * last key in the list's order, read from an index on exactly that order — the same cost on page 1 and on
 * page 20,000, and a row added or changed between two reads never makes a page repeat or skip a row.
 *
 * A list declares its orders once (`KeysetOrders`); a use case asks for a page with the client's
 * `limit`/`cursor`/`sort` and its own filter conditions (`readPage`). The cursor is opaque to the client:
 * base64url JSON of the sort, a digest of the filters, the last row's key (as PostgreSQL's text of each key
 * part, so timestamps keep their microseconds) and the total counted for the first page.
 */

/** A PostgreSQL type a key part is compared as: the cursor's text is cast back to it. */
export type KeyType = 'text' | 'timestamptz' | 'numeric' | 'bigint' | 'integer' | 'boolean' | 'date' | 'uuid';

export interface KeyPart {
  /** the SQL expression, over the list's FROM aliases; never null (coalesce it, or set `nullable`) */
  sql: string;
  type: KeyType;
  /**
   * The column may be null: the key then sorts by `(sql IS NULL)` first and `coalesce(sql, <blank>)` after,
   * which keeps PostgreSQL's own order (nulls last ascending, first descending). Index those two expressions.
   */
  nullable?: boolean;
}

export interface KeysetOrders<S extends string> {
  /** each sortable column's key parts, in order (the tie-breaker is appended) */
  sorts: Record<S, readonly KeyPart[]>;
  /** a unique key that ends every order, so no two rows tie (e.g. the primary key) */
  tieBreaker: KeyPart;
  /** the order of the specification's answer, as `column` or `-column` */
  defaultSort: S | `-${S}`;
}

export interface PageRequest {
  limit?: number;
  cursor?: string;
  sort?: string;
}

export interface PageQuery {
  /** what each row selects, e.g. `o.*` or a JSON projection (the key columns are added) */
  select: string;
  /** `FROM ... JOIN ...` */
  from: string;
  /** the filter conditions, ANDed; they may use `$1..$n` of `params` */
  where: readonly string[];
  params: readonly unknown[];
  /**
   * Whatever the filters are made of (the parsed query without limit, cursor and sort): a cursor is refused
   * when the filters it was made for are not the filters of the request.
   */
  filterKey: unknown;
  /** how to count the rows that match, when a cheaper way than `count(*)` of the filtered rows exists */
  count?: () => Promise<number>;
}

export interface Page<Row> {
  rows: Row[];
  /** set only when the request asked for a page */
  page?: { next_cursor: string | null; total: number };
}

const CURSOR_VERSION = 1;

interface CursorBody {
  v: number;
  s: string;
  f: string;
  k: string[];
  t: number;
}

const badCursor = () => new HttpError(400, 'cursor: must be the next_cursor of the previous page');

function digest(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('base64url')
    .slice(0, 12);
}

function encodeCursor(body: CursorBody): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function decodeCursor(cursor: string): CursorBody {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const c = body as Partial<CursorBody>;
  if (
    c?.v !== CURSOR_VERSION ||
    typeof c.s !== 'string' ||
    typeof c.f !== 'string' ||
    !Array.isArray(c.k) ||
    !c.k.every((part) => typeof part === 'string') ||
    typeof c.t !== 'number' ||
    !Number.isSafeInteger(c.t) ||
    c.t < 0
  )
    throw badCursor();
  return c as CursorBody;
}

const BLANK: Record<KeyType, string> = {
  text: "''",
  timestamptz: "'-infinity'::timestamptz",
  numeric: '0',
  bigint: '0',
  integer: '0',
  boolean: 'false',
  date: "'-infinity'::date",
  uuid: "'00000000-0000-0000-0000-000000000000'::uuid",
};

/** The key parts of one sort as plain expressions, a nullable part split in two. */
function expand(parts: readonly KeyPart[]): { sql: string; type: KeyType }[] {
  return parts.flatMap((part) =>
    part.nullable
      ? [
          { sql: `(${part.sql}) IS NULL`, type: 'boolean' as const },
          { sql: `coalesce(${part.sql}, ${BLANK[part.type]})`, type: part.type },
        ]
      : [{ sql: part.sql, type: part.type }],
  );
}

/** The sort of a request: its key expressions and direction. */
export function resolveSort<S extends string>(orders: KeysetOrders<S>, sort: string | undefined) {
  const name = sort ?? orders.defaultSort;
  const descending = name.startsWith('-');
  const column = (descending ? name.slice(1) : name) as S;
  const parts = orders.sorts[column];
  if (!parts) throw new HttpError(400, `sort: must be one of ${Object.keys(orders.sorts).join(', ')}`);
  const keys = expand([...parts, orders.tieBreaker]);
  const direction = descending ? 'DESC' : 'ASC';
  return {
    name,
    keys,
    orderBy: keys.map((key) => `${key.sql} ${direction}`).join(', '),
    /** the row comparison that keeps the rows after a key */
    after: (first: number) =>
      `(${keys.map((key) => key.sql).join(', ')}) ${descending ? '<' : '>'} (${keys
        .map((key, i) => `$${first + i}::${key.type}`)
        .join(', ')})`,
  };
}

/**
 * One page of a list (or, when the request asks for no page, the whole list in the same order): the rows, and
 * when paged the next cursor and the total. The total is counted when the first page is read and carried in
 * the cursor, so a page deep in the list costs only its own rows.
 */
export async function readPage<Row extends Record<string, unknown>, S extends string>(
  manager: EntityManager,
  orders: KeysetOrders<S>,
  request: PageRequest,
  query: PageQuery,
): Promise<Page<Row>> {
  const paged = isPaged(request);
  const sort = resolveSort(orders, request.sort);
  const filters = digest(query.filterKey);
  const where = [...query.where];
  const params = [...query.params];
  let total: number | undefined;
  if (request.cursor !== undefined) {
    const cursor = decodeCursor(request.cursor);
    if (cursor.s !== sort.name || cursor.f !== filters || cursor.k.length !== sort.keys.length)
      throw new HttpError(
        400,
        'cursor: belongs to another sort or filter of this list; start again from the first page',
      );
    where.push(sort.after(params.length + 1));
    params.push(...cursor.k);
    total = cursor.t;
  }
  const whereOf = (conditions: readonly string[]) =>
    conditions.length ? `WHERE ${conditions.map((c) => `(${c})`).join(' AND ')}` : '';
  // a cursor without a limit reads the contract's default page
  const limit = paged ? (request.limit ?? PAGE_LIMIT_DEFAULT) : null;
  const keyColumns = sort.keys.map((key, i) => `(${key.sql})::text AS "__key${i}"`).join(', ');
  const sql = `SELECT ${query.select}, ${keyColumns} ${query.from} ${whereOf(where)} ORDER BY ${sort.orderBy}${
    limit === null ? '' : ` LIMIT ${limit + 1}`
  }`;
  const counting =
    paged && total === undefined
      ? (query.count?.() ??
        manager
          .query(`SELECT count(*)::bigint AS n ${query.from} ${whereOf(query.where)}`, [...query.params])
          .then((rows: { n: string }[]) => Number(rows[0]?.n ?? 0)))
      : undefined;
  const reading = (manager.query(sql, params) as Promise<Row[]>).catch((err: unknown) => {
    // a cursor whose key does not cast back to the key's type (22P02, 22007, 22008...) was not made here
    if (request.cursor !== undefined && /^22/.test(String((err as { code?: unknown }).code))) throw badCursor();
    throw err;
  });
  const [found, counted] = await Promise.all([reading, counting]);
  const more = limit !== null && found.length > limit;
  const rows = more ? found.slice(0, limit) : found;
  const last = rows.at(-1);
  const keysOfLast = last ? sort.keys.map((_, i) => String(last[`__key${i}`])) : [];
  for (const row of rows) for (let i = 0; i < sort.keys.length; i++) delete row[`__key${i}`];
  if (!paged) return { rows };
  const pageTotal = total ?? counted ?? 0;
  return {
    rows,
    page: {
      next_cursor: more
        ? encodeCursor({ v: CURSOR_VERSION, s: sort.name, f: filters, k: keysOfLast, t: pageTotal })
        : null,
      total: pageTotal,
    },
  };
}
