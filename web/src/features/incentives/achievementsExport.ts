import type { IncentiveProgram } from '@portal/contracts';
import { routes } from '../../api/routes';
import { downloadServerCsv } from '../../csv/downloadExport';
import { achievementsCsvFilename } from './incentiveCsv';

/**
 * A program's Export Achievements CSV: every achievement of the program, streamed by the incentive service
 * (GET /api/admin/incentive-programs/{id}/achievements/export, newest first), not read page after page here.
 */
export function downloadAchievementsCsv(
  token: string | null,
  program: Pick<IncentiveProgram, 'id' | 'program_name'>,
): Promise<void> {
  return downloadServerCsv(
    token,
    routes['admin.exportAchievements'],
    { params: { id: program.id }, query: {} },
    achievementsCsvFilename(program),
  );
}
