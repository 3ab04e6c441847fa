import type { IncentiveProgram } from '@portal/contracts';
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
 * A program's Export Achievements CSV is written by the incentive service (its columns and cells there:
 * services/incentive/src/domain/achievement-csv.ts); the download keeps this name.
 */
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
