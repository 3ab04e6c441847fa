import { randomUUID } from 'node:crypto';
import type {
  Achievement,
  AchievementExportQuery,
  IncentiveProgram,
  IncentiveProgramRequest,
  ProgramAchievementsQuery,
} from '@portal/contracts';
import { type CsvExport, notFound, readSystemTimezone, recordAudit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IncentiveContext } from '../context';
import {
  type AchievementFilter,
  achievementCsvQuery,
  lockEvaluations,
  programAchievementRows,
} from '../data/achievements';
import {
  deleteProgramRow,
  findProgram,
  insertProgram,
  listProgramRows,
  type ProgramRecord,
  replaceTiers,
  setProgramEnabled,
  updateProgramRow,
} from '../data/programs';
import { ACHIEVEMENTS_CSV_HEADER, achievementCsvRow, achievementsCsvFilename } from '../domain/achievement-csv';
import { isUuid } from '../domain/ids';
import { planTiers } from '../domain/tiers';
import { evaluateAchievements } from './evaluate-achievements';

export const PROGRAM_NOT_FOUND = 'Error: Incentive program not found';

/** A program id as the path carries it; anything that cannot be one is simply not found. */
function programId(id: string): string {
  if (!isUuid(id)) throw notFound(PROGRAM_NOT_FOUND);
  return id.toLowerCase();
}

const toProgram = (record: ProgramRecord): IncentiveProgram => record;

export async function listPrograms(ctx: IncentiveContext): Promise<IncentiveProgram[]> {
  return (await listProgramRows(ctx.db.manager)).map(toProgram);
}

async function saved(manager: EntityManager, id: string): Promise<IncentiveProgram> {
  const program = await findProgram(manager, id);
  if (!program) throw notFound(PROGRAM_NOT_FOUND);
  return toProgram(program);
}

/**
 * Creates a program with its tiers and, when it is enabled, evaluates the orders its dates cover: dealers
 * already past a tier get their achievement now.
 */
export function createProgram(
  ctx: IncentiveContext,
  form: IncentiveProgramRequest,
): Promise<{ program: IncentiveProgram; newAchievements: number }> {
  return ctx.transaction(async (manager, emit) => {
    await lockEvaluations(manager, 'exclusive');
    const id = randomUUID();
    await insertProgram(manager, id, form);
    await replaceTiers(manager, id, planTiers(form.tiers, []), randomUUID);
    const newAchievements = form.enabled ? await evaluateAchievements(manager, emit, { programId: id }) : 0;
    const program = await saved(manager, id);
    await recordAudit(emit, { action: 'incentive_program.created', ...auditedProgram(id), after: program });
    return { program, newAchievements };
  });
}

/** The audit log's name of a program record. */
const auditedProgram = (id: string) => ({ entity: 'incentive_program' as const, entity_id: id });

/**
 * Replaces a program's fields and tiers. A tier sent with its id keeps its achievements (a dealer reaches a
 * tier once, even if its threshold is edited); the history the program covers is evaluated again.
 */
export function updateProgram(
  ctx: IncentiveContext,
  rawId: string,
  form: IncentiveProgramRequest,
): Promise<{ program: IncentiveProgram; newAchievements: number }> {
  const id = programId(rawId);
  return ctx.transaction(async (manager, emit) => {
    await lockEvaluations(manager, 'exclusive');
    const before = await findProgram(manager, id);
    const tierIds = await updateProgramRow(manager, id, form);
    if (!tierIds) throw notFound(PROGRAM_NOT_FOUND);
    await replaceTiers(manager, id, planTiers(form.tiers, tierIds), randomUUID);
    const newAchievements = form.enabled ? await evaluateAchievements(manager, emit, { programId: id }) : 0;
    const program = await saved(manager, id);
    await recordAudit(emit, { action: 'incentive_program.updated', ...auditedProgram(id), before, after: program });
    return { program, newAchievements };
  });
}

/** Deletes a program, its tiers and its achievements (with their pending notifications). */
export async function deleteProgram(ctx: IncentiveContext, rawId: string): Promise<void> {
  const id = programId(rawId);
  const deleted = await ctx.transaction(async (manager, emit) => {
    await lockEvaluations(manager, 'exclusive');
    const before = await findProgram(manager, id);
    const gone = await deleteProgramRow(manager, id);
    if (gone) await recordAudit(emit, { action: 'incentive_program.deleted', ...auditedProgram(id), before });
    return gone;
  });
  if (!deleted) throw notFound(PROGRAM_NOT_FOUND);
}

/** Enables or disables a program; enabling evaluates the history it covers. */
export function toggleProgram(
  ctx: IncentiveContext,
  rawId: string,
  enabled: boolean,
): Promise<{ program: IncentiveProgram; newAchievements: number }> {
  const id = programId(rawId);
  return ctx.transaction(async (manager, emit) => {
    await lockEvaluations(manager, 'exclusive');
    const before = await findProgram(manager, id);
    if (!(await setProgramEnabled(manager, id, enabled))) throw notFound(PROGRAM_NOT_FOUND);
    const newAchievements = enabled ? await evaluateAchievements(manager, emit, { programId: id }) : 0;
    const program = await saved(manager, id);
    const action = enabled ? 'incentive_program.enabled' : 'incentive_program.disabled';
    await recordAudit(emit, { action, ...auditedProgram(id), before, after: program });
    return { program, newAchievements };
  });
}

/** The achievements list's filter: the program's, its search and tier. */
const achievementFilter = (
  programId: string,
  { q, tier_id }: Pick<ProgramAchievementsQuery, 'q' | 'tier_id'>,
): AchievementFilter => ({ programId, tierId: tier_id?.toLowerCase() ?? null, search: q ? q : null });

/** A program's achievements, newest first unless sorted otherwise, searched by dealer, filtered by tier; paged. */
export async function programAchievements(ctx: IncentiveContext, rawId: string, query: ProgramAchievementsQuery) {
  const id = programId(rawId);
  const manager = ctx.db.manager;
  if (!(await findProgram(manager, id))) throw notFound(PROGRAM_NOT_FOUND);
  const { limit, cursor, sort } = query;
  return programAchievementRows(manager, { limit, cursor, sort }, achievementFilter(id, query));
}

/**
 * The CSV export of every achievement of a program that matches the list's search and tier, in its sort (the
 * program's Export Achievements CSV), for the platform to stream from a database cursor.
 */
export async function achievementsCsvExport(
  ctx: IncentiveContext,
  rawId: string,
  query: AchievementExportQuery,
): Promise<CsvExport<Achievement>> {
  const id = programId(rawId);
  const program = await findProgram(ctx.db.manager, id);
  if (!program) throw notFound(PROGRAM_NOT_FOUND);
  const timeZone = await readSystemTimezone(ctx.db.manager);
  return {
    filename: achievementsCsvFilename(program),
    ...achievementCsvQuery(query.sort, achievementFilter(id, query)),
    header: ACHIEVEMENTS_CSV_HEADER,
    record: (achievement) => achievementCsvRow(achievement, timeZone),
  };
}
