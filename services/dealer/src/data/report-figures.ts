import type { DealerReportFigures, ReportPeriod } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Identity's daily report: dealers that became active and applications that came in the period (range scans of
 * dealers_activated_idx and dealers_applied_idx, kept by migration 1769500000000), and the applicants waiting
 * now (an index-only count of the pending status, a short list).
 */
export async function readDealerReportFigures(
  manager: EntityManager,
  period: ReportPeriod,
): Promise<DealerReportFigures> {
  const [row] = (await manager.query(
    `SELECT
       (SELECT count(*) FROM dealers WHERE activated_at >= $1 AND activated_at < $2)::int AS new_dealers,
       (SELECT count(*) FROM dealers WHERE applied_at >= $1 AND applied_at < $2)::int AS applications,
       (SELECT count(*) FROM dealers WHERE status = 'pending')::int AS pending_applications`,
    [period.from, period.to],
  )) as DealerReportFigures[];
  if (!row) throw new Error('the report query answered no row');
  return row;
}
