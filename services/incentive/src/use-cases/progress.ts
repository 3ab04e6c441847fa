import type { ProgramProgress } from '@portal/contracts';
import { type AuthUser, forbidden, isoDayIn, readSystemTimezone } from '@portal/platform';
import type { IncentiveContext } from '../context';
import { dealerAchievements, windowFigures } from '../data/achievements';
import { runningPrograms } from '../data/programs';
import { COUNTED_STATUSES } from '../domain/order-facts';
import { programProgress, type RecordedAchievement } from '../domain/progress';
import type { WindowFigures } from '../domain/tiers';

export const NO_DEALER = 'Error: No dealer record belongs to this account';

const NO_FIGURES: WindowFigures = { revenue_cents: 0, orders: 0, items: 0 };

/**
 * The signed-in dealer's progress (beyond the spec): each enabled program whose dates include today, with per
 * metric the dealer's figure inside the program's dates, the tiers reached and the next tier. The dealer is
 * always the token's, never a parameter. Read in one snapshot, so the figures and the achievements agree.
 * Program dates are days in the system timezone, both ends included: today is `now`'s day there.
 */
export async function dealerProgramProgress(
  ctx: IncentiveContext,
  user: AuthUser,
  now = new Date(),
): Promise<ProgramProgress[]> {
  const dealerId = user.dealerId;
  if (!dealerId) throw forbidden(NO_DEALER);
  return ctx.db.transaction('REPEATABLE READ', async (manager) => {
    const programs = await runningPrograms(manager, isoDayIn(now, await readSystemTimezone(manager)));
    if (!programs.length) return [];
    const programIds = programs.map((p) => p.id);
    const windows = await windowFigures(manager, COUNTED_STATUSES, { dealerIds: [dealerId], programIds });
    const achievements = await dealerAchievements(manager, dealerId, programIds);
    const figuresOf = new Map(windows.map((w) => [w.program_id, w]));
    const achievementsOf = new Map<string, RecordedAchievement[]>();
    for (const { program_id, ...achievement } of achievements) {
      achievementsOf.set(program_id, [...(achievementsOf.get(program_id) ?? []), achievement]);
    }
    return programs.map((program) => ({
      program_id: program.id,
      program_name: program.program_name,
      start_date: program.start_date,
      end_date: program.end_date,
      metrics: programProgress(
        program.tiers,
        figuresOf.get(program.id) ?? NO_FIGURES,
        achievementsOf.get(program.id) ?? [],
      ),
    }));
  });
}
