import type { Achievement, OrderStatus, PendingNotification, PerformanceMetric, SortParam } from '@portal/contracts';
import {
  containsPattern,
  type KeysetOrders,
  type Page,
  type PageRequest,
  readPage,
  resolveSort,
  SYSTEM_TIMEZONE_SQL,
} from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { RecordedAchievement } from '../domain/progress';
import type { WindowFigures } from '../domain/tiers';

/**
 * One lock orders evaluations against program changes: consumers evaluate under its shared form, program
 * writes take it exclusively first. So an order and a program saved at the same moment never both miss each
 * other (each evaluation statement sees the other's commit).
 */
const EVALUATION_LOCK = 0x1ce7_1e5;

export async function lockEvaluations(manager: EntityManager, mode: 'shared' | 'exclusive'): Promise<void> {
  await manager.query(
    mode === 'shared' ? 'SELECT pg_advisory_xact_lock_shared($1)' : 'SELECT pg_advisory_xact_lock($1)',
    [EVALUATION_LOCK],
  );
}

export interface DealerWindow extends WindowFigures {
  program_id: string;
  dealer_id: string;
}

/**
 * Each dealer's counted orders placed inside each enabled program's dates (days in the system timezone, both
 * ends included),
 * for some dealers and/or some programs. Deleted dealers reach no tier.
 */
export function windowFigures(
  manager: EntityManager,
  counted: readonly OrderStatus[],
  scope: { dealerIds?: readonly string[]; programId?: string; programIds?: readonly string[] },
): Promise<DealerWindow[]> {
  const params: unknown[] = [counted];
  const where: string[] = [];
  if (scope.dealerIds) {
    params.push(scope.dealerIds);
    where.push(`o.dealer_id = ANY($${params.length}::text[])`);
  }
  if (scope.programId) {
    params.push(scope.programId);
    where.push(`p.id = $${params.length}`);
  }
  if (scope.programIds) {
    params.push(scope.programIds);
    where.push(`p.id = ANY($${params.length}::uuid[])`);
  }
  return manager.query(
    `SELECT p.id AS program_id, o.dealer_id, sum(o.total_cents)::float8 AS revenue_cents, count(*)::int AS orders,
       sum(o.item_count)::float8 AS items
     FROM programs p
     JOIN orders o ON o.created_at >= (p.start_date::timestamp AT TIME ZONE ${SYSTEM_TIMEZONE_SQL})
       AND o.created_at < ((p.end_date + 1)::timestamp AT TIME ZONE ${SYSTEM_TIMEZONE_SQL})
     WHERE p.enabled AND o.status = ANY($1::text[]) ${where.map((w) => `AND ${w}`).join(' ')}
       AND NOT EXISTS (SELECT 1 FROM dealers d WHERE d.dealer_id = o.dealer_id AND d.deleted)
     GROUP BY p.id, o.dealer_id`,
    params,
  );
}

export interface NewAchievement {
  id: string;
  program_id: string;
  tier_id: string;
  dealer_id: string;
  tier_name: string;
  metric: PerformanceMetric;
  threshold_value: number;
  value_achieved: number;
  reward: string;
  notify_dealer: boolean;
}

export interface SavedAchievement extends NewAchievement {
  achieved_at: Date;
}

/** Saves achievements not reached before (one per dealer and tier); answers those saved now. */
export async function insertAchievements(
  manager: EntityManager,
  achievements: readonly NewAchievement[],
): Promise<SavedAchievement[]> {
  if (!achievements.length) return [];
  const column = <K extends keyof NewAchievement>(name: K) => achievements.map((a) => a[name]);
  const rows: SavedAchievement[] = await manager.query(
    `INSERT INTO achievements (id, program_id, tier_id, dealer_id, tier_name, metric, threshold_value, value_achieved,
       reward, notify_dealer)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::numeric[],
       $8::numeric[], $9::text[], $10::boolean[])
     ON CONFLICT (tier_id, dealer_id) DO NOTHING
     RETURNING id, program_id, tier_id, dealer_id, tier_name, metric, threshold_value::float8 AS threshold_value,
       value_achieved::float8 AS value_achieved, reward, notify_dealer, achieved_at`,
    [
      column('id'),
      column('program_id'),
      column('tier_id'),
      column('dealer_id'),
      column('tier_name'),
      column('metric'),
      column('threshold_value').map(String),
      column('value_achieved').map(String),
      column('reward'),
      column('notify_dealer'),
    ],
  );
  return rows;
}

