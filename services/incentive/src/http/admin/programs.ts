import { succeeded } from '@portal/contracts';
import { streamCsv } from '@portal/platform';
import type { IncentiveHandler } from '../../context';
import {
  achievementsCsvExport,
  createProgram,
  deleteProgram,
  listPrograms,
  programAchievements,
  toggleProgram,
  updateProgram,
} from '../../use-cases/programs';

/** GET /api/admin/incentive-programs */
export const incentivePrograms: IncentiveHandler<'admin.incentivePrograms'> = async (_input, ctx) =>
  succeeded({ programs: await listPrograms(ctx) });

/** POST /api/admin/incentive-programs */
export const createIncentiveProgram: IncentiveHandler<'admin.createIncentiveProgram'> = async ({ body }, ctx) =>
  succeeded({ message: 'Program created successfully!', program: (await createProgram(ctx, body)).program });

/** PUT /api/admin/incentive-programs/{id} */
export const updateIncentiveProgram: IncentiveHandler<'admin.updateIncentiveProgram'> = async ({ params, body }, ctx) =>
  succeeded({ message: 'Program updated successfully!', program: (await updateProgram(ctx, params.id, body)).program });

/** DELETE /api/admin/incentive-programs/{id} */
export const deleteIncentiveProgram: IncentiveHandler<'admin.deleteIncentiveProgram'> = async ({ params }, ctx) => {
  await deleteProgram(ctx, params.id);
  return succeeded({ message: 'Program deleted successfully!' });
};

/** POST /api/admin/incentive-programs/{id}/toggle */
export const toggleIncentiveProgram: IncentiveHandler<'admin.toggleIncentiveProgram'> = async (
  { params, body },
  ctx,
) => {
  const { program } = await toggleProgram(ctx, params.id, body.enabled);
  return succeeded({ message: program.enabled ? 'Program enabled' : 'Program disabled', program });
};

/** GET /api/admin/incentive-programs/{id}/achievements — newest first; a page with `limit`. */
export const incentiveProgramAchievements: IncentiveHandler<'admin.incentiveProgramAchievements'> = async (
  { params, query },
  ctx,
) => {
  const { rows, page } = await programAchievements(ctx, params.id, query);
  return succeeded({ achievements: rows, ...page });
};

/**
 * GET /api/admin/incentive-programs/{id}/achievements/export — the searched, filtered and sorted achievements as a
 * CSV download, streamed while it is read.
 */
export const exportAchievements: IncentiveHandler<'admin.exportAchievements'> = async ({ params, query, res }, ctx) =>
  streamCsv(ctx.db, res, await achievementsCsvExport(ctx, params.id, query), { logger: ctx.logger });
