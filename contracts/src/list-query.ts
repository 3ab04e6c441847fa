import { z } from 'zod';
import { PAGE_LIMIT_MAX } from './values';

/**
 * The optional query of every list that grows with the business (issue 18), declared once here. Called
 * without parameters a list answers exactly as the specification says; with `limit` (or a `cursor`) it answers
 * one page by keyset and adds `next_cursor` and `total` next to the list, under the list's usual key.
 */

/** `q` longer than this is refused (a search, not a document) */
export const SEARCH_MAX_LENGTH = 200;

/** How a list may be sorted: a column name, or `-name` for descending. */
export type SortParam<S extends string> = S | `-${S}`;

export interface ListQuerySpec<S extends string, F extends Record<string, z.ZodType>> {
  /** the sortable columns, verbatim as the client names them */
  sorts: readonly [S, ...S[]];
  /** the list's own filters, each an optional query parameter (`q: SearchParam` for a list that searches) */
  filters?: F;
}

/** A comma-separated list of `values` (`status=pending,delivered`): answers the distinct values given. */
export function commaListOf<const T extends string>(values: readonly [T, ...T[]]) {
  const allowed = new Set<string>(values);
  return z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      const items = [...new Set(text.split(',').map((item) => item.trim()))].filter((item) => item !== '');
      const unknown = items.filter((item) => !allowed.has(item));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `"${unknown.join('", "')}" is not one of ${values.join(', ')}`,
        });
        return z.NEVER;
      }
      return items as T[];
    })
    .describe(`a comma-separated list of: ${values.join(', ')}`);
}

/** A comma-separated list of short free values (US state codes, zone names): the distinct values given. */
export const commaList = z
  .string()
  .max(2000)
  .transform((text) => [...new Set(text.split(',').map((item) => item.trim()))].filter((item) => item !== ''))
  .describe('a comma-separated list');

/** The text search of a list, `q`: trimmed; blank means no search. */
export const SearchParam = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, { message: `must be at most ${SEARCH_MAX_LENGTH} characters` })
  .describe('text search');

/** A calendar date `YYYY-MM-DD`, counted in the system timezone by the list that takes it. */
export const DateParam = z.iso.date({ message: 'must be a date written YYYY-MM-DD' });

/** `limit` and `cursor`, as every list takes them (a statement's entries too). */
export const PageParams = {
  limit: z.coerce
    .number({ message: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .int({ message: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .min(1, { message: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .max(PAGE_LIMIT_MAX, { message: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .optional()
    .describe(`the page size, 1–${PAGE_LIMIT_MAX}; the answer then adds next_cursor and total`),
  cursor: z
    .string()
    .min(1, { message: 'must be the next_cursor of the previous page' })
    .max(2000, { message: 'must be the next_cursor of the previous page' })
    .optional()
    .describe('the next_cursor of the previous page (opaque)'),
};

/**
 * The query schema of a list: `limit`, `cursor`, `sort`, `q` (when the list searches) and the list's filters.
 * Any other parameter is refused with a 400 naming it.
 */
export function listQuery<const S extends string, const F extends Record<string, z.ZodType> = Record<never, never>>(
  spec: ListQuerySpec<S, F>,
) {
  const sortValues = spec.sorts.flatMap((name) => [name, `-${name}`]) as [SortParam<S>, ...SortParam<S>[]];
  const sort = z
    .enum(sortValues, { message: `must be one of ${sortValues.join(', ')}` })
    .optional()
    .describe('the column to sort by; -column for descending');
  const filters = Object.fromEntries(
    Object.entries(spec.filters ?? {}).map(([name, schema]) => [name, (schema as z.ZodType).optional()]),
  ) as { [K in keyof F]: z.ZodOptional<F[K]> };
  const shape = { ...PageParams, sort, ...filters };
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown parameter ${issue.keys.map((key) => `"${key}"`).join(', ')}`
        : undefined,
  });
}

/** Whether a list query asks for one page (else the whole list, as the specification answers it). */
export function isPaged(query: { limit?: number; cursor?: string } | undefined): boolean {
  return query?.limit !== undefined || query?.cursor !== undefined;
}

/** What a paged answer adds next to its list. */
export const PageFields = {
  next_cursor: z
    .string()
    .nullable()
    .optional()
    .describe('present when a limit was given: the cursor of the next page, null on the last page'),
  total: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('present when a limit was given: how many rows match the filter (counted when the first page was read)'),
};

/** A list answer that may be a page: the list under its usual key, plus `next_cursor` and `total` when paged. */
export function pageable<Shape extends z.ZodRawShape>(list: z.ZodObject<Shape>) {
  return list.extend(PageFields);
}