/** Records where each achievement mail went. */
export async function setNotifiedEmails(
  manager: EntityManager,
  sent: readonly { id: string; email: string }[],
): Promise<void> {
  if (!sent.length) return;
  await manager.query(
    `UPDATE achievements a SET notified_email = v.email FROM unnest($1::uuid[], $2::text[]) AS v(id, email)
     WHERE a.id = v.id`,
    [sent.map((s) => s.id), sent.map((s) => s.email)],
  );
}

const DEALER_NAME = "coalesce(nullif(d.business_name, ''), nullif(d.full_name, ''), a.dealer_id)";
const ACHIEVED_AT = `to_char(a.achieved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The orders of the achievement lists. Newest first with ties by id ascending (the specification's order) is
 * one ascending key: the negated time, exact to the microsecond, as the migration indexes it.
 */
const ACHIEVEMENT_ORDERS: KeysetOrders<'newest' | 'achieved_at'> = {
  sorts: {
    newest: [{ sql: "-extract(epoch FROM (a.achieved_at AT TIME ZONE 'UTC'))", type: 'numeric' }],
    achieved_at: [{ sql: 'a.achieved_at', type: 'timestamptz' }],
  },
  tieBreaker: { sql: 'a.id', type: 'uuid' },
  defaultSort: 'newest',
};

/** The searched fields of a dealer as the trigram index dealers_search_idx holds them: exactly this expression. */
const DEALER_SEARCH_TEXT =
  "(coalesce(s.business_name, '') || E'\\n' || coalesce(s.full_name, '') || E'\\n' || s.dealer_id)";

export interface AchievementFilter {
  programId: string;
  tierId: string | null;
  /** the text to find in the dealer's business name, contact name or id (dealers the service knows); or null */
  search: string | null;
}

type ListRequest = PageRequest & { sort?: SortParam<'achieved_at'> };

/** The achievements of `filter`: the conditions (on `achievements a`) and their parameters. */
function achievementConditions(filter: AchievementFilter): { where: string[]; params: unknown[] } {
  const params: unknown[] = [filter.programId];
  const where = ['a.program_id = $1'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.tierId !== null) where.push(`a.tier_id = ${param(filter.tierId)}::uuid`);
  // a newline separates the searched fields: a search holding one finds nothing
  if (filter.search !== null)
    where.push(
      filter.search.includes('\n')
        ? 'false'
        : `a.dealer_id IN (SELECT s.dealer_id FROM dealers s WHERE ${DEALER_SEARCH_TEXT} ILIKE ${param(
            containsPattern(filter.search),
          )})`,
    );
  return { where, params };
}

/** An achievement as the list answers it: with the dealer's current name, city and state. */
const ACHIEVEMENT_COLUMNS = `a.id, a.program_id, a.tier_id, a.dealer_id, ${DEALER_NAME} AS dealer_name,
   d.city AS dealer_city, d.state AS dealer_state, a.tier_name, a.metric, a.threshold_value::float8 AS threshold_value,
   a.value_achieved::float8 AS value_achieved, a.reward, ${ACHIEVED_AT} AS achieved_at`;
const ACHIEVEMENTS_FROM = 'FROM achievements a LEFT JOIN dealers d ON d.dealer_id = a.dealer_id';

/** A program's achievements, newest first unless sorted otherwise, with the dealer's current name, city and state. */
export function programAchievementRows(
  manager: EntityManager,
  request: ListRequest,
  filter: AchievementFilter,
): Promise<Page<Achievement & Record<string, unknown>>> {
  const { where, params } = achievementConditions(filter);
  return readPage(manager, ACHIEVEMENT_ORDERS, request, {
    select: ACHIEVEMENT_COLUMNS,
    from: ACHIEVEMENTS_FROM,
    where,
    params,
    filterKey: filter,
  });
}

/**
 * The statement reading every achievement of `filter` as the list answers them, in the list's `sort`: what the
 * CSV export streams through a server-side cursor.
 */
export function achievementCsvQuery(
  sort: SortParam<'achieved_at'> | undefined,
  filter: AchievementFilter,
): { sql: string; params: unknown[] } {
  const { where, params } = achievementConditions(filter);
  const { orderBy } = resolveSort(ACHIEVEMENT_ORDERS, sort);
  const sql = `SELECT ${ACHIEVEMENT_COLUMNS} ${ACHIEVEMENTS_FROM} WHERE ${where.map((c) => `(${c})`).join(' AND ')}
    ORDER BY ${orderBy}`;
  return { sql, params };
}

/** One dealer's achievements in some programs, as recorded (the dealer's progress). */
export function dealerAchievements(
  manager: EntityManager,
  dealerId: string,
  programIds: readonly string[],
): Promise<(RecordedAchievement & { program_id: string })[]> {
  if (!programIds.length) return Promise.resolve([]);
  return manager.query(
    `SELECT a.program_id, a.tier_id, a.tier_name, a.metric, a.threshold_value::float8 AS threshold_value, a.reward,
       ${ACHIEVED_AT} AS achieved_at
     FROM achievements a
     WHERE a.dealer_id = $1 AND a.program_id = ANY($2::uuid[])
     ORDER BY a.achieved_at, a.id`,
    [dealerId, programIds],
  );
}

/**
 * Achievements of tiers that notify the dealer and that no admin has marked handled, newest first unless sorted
 * otherwise.
 */
export function pendingNotificationRows(
  manager: EntityManager,
  request: ListRequest,
): Promise<Page<PendingNotification & Record<string, unknown>>> {
  return readPage(manager, ACHIEVEMENT_ORDERS, request, {
    select: `a.id, a.program_id, p.program_name, a.dealer_id, ${DEALER_NAME} AS dealer_name,
       a.notified_email AS dealer_email, a.tier_name AS threshold_name, a.metric,
       a.threshold_value::float8 AS threshold_value, a.value_achieved::float8 AS value_achieved, a.reward,
       ${ACHIEVED_AT} AS achieved_at`,
    from: 'FROM achievements a JOIN programs p ON p.id = a.program_id LEFT JOIN dealers d ON d.dealer_id = a.dealer_id',
    where: ['a.notify_dealer AND a.handled_at IS NULL'],
    params: [],
    filterKey: null,
  });
}

/** Marks a notification handled; answers false when there is no notification of that id (handled or not). */
export interface HandledNotification {
  program_id: string;
  dealer_id: string;
  tier_name: string;
  /** false when it had been handled before (handling it again changes nothing) */
  newly_handled: boolean;
}

/** Marks the achievement's notification handled; null when there is no such notification. */
export async function markNotificationHandled(manager: EntityManager, id: string): Promise<HandledNotification | null> {
  const [rows]: [HandledNotification[], number] = await manager.query(
    `UPDATE achievements a SET handled_at = coalesce(a.handled_at, clock_timestamp())
     FROM (SELECT id, handled_at IS NULL AS newly_handled FROM achievements WHERE id = $1 AND notify_dealer FOR UPDATE) was
     WHERE a.id = was.id
     RETURNING a.program_id, a.dealer_id, a.tier_name, was.newly_handled`,
    [id],
  );
  return rows[0] ?? null;
}
