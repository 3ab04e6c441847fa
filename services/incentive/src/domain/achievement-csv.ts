import type { Achievement, IncentiveProgram } from '@portal/contracts';
import { type CsvCell, formatDateTimeCellIn, inertCsvCell } from '@portal/platform';

/**
 * A program's achievements CSV: the same columns, headers and cells as the web wrote it itself
 * (web/src/features/incentives/incentiveCsv.ts before the export moved here): one row per tier a dealer reached,
 * figures as plain numbers (dollars for revenue) so a spreadsheet can sum them.
 */
export const ACHIEVEMENTS_CSV_HEADER = [
  'Dealer Name',
  'Dealer City',
  'Dealer State',
  'Tier',
  'Metric',
  'Threshold Value',
  'Value Achieved',
  'Reward',
  'Achieved At',
] as const;

/**
 * One achievement as a CSV record: text cells made inert (a formula opens as text), the figures numbers, the
 * time in the system timezone (e.g. `2026-11-30 23:30 CST`).
 */
export function achievementCsvRow(achievement: Achievement, timeZone: string): CsvCell[] {
  const text = (value: string | null) => inertCsvCell(value ?? '');
  return [
    text(achievement.dealer_name),
    text(achievement.dealer_city),
    text(achievement.dealer_state),
    text(achievement.tier_name),
    text(achievement.metric),
    achievement.threshold_value,
    achievement.value_achieved,
    text(achievement.reward),
    text(formatDateTimeCellIn(achievement.achieved_at, timeZone)),
  ];
}

/** "achievements_spring_push_2025.csv": the program's name, lower case, letters and digits only (else its id). */
export function achievementsCsvFilename(program: Pick<IncentiveProgram, 'program_name' | 'id'>): string {
  const slug = program.program_name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `achievements_${slug || program.id}.csv`;
}
