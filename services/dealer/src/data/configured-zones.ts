import { DEFAULT_ZONES } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** The zones dealers may be in: the last list identity announced, or the defaults until it announces one. */
export async function configuredZones(manager: EntityManager): Promise<string[]> {
  const rows: { zones: string[] }[] = await manager.query('SELECT zones FROM configured_zones');
  return rows[0]?.zones ?? [...DEFAULT_ZONES];
}

/** Keeps the announced list unless a later one is already kept (events may arrive out of order). */
export async function saveConfiguredZones(manager: EntityManager, zones: string[], changedAt: string): Promise<void> {
  await manager.query(
    `INSERT INTO configured_zones (zones, changed_at) VALUES ($1::text[], $2)
     ON CONFLICT (singleton) DO UPDATE SET zones = EXCLUDED.zones, changed_at = EXCLUDED.changed_at
     WHERE configured_zones.changed_at <= EXCLUDED.changed_at`,
    [zones, changedAt],
  );
}
