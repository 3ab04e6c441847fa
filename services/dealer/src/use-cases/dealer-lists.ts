import type { DealerContext } from '../context';
import { type BuiltList, currentList, type ListStatus } from '../data/dealer-lists';

/**
 * A dealer list as of now, as the JSON answer and its ETag: rebuilt only when its rows changed since the last
 * answer, so repeated reads of an unchanged list cost one scan.
 */
export function dealerList(ctx: DealerContext, status: ListStatus, withStates: boolean): Promise<BuiltList> {
  return currentList(ctx.db, status, withStates);
}
