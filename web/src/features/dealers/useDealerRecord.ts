import type { Dealer } from '@portal/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetArchivedDealerPagesInfiniteQuery } from './dealerPagesApi';
import { useGetDealerPagesInfiniteQuery } from './dealersApi';

export interface DealerRecord {
  dealer: Dealer | null;
  /** still looking (only when the dealer is not among the rows already read) */
  loading: boolean;
}

const exact = (pages: readonly { dealers: Dealer[] }[] | undefined, dealerId: string) =>
  pages?.flatMap((page) => page.dealers).find((dealer) => dealer.dealer_id === dealerId) ?? null;

/**
 * The dealer of an address (/admin/dealers/{dealerId}): from the list's rows when it is there, else found by its
 * id (the dealer lists' search matches dealer ids) among the active, then the archived dealers — so a reload or
 * a shared link opens the same record. There is no one-dealer endpoint for admins.
 */
export function useDealerRecord(
  dealerId: string | null,
  rows: readonly Dealer[],
  { archived: withArchived = true }: { archived?: boolean } = {},
): DealerRecord {
  const inRows = dealerId ? (rows.find((dealer) => dealer.dealer_id === dealerId) ?? null) : null;
  const lookUp = dealerId !== null && inRows === null;
  const active = useGetDealerPagesInfiniteQuery(lookUp ? { query: { q: dealerId } } : skipToken);
  const activeMatch = dealerId ? exact(active.data?.pages, dealerId) : null;
  const activeDone = lookUp && !active.isFetching && (active.isSuccess || active.isError);
  const archived = useGetArchivedDealerPagesInfiniteQuery(
    withArchived && activeDone && activeMatch === null ? { query: { q: dealerId } } : skipToken,
  );
  const archivedMatch = dealerId ? exact(archived.data?.pages, dealerId) : null;
  const dealer = inRows ?? activeMatch ?? archivedMatch;
  const archivedDone = !withArchived || (!archived.isUninitialized && !archived.isFetching);
  return { dealer, loading: dealer === null && lookUp && !(activeDone && archivedDone) };
}
