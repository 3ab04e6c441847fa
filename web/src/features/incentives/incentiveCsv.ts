import type { Achievement, IncentiveProgram } from '@portal/contracts';
import type { CsvValue } from '../../csv/writeCsv';

/** The programs list export (spec 000 §2): incentive_programs.csv with exactly these columns. */
export const PROGRAMS_CSV_FILENAME = 'incentive_programs.csv';
export const PROGRAMS_CSV_HEADER = ['Program Name', 'Enabled', 'Start Date', 'End Date', 'Tiers Count'] as const;

export function programCsvRow(program: IncentiveProgram): CsvValue[] {
  return [
    program.program_name,
    program.enabled ? 'Yes' : 'No',
    program.start_date,
    program.end_date,
    program.tiers.length,
  ];
}

/**
 * A program's Export Achievements CSV (001 §2; the spec does not show its format): one row per tier a dealer
 * reached, with the achievement's fields (000 §3) and the tier's name. Figures are plain numbers (dollars for
 * revenue) so a spreadsheet can sum them.
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

export function achievementCsvRow(achievement: Achievement): CsvValue[] {
  return [
    achievement.dealer_name,
    achievement.dealer_city ?? '',
    achievement.dealer_state ?? '',
    achievement.tier_name,
    achievement.metric,
    achievement.threshold_value,
    achievement.value_achieved,
    achievement.reward,
    achievement.achieved_at,
  ];
}

/** "achievements_spring_push_2025.csv": the program's name, lower case, letters and digits only. */
export function achievementsCsvFilename(program: Pick<IncentiveProgram, 'program_name' | 'id'>): string {
  const slug = program.program_name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `achievements_${slug || program.id}.csv`;
}
