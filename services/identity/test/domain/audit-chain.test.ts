import {
  type ChainedFields,
  canonicalEntry,
  canonicalJson,
  entryHash,
  GENESIS_HASH,
  linkEntries,
  verifyChain,
} from '../../src/domain/audit/audit-chain';

const entry = (n: number, changes: Record<string, unknown> = { name: ['Old', `New ${n}`] }): ChainedFields => ({
  at: `2026-11-27T10:00:0${n}.000Z`,
  actor_email: 'admin@example.com',
  actor_role: 'admin',
  action: 'dealer.updated',
  entity: 'dealer',
  entity_id: `dealer-${n}`,
  changes,
  request_id: `req-${n}`,
  event_id: `00000000-0000-4000-8000-00000000000${n}`,
});

const chainOf = (count: number) =>
  linkEntries(
    GENESIS_HASH,
    Array.from({ length: count }, (_, i) => entry(i + 1)),
  ).map((linked, i) => ({ ...linked, id: String(i + 1) }));

describe('canonical hashing of an audit entry', () => {
  it('When keys of changes come in another order (as jsonb answers them), Then the text and hash are the same', () => {
    const a = entry(1, { zip: [null, '66044'], name: ['A', 'B'], address: [{ city: 'X', state: 'KS' }, null] });
    const b = entry(1, { address: [{ state: 'KS', city: 'X' }, null], name: ['A', 'B'], zip: [null, '66044'] });
    expect(canonicalEntry(a)).toBe(canonicalEntry(b));
    expect(entryHash(GENESIS_HASH, a)).toBe(entryHash(GENESIS_HASH, b));
  });

  it('When any field or the previous hash differs, Then the hash differs', () => {
    const base = entryHash(GENESIS_HASH, entry(1));
    expect(entryHash(GENESIS_HASH, { ...entry(1), actor_email: 'other@example.com' })).not.toBe(base);
    expect(entryHash(GENESIS_HASH, entry(1, { name: ['Old', 'Other'] }))).not.toBe(base);
    expect(entryHash('f'.repeat(64), entry(1))).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });

  it('Then the canonical text is fixed: fields in order, keys sorted, null for absent', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }] })).toBe('{"a":[2,{"c":"x","d":null}],"b":1}');
    expect(canonicalEntry(entry(1))).toBe(
      '["2026-11-27T10:00:01.000Z","admin@example.com","admin","dealer.updated","dealer","dealer-1",' +
        '{"name":["Old","New 1"]},"req-1","00000000-0000-4000-8000-000000000001"]',
    );
  });
});

/** The chain's entry at `i` (the tests only name entries that exist). */
function entryAt<T>(chain: T[], i: number): T {
  const entry = chain[i];
  if (!entry) throw new Error(`no entry ${i}`);
  return entry;
}

describe('verifying the chain', () => {
  it('When the chain is intact, Then no break is reported', () => {
    expect(verifyChain(chainOf(5))).toBeNull();
    expect(verifyChain([])).toBeNull();
  });

  it('When an entry was edited, Then that entry is reported', () => {
    const chain = chainOf(5);
    chain[2] = { ...entryAt(chain, 2), changes: { name: ['Old', 'Forged'] } };
    expect(verifyChain(chain)).toEqual({ id: '3', reason: 'hash does not match its content' });
  });

  it('When an entry was edited and its hash recomputed, Then the next entry is reported', () => {
    const chain = chainOf(5);
    const forged = { ...entryAt(chain, 2), actor_email: 'someone@example.com' };
    chain[2] = { ...forged, hash: entryHash(forged.prev_hash, forged) };
    expect(verifyChain(chain)).toEqual({ id: '4', reason: 'previous hash does not match' });
  });

  it('When an entry in the middle was deleted, Then the entry after the gap is reported', () => {
    const chain = chainOf(5);
    chain.splice(1, 1);
    expect(verifyChain(chain)).toEqual({ id: '3', reason: 'previous hash does not match' });
  });

  it('When two entries were swapped, Then the first one out of place is reported', () => {
    const chain = chainOf(5);
    [chain[1], chain[2]] = [entryAt(chain, 2), entryAt(chain, 1)];
    expect(verifyChain(chain)?.id).toBe('3');
  });
});
