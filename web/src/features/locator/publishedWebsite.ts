import { useEffect, useState } from 'react';
import { publicCall } from '../../api/publicCall';

/** The most dealers one question names (the contract's limit). */
const MAX_PER_CALL = 20;

/** What was learnt of each dealer's generated website this visit: its address when live, null when not. */
const known = new Map<string, Promise<string | null>>();
/** Dealers asked about during this task, asked together in one call once it ends. */
let waiting: { dealerId: string; resolve: (path: string | null) => void }[] = [];

async function askLiveWebsites(batch: typeof waiting): Promise<void> {
  const result = await publicCall('public.liveDealerWebsites', {
    query: { dealer_ids: batch.map((entry) => entry.dealerId).join(',') },
  });
  const live = new Map(result.data?.websites.map((site) => [site.dealer_id, site.website_url]));
  for (const entry of batch) {
    // an unanswered question is not kept: the next popup asks again
    if (!result.data) known.delete(entry.dealerId);
    entry.resolve(live.get(entry.dealerId) ?? null);
  }
}

function flush(): void {
  const batch = waiting;
  waiting = [];
  for (let at = 0; at < batch.length; at += MAX_PER_CALL) void askLiveWebsites(batch.slice(at, at + MAX_PER_CALL));
}

/**
 * A dealer's live generated website (published, dealer active), or null: asked of the server once per dealer per
 * visit, the dealers one screen shows (the 5 closest) in one call.
 */
export function publishedWebsite(dealerId: string): Promise<string | null> {
  let found = known.get(dealerId);
  if (!found) {
    found = new Promise<string | null>((resolve) => {
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push({ dealerId, resolve });
    });
    known.set(dealerId, found);
  }
  return found;
}

/** A dealer's live generated website (its path), once known; null while unknown or when it is not published. */
export function usePublishedWebsite(dealerId: string): string | null {
  const [path, setPath] = useState<{ id: string; path: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    void publishedWebsite(dealerId).then((found) => {
      if (current) setPath({ id: dealerId, path: found });
    });
    return () => {
      current = false;
    };
  }, [dealerId]);
  return path?.id === dealerId ? path.path : null;
}
