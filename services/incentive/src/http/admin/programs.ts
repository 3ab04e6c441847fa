import { streamCsv } from '@portal/platform';
import type { IncentiveHandler } from '../../context';
import {
  achievementsCsvExport,
  createProgram as createProgramUseCase,
  deleteProgram as deleteProgramUseCase,
  listPrograms,
  programAchievements as programAchievementsUseCase,
  toggleProgram as toggleProgramUseCase,
  updateProgram as updateProgramUseCase,
} from '../../use-cases/programs';

/** GET /api/admin/incentive-programs */
export const incentivePrograms: IncentiveHandler<'admin.incentivePrograms'> = async (_input, ctx) => ({
  success: true as const,
  programs: await listPrograms(ctx),
});

/** POST /api/admin/incentive-programs */
export const createIncentiveProgram: IncentiveHandler<'admin.createIncentiveProgram'> = async ({ body }, ctx) => ({
  success: true as const,
  message: 'Program created successfully!',
  program: (await createProgramUseCase(ctx, body)).program,
});

/** PUT /api/admin/incentive-programs/{id} */
export const updateIncentiveProgram: IncentiveHandler<'admin.updateIncentiveProgram'> = async (
  { params, body },
  ctx,
) => ({
  success: true as const,
  message: 'Program updated successfully!',
  program: (await updateProgramUseCase(ctx, params.id, body)).program,
});

/** DELETE /api/admin/incentive-programs/{id} */
export const deleteIncentiveProgram: IncentiveHandler<'admin.deleteIncentiveProgram'> = async ({ params }, ctx) => {
  await deleteProgramUseCase(ctx, params.id);
  return { success: true as const, message: 'Program deleted successfully!' };
};

/** POST /api/admin/incentive-programs/{id}/toggle */
export const toggleIncentiveProgram: IncentiveHandler<'admin.toggleIncentiveProgram'> = async (
  { params, body },
  ctx,
) => {
  const { program } = await toggleProgramUseCase(ctx, params.id, body.enabled);
  return {
    success: true as const,
    message: program.enabled ? 'Program enabled' : 'Program disabled',
    program,
  };
};

/** GET /api/admin/incentive-programs/{id}/achievements — newest first; a page with `limit`. */
export const incentiveProgramAchievements: IncentiveHandler<'admin.incentiveProgramAchievements'> = async (
  { params, query },
  ctx,
) => {
  const { rows, page } = await programAchievementsUseCase(ctx, params.id, query);
  return { success: true as const, achievements: rows, ...page };
};

/**
 * GET /api/admin/incentive-programs/{id}/achievements/export — the searched, filtered and sorted achievements as a
 * CSV download, streamed while it is read.
 */
export const exportAchievements: IncentiveHandler<'admin.exportAchievements'> = async ({ params, query, res }, ctx) =>
  streamCsv(ctx.db, res, await achievementsCsvExport(ctx, params.id, query), { logger: ctx.logger });
