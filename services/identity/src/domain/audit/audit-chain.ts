import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain, pure: each entry's hash is SHA-256 over the previous entry's hash and the entry's
 * canonical text, so an entry edited, removed or moved breaks every link after it. The canonical text is defined
 * here once (the log's writer and its check both call it): a JSON array of the entry's fields in a fixed order,
 * with every object inside `changes` written with its keys sorted, so the text never depends on how PostgreSQL's
 * jsonb or a JavaScript object happened to order keys.
 */

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedFields {
  /** ISO instant (UTC, milliseconds) */
  at: string;
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  entity: string;
  entity_id: string;
  changes: Record<string, unknown>;
  request_id: string | null;
  event_id: string;
}

export interface ChainedEntry extends ChainedFields {
  id: string;
  prev_hash: string;
  hash: string;
}

/** JSON with object keys sorted at every depth (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}

/** The entry's canonical text: its fields in this fixed order. */
export function canonicalEntry(entry: ChainedFields): string {
  return canonicalJson([
    entry.at,
    entry.actor_email,
    entry.actor_role,
    entry.action,
    entry.entity,
    entry.entity_id,
    entry.changes,
    entry.request_id,
    entry.event_id,
  ]);
}

export function entryHash(prevHash: string, entry: ChainedFields): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalEntry(entry)).digest('hex');
}

export interface ChainBreak {
  /** the first entry whose link or hash does not hold */
  id: string;
  reason: 'previous hash does not match' | 'hash does not match its content';
}

/**
 * Checks entries one at a time in id order (a check that streams the log keeps only the last hash): `check`
 * answers the first break, or null while the chain holds.
 */
export function chainChecker(prevHash: string = GENESIS_HASH) {
  let last = prevHash;
  let count = 0;
  return {
    check(entry: ChainedEntry): ChainBreak | null {
      if (entry.prev_hash !== last) return { id: entry.id, reason: 'previous hash does not match' };
      if (entryHash(entry.prev_hash, entry) !== entry.hash)
        return { id: entry.id, reason: 'hash does not match its content' };
      last = entry.hash;
      count++;
      return null;
    },
    get count() {
      return count;
    },
  };
}

/** The first break of a whole chain (entries in id order), or null when it is intact. */
export function verifyChain(entries: readonly ChainedEntry[]): ChainBreak | null {
  const checker = chainChecker();
  for (const entry of entries) {
    const broken = checker.check(entry);
    if (broken) return broken;
  }
  return null;
}

/** Links new entries after `headHash` (the last entry's hash, GENESIS_HASH for an empty log). */
export function linkEntries<E extends ChainedFields>(headHash: string, entries: readonly E[]) {
  let prev = headHash;
  return entries.map((entry) => {
    const hash = entryHash(prev, entry);
    const linked = { ...entry, prev_hash: prev, hash };
    prev = hash;
    return linked;
  });
}
