import type { AchievementsReportAnswer, ReportPeriod } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The achievements reached in the period, newest first (at most `limit`), with how many in all: range scans of
 * achievements_reached_idx. Names as the service knows them (the program's current name, the dealer's).
 */
export async function readReportAchievements(
  manager: EntityManager,
  period: ReportPeriod,
  limit: number,
): Promise<AchievementsReportAnswer> {
  const [counted] = (await manager.query(
    'SELECT count(*)::int AS total FROM achievements WHERE achieved_at >= $1 AND achieved_at < $2',
    [period.from, period.to],
  )) as { total: number }[];
  const rows: (Omit<AchievementsReportAnswer['achievements'][number], 'achieved_at'> & { achieved_at: Date })[] =
    await manager.query(
      `SELECT a.dealer_id, coalesce(d.business_name, d.full_name) AS dealer_name, p.program_name, a.tier_name,
         a.achieved_at
       FROM achievements a
       JOIN programs p ON p.id = a.program_id
       LEFT JOIN dealers d ON d.dealer_id = a.dealer_id
       WHERE a.achieved_at >= $1 AND a.achieved_at < $2
       ORDER BY a.achieved_at DESC, a.id
       LIMIT $3`,
      [period.from, period.to, limit],
    );
  return {
    total: counted?.total ?? 0,
    achievements: rows.map((row) => ({ ...row, achieved_at: row.achieved_at.toISOString() })),
  };
}
