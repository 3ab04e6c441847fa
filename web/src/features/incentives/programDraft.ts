import {
  DEFAULT_TIER,
  defaultTierName,
  type IncentiveProgram,
  IncentiveProgramRequest,
  type PerformanceMetric,
} from '@portal/contracts';
import type { z } from 'zod';

/** The most tiers a program may have (the server refuses more: 'Error: A program has at most 20 tiers'). */
export const MAX_TIERS = 20;

/** A tier row of the editor: the threshold is the input's text until the program is sent. */
export interface TierDraft {
  /** the tier's id when it exists on the server (its achievements stay); absent for a new row */
  id?: string;
  /** the row's React key, stable while the rows are edited */
  key: string;
  name: string;
  metric: PerformanceMetric;
  value: string;
  reward: string;
  notify_dealer: boolean;
}

export interface ProgramDraft {
  program_name: string;
  start_date: string;
  end_date: string;
  enabled: boolean;
  tiers: TierDraft[];
}

let lastKey = 0;
/** A key no other row of this page has. */
function newKey(): string {
  lastKey += 1;
  return `new-${lastKey}`;
}

/** The name a new row gets: 'Tier N' by its position, or the next number no row already uses. */
export function nextTierName(tiers: readonly Pick<TierDraft, 'name'>[]): string {
  const used = new Set(tiers.map((tier) => tier.name.trim().toLowerCase()));
  let position = tiers.length + 1;
  while (used.has(defaultTierName(position).toLowerCase())) position += 1;
  return defaultTierName(position);
}

/** A new tier row with the spec's defaults (000 §9): metric revenue, threshold 10000, notify off. */
export function newTier(tiers: readonly TierDraft[]): TierDraft {
  return {
    key: newKey(),
    name: nextTierName(tiers),
    metric: DEFAULT_TIER.metric,
    value: String(DEFAULT_TIER.value),
    reward: '',
    notify_dealer: DEFAULT_TIER.notify_dealer,
  };
}

/**
 * A new program (000 §9): enabled, with one tier 'Tier 1'. It runs from today (YYYY-MM-DD, the day in the system
 * timezone) to the end of that year, dates the admin usually changes.
 */
export function newProgramDraft(today: string): ProgramDraft {
  return {
    program_name: '',
    start_date: today,
    end_date: `${today.slice(0, 4)}-12-31`,
    enabled: true,
    tiers: [newTier([])],
  };
}

/** The edit modal's draft of a saved program: its tiers keep their ids, so their achievements stay. */
export function programDraft(program: IncentiveProgram): ProgramDraft {
  return {
    program_name: program.program_name,
    start_date: program.start_date,
    end_date: program.end_date,
    enabled: program.enabled,
    tiers: program.tiers.map((tier) => ({
      id: tier.id,
      key: tier.id,
      name: tier.name,
      metric: tier.metric,
      value: String(tier.value),
      reward: tier.reward,
      notify_dealer: tier.notify_dealer,
    })),
  };
}

export function canAddTier(tiers: readonly TierDraft[]): boolean {
  return tiers.length < MAX_TIERS;
}

/** A program keeps at least one tier: the last row cannot be removed. */
export function canRemoveTier(tiers: readonly TierDraft[]): boolean {
  return tiers.length > 1;
}

export function addTier(tiers: readonly TierDraft[]): TierDraft[] {
  return canAddTier(tiers) ? [...tiers, newTier(tiers)] : [...tiers];
}

export function removeTier(tiers: readonly TierDraft[], key: string): TierDraft[] {
  return canRemoveTier(tiers) ? tiers.filter((tier) => tier.key !== key) : [...tiers];
}

export function updateTier(tiers: readonly TierDraft[], key: string, change: Partial<Omit<TierDraft, 'key'>>) {
  return tiers.map((tier) => (tier.key === key ? { ...tier, ...change } : tier));
}

/**
 * What the create and edit modals send (the contract's request): texts trimmed, a blank name left to the
 * server's 'Tier N', the threshold as the typed text (the contract reads '2500.50' and refuses 'abc' with its
 * own message), and an id only for a tier that exists.
 */
export function programRequest(draft: ProgramDraft): z.input<typeof IncentiveProgramRequest> {
  return {
    program_name: draft.program_name.trim(),
    start_date: draft.start_date,
    end_date: draft.end_date,
    enabled: draft.enabled,
    tiers: draft.tiers.map((tier) => ({
      ...(tier.id ? { id: tier.id } : {}),
      name: tier.name.trim(),
      metric: tier.metric,
      value: tier.value.trim(),
      reward: tier.reward.trim(),
      notify_dealer: tier.notify_dealer,
    })),
  };
}

/** The first thing the server would refuse in a draft, found with the contract's own rules and messages. */
export interface DraftProblem {
  message: string;
  /** the tier row it concerns (0-based), when it is about a tier */
  tierIndex?: number;
}

export function draftProblem(draft: ProgramDraft): DraftProblem | null {
  const result = IncentiveProgramRequest.safeParse(programRequest(draft));
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const message = /^error\b/i.test(issue.message) ? issue.message : `Error: ${issue.message}`;
  const [first, index] = issue.path;
  return first === 'tiers' && typeof index === 'number' ? { message, tierIndex: index } : { message };
}
