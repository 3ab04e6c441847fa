import { DEFAULT_SYSTEM_CONFIGURATION, SystemTimezone } from '@portal/contracts';
import { type ReadModelWrite, upsertIfNewer } from '@portal/platform';
import type { EntityManager } from 'typeorm';

const TIMEZONE_WRITE: ReadModelWrite = {
  table: 'system_settings',
  key: 'id',
  changedAt: 'changed_at',
  columns: ['system_timezone'],
};

/** The system timezone: the last one identity announced, or the contract's default until it announces one. */
export async function readSystemTimezone(manager: EntityManager): Promise<SystemTimezone> {
  const rows: { system_timezone: string }[] = await manager.query('SELECT system_timezone FROM system_settings');
  const stored = SystemTimezone.safeParse(rows[0]?.system_timezone);
  return stored.success ? stored.data : DEFAULT_SYSTEM_CONFIGURATION.system_timezone;
}

/** Keeps the announced timezone unless a later one is kept already (events may arrive out of order). */
export async function saveSystemTimezone(
  manager: EntityManager,
  timezone: SystemTimezone,
  changedAt: string,
): Promise<void> {
  await upsertIfNewer(manager, TIMEZONE_WRITE, 'true', changedAt, [timezone]);
}
