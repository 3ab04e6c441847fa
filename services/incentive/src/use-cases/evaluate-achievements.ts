import { randomUUID } from 'node:crypto';
import { EmailRequested, IncentiveThresholdReached } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import {
  insertAchievements,
  lockEvaluations,
  type NewAchievement,
  setNotifiedEmails,
  windowFigures,
} from '../data/achievements';
import { findDealers } from '../data/dealers';
import { enabledPrograms } from '../data/programs';
import { achievementMail } from '../domain/achievement-mail';
import { COUNTED_STATUSES } from '../domain/order-facts';
import { dealerName } from '../domain/performance';
import { reachedTiers } from '../domain/tiers';

/**
 * Finds the tiers dealers have reached inside enabled programs' dates and records each once: one achievement
 * per dealer and tier (the unique key makes a second evaluation, a redelivery or a concurrent consumer a
 * no-op), an incentive.threshold_reached event, and for a tier with notify_dealer the achievement mail to the
 * dealer (a notification.email_requested event for identity, the one mail sender). All in the caller's
 * transaction, so achievements, events and the figures they come from commit together. Answers how many
 * achievements are new.
 *
 * `scope`: the dealers whose orders just changed (consumers, under the shared evaluation lock), or one program
 * over its whole history (program writes, which hold the lock exclusively already).
 */
export async function evaluateAchievements(
  manager: EntityManager,
  emit: Emit,
  scope: { dealerIds: readonly string[] } | { programId: string },
): Promise<number> {
  if ('dealerIds' in scope) {
    if (!scope.dealerIds.length) return 0;
    await lockEvaluations(manager, 'shared');
  }
  const windows = await windowFigures(manager, COUNTED_STATUSES, scope);
  if (!windows.length) return 0;
  const programs = new Map(
    (await enabledPrograms(manager, [...new Set(windows.map((w) => w.program_id))])).map((p) => [p.id, p]),
  );

  const candidates: NewAchievement[] = [];
  for (const window of windows) {
    const program = programs.get(window.program_id);
    if (!program) continue;
    for (const { tier, valueAchieved } of reachedTiers(program.tiers, window)) {
      candidates.push({
        id: randomUUID(),
        program_id: program.id,
        tier_id: tier.id,
        dealer_id: window.dealer_id,
        tier_name: tier.name,
        metric: tier.metric,
        threshold_value: tier.value,
        value_achieved: valueAchieved,
        reward: tier.reward,
        notify_dealer: tier.notify_dealer,
      });
    }
  }
  const saved = await insertAchievements(manager, candidates);
  if (!saved.length) return 0;

  await emit.many(
    IncentiveThresholdReached,
    saved.map((a) => ({
      aggregateId: a.dealer_id,
      payload: {
        achievement_id: a.id,
        program_id: a.program_id,
        dealer_id: a.dealer_id,
        tier_name: a.tier_name,
        metric: a.metric,
        threshold_value: a.threshold_value,
        value_achieved: a.value_achieved,
        reward: a.reward,
        notify_dealer: a.notify_dealer,
      },
    })),
  );

  const toNotify = saved.filter((a) => a.notify_dealer);
  if (!toNotify.length) return saved.length;
  const dealers = new Map(
    (await findDealers(manager, [...new Set(toNotify.map((a) => a.dealer_id))])).map((d) => [d.dealer_id, d]),
  );
  const mails: { id: string; email: string; subject: string; text: string }[] = [];
  for (const achievement of toNotify) {
    const dealer = dealers.get(achievement.dealer_id);
    const program = programs.get(achievement.program_id);
    if (!dealer?.email || !program) continue; // no address known: the notification waits for an admin
    const mail = achievementMail({
      dealerName: dealerName(dealer),
      programName: program.program_name,
      tierName: achievement.tier_name,
      metric: achievement.metric,
      thresholdValue: achievement.threshold_value,
      valueAchieved: achievement.value_achieved,
      reward: achievement.reward,
      startDate: program.start_date,
      endDate: program.end_date,
    });
    mails.push({ id: achievement.id, email: dealer.email, ...mail });
  }
  if (mails.length) {
    await emit.many(
      EmailRequested,
      mails.map((mail) => ({
        aggregateId: mail.id,
        payload: { to: [mail.email], subject: mail.subject, text: mail.text, purpose: 'achievement' },
      })),
    );
    await setNotifiedEmails(manager, mails);
  }
  return saved.length;
}
