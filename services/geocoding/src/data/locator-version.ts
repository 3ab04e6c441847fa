import type { EntityManager } from 'typeorm';

/**
 * The locator's version: every change the locator must see takes the next version in its transaction. The
 * counter row stays locked until that transaction ends, so versions become visible in the order they were
 * taken: a replica that has read every row up to version N has missed none below it.
 */
export async function nextLocatorVersion(manager: EntityManager): Promise<number> {
  const rows: { version: string }[] = await manager.query(
    // a CTE: TypeORM answers an UPDATE ... RETURNING as [rows, count]
    'WITH v AS (UPDATE locator_state SET version = version + 1 WHERE id = 1 RETURNING version) SELECT version FROM v',
  );
  return Number(rows[0]?.version);
}

export async function currentLocatorVersion(manager: EntityManager): Promise<number> {
  const rows: { version: string }[] = await manager.query('SELECT version FROM locator_state WHERE id = 1');
  return Number(rows[0]?.version ?? 0);
}
