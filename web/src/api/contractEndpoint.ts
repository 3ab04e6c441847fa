import type {
  EndpointBuilder,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
  ResultDescription,
} from '@reduxjs/toolkit/query/react';
import type { AppDispatch } from '../app/store';
import type { ApiBaseQuery, CallOptions } from './baseQuery';
import { type AnyArg, contractRequest } from './contractRequest';
import type { EndpointId } from './contractRoutes';
import type { ArgOf, ResponseOf } from './contractTypes';
import { routes } from './routes';
import type { TagType } from './tags';

export type { ArgOf, ResponseOf } from './contractTypes';

type Build = EndpointBuilder<ApiBaseQuery, TagType, 'api'>;
type Tags<Id extends EndpointId, T> = ResultDescription<
  TagType,
  T,
  ArgOf<Id>,
  FetchBaseQueryError,
  FetchBaseQueryMeta | undefined
>;

interface ContractEndpointOptions<Id extends EndpointId, T> {
  /** what the hook hands out instead of the whole response, e.g. `(body) => body.dealers` */
  select?: (response: ResponseOf<Id>) => T;
  /** what else a success changes, outside this API's cache (e.g. the public settings every page shows) */
  after?: (dispatch: AppDispatch) => void;
}

/** Runs `after` once the call succeeded. */
function afterSuccess(after: ((dispatch: AppDispatch) => void) | undefined) {
  if (!after) return undefined;
  return async (_arg: unknown, api: { dispatch: unknown; queryFulfilled: Promise<unknown> }) => {
    try {
      await api.queryFulfilled;
      after(api.dispatch as AppDispatch);
    } catch {
      // a failed call changed nothing
    }
  };
}

function callOf<Id extends EndpointId>(id: Id) {
  const route = routes[id];
  const extraOptions: CallOptions = { anonymous: route.anonymous };
  return {
    query: (arg: ArgOf<Id>) => contractRequest(route, arg as AnyArg | undefined),
    extraOptions,
  };
}

const whole = <R, T>(response: R) => response as unknown as T;

/**
 * A query endpoint from its contract declaration, in one line: the argument and response types, the request
 * and whether the token is sent (never on a public endpoint) all come from the declaration.
 *
 *   getDealerLogin: contractQuery(build, 'admin.dealerLoginInfo', { select: (body) => body.login_info, providesTags: ... })
 */
export function contractQuery<Id extends EndpointId, T = ResponseOf<Id>>(
  build: Build,
  id: Id,
  options: ContractEndpointOptions<Id, T> & { providesTags?: Tags<Id, T> } = {},
) {
  return build.query<T, ArgOf<Id>, ResponseOf<Id>>({
    ...callOf(id),
    transformResponse: options.select ?? whole,
    providesTags: options.providesTags,
    onQueryStarted: afterSuccess(options.after),
  });
}

/** A mutation endpoint from its contract declaration, in one line (see `contractQuery`). */
export function contractMutation<Id extends EndpointId, T = ResponseOf<Id>>(
  build: Build,
  id: Id,
  options: ContractEndpointOptions<Id, T> & { invalidatesTags?: Tags<Id, T> } = {},
) {
  return build.mutation<T, ArgOf<Id>, ResponseOf<Id>>({
    ...callOf(id),
    transformResponse: options.select ?? whole,
    invalidatesTags: options.invalidatesTags,
    onQueryStarted: afterSuccess(options.after),
  });
}
