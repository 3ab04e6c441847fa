import { DEFAULT_SYSTEM_CONFIGURATION, SystemTimezone } from '@portal/contracts';
import type { EntityManager, QueryRunner } from 'typeorm';
import { type ReadModelWrite, upsertIfNewer } from '../db/read-models';
import type { Consumer } from '../service/definition';

/**
 * A service's copy of the system timezone (identity owns the system configuration): the zone in which every
 * date the service shows or counts is written (stored instants stay UTC timestamptz, so changing the zone
 * changes what is shown, never what is stored). One row at most, fed by `settings.timezone_changed`; until
 * identity announces a timezone there is no row and the contract's default applies. The same table in every
 * service that keeps it (order created it first, migration 1767700000000), so the rule lives here once.
 */

const TABLE = 'system_settings';

/** Quoted for SQL: the contract's timezones are plain names, quoting keeps any of them inert anyway. */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Creates the service's system settings table (call from the service's own migration). */
export async function createSystemTimezoneTable(q: QueryRunner): Promise<void> {
  await q.query(`
    CREATE TABLE ${TABLE} (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      system_timezone text NOT NULL DEFAULT ${quoted(DEFAULT_SYSTEM_CONFIGURATION.system_timezone)},
      -- when identity changed it: an older event arriving late never overwrites a newer timezone
      changed_at timestamptz
    )`);
}

export async function dropSystemTimezoneTable(q: QueryRunner): Promise<void> {
  await q.query(`DROP TABLE ${TABLE}`);
}

/**
 * The system timezone as an SQL expression, for a statement that formats or counts dates in it
 * (`to_char(x AT TIME ZONE ${SYSTEM_TIMEZONE_SQL}, ...)`): an uncorrelated subquery, which PostgreSQL evaluates
 * once per statement (an InitPlan), not once per row.
 */
export const SYSTEM_TIMEZONE_SQL = `coalesce((SELECT system_timezone FROM ${TABLE}), ${quoted(
  DEFAULT_SYSTEM_CONFIGURATION.system_timezone,
)})`;

/** The system timezone: the last one identity announced, or the contract's default until it announces one. */
export async function readSystemTimezone(manager: EntityManager): Promise<SystemTimezone> {
  const rows: { system_timezone: string }[] = await manager.query(`SELECT system_timezone FROM ${TABLE}`);
  const stored = SystemTimezone.safeParse(rows[0]?.system_timezone);
  return stored.success ? stored.data : DEFAULT_SYSTEM_CONFIGURATION.system_timezone;
}

const TIMEZONE_WRITE: ReadModelWrite = {
  table: TABLE,
  key: 'id',
  changedAt: 'changed_at',
  columns: ['system_timezone'],
};

/** Keeps the announced timezone unless a later one is kept already (events may arrive out of order). */
export async function saveSystemTimezone(
  manager: EntityManager,
  timezone: SystemTimezone,
  changedAt: string,
): Promise<void> {
  await upsertIfNewer(manager, TIMEZONE_WRITE, 'true', changedAt, [timezone]);
}

/** The consumer of `settings.timezone_changed`: register it in the service's `consumers`. */
export const systemTimezoneChanged: Consumer<'settings.timezone_changed'> = (event, ctx) =>
  saveSystemTimezone(ctx.manager, event.payload.system_timezone, event.occurredAt);
