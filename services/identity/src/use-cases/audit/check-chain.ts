import type { EntityManager } from 'typeorm';
import { walkAuditLog } from '../../data/audit/audit-log';
import { type ChainBreak, chainChecker } from '../../domain/audit/audit-chain';

export type ChainCheck = { intact: true; entries: number } | { intact: false; entries: number; broken: ChainBreak };

/** Walks the whole log in id order, a batch at a time, recomputing every hash: the first break, or intact. */
export async function checkAuditChain(manager: EntityManager, batchSize?: number): Promise<ChainCheck> {
  const checker = chainChecker();
  let broken: ChainBreak | null = null;
  await walkAuditLog(
    manager,
    (entries) => {
      for (const entry of entries) {
        broken = checker.check(entry);
        if (broken) return false;
      }
      return true;
    },
    batchSize,
  );
  return broken ? { intact: false, entries: checker.count, broken } : { intact: true, entries: checker.count };
}

/** The check's one line for an operator. */
export function describeChainCheck(result: ChainCheck): string {
  return result.intact
    ? `audit log intact: ${result.entries} entries`
    : `audit log broken at entry ${result.broken.id}: ${result.broken.reason} (${result.entries} entries before it hold)`;
}
