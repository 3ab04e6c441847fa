import type { EntityManager } from 'typeorm';

/** Active dealers per state (null: no state given). */
export function activeDealersPerState(manager: EntityManager): Promise<{ state: string | null; count: number }[]> {
  return manager.query(`SELECT state, count(*)::int AS count FROM dealers WHERE status = 'active' GROUP BY state`);
}
