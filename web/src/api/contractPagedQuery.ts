import { PAGE_LIMIT_DEFAULT } from '@portal/contracts/values';
import type {
  EndpointBuilder,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
  ResultDescription,
} from '@reduxjs/toolkit/query/react';
import type { ApiBaseQuery, CallOptions } from './baseQuery';
import { type AnyArg, contractRequest, withoutBlanks } from './contractRequest';
import type { EndpointId } from './contractRoutes';
import type { ArgOf, ResponseOf } from './contractTypes';
import { routes } from './routes';
import type { TagType } from './tags';

type Build = EndpointBuilder<ApiBaseQuery, TagType, 'api'>;

/** What a page of any paged list answers besides its rows (contracts' `pageable`). */
interface PageFields {
  next_cursor?: string | null;
  total?: number;
}

/** The endpoints whose answer may be a page. */
export type PagedEndpointId = {
  [K in EndpointId]: ResponseOf<K> extends PageFields & { next_cursor?: unknown } ? K : never;
}[EndpointId];

/** The rows a client asks for per page (the server allows 1–200). */
export const PAGE_SIZE = PAGE_LIMIT_DEFAULT;

/**
 * A paged list endpoint from its contract declaration, as an RTK Query infinite query: each page is asked with
 * `limit` and the previous page's `next_cursor`, the argument holds the filters, sort and search (a new argument
 * is a new list, read from its first page). Read the rows with `usePagedRows`.
 *
 *   getAllOrdersPages: contractPagedQuery(build, 'admin.allOrders', { providesTags: ['Orders'] })
 */
export function contractPagedQuery<Id extends PagedEndpointId>(
  build: Build,
  id: Id,
  options: PagedQueryOptions<Id> = {},
) {
  return contractPagedQueryBy(build, id, (page) => (page as PageFields).next_cursor, options);
}

interface PagedQueryOptions<Id extends EndpointId> {
  providesTags?: ResultDescription<
    TagType,
    { pages: ResponseOf<Id>[]; pageParams: (string | undefined)[] },
    ArgOf<Id>,
    FetchBaseQueryError,
    FetchBaseQueryMeta | undefined
  >;
}

/**
 * As contractPagedQuery, for an answer whose next cursor is not at its top: a statement pages its `entries` and
 * answers `statement.next_cursor` (`nextCursorOf` reads it).
 */
export function contractPagedQueryBy<Id extends EndpointId>(
  build: Build,
  id: Id,
  nextCursorOf: (page: ResponseOf<Id>) => string | null | undefined,
  options: PagedQueryOptions<Id> = {},
) {
  const route = routes[id];
  const extraOptions: CallOptions = { anonymous: route.anonymous };
  return build.infiniteQuery<ResponseOf<Id>, ArgOf<Id>, string | undefined>({
    infiniteQueryOptions: {
      initialPageParam: undefined,
      getNextPageParam: (lastPage) => nextCursorOf(lastPage) ?? undefined,
    },
    query: ({ queryArg, pageParam }) => {
      const arg = (queryArg ?? {}) as AnyArg;
      const query = { ...arg.query, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) };
      return contractRequest(route, { ...arg, query: withoutBlanks(query) });
    },
    extraOptions,
    providesTags: options.providesTags,
  });
}
