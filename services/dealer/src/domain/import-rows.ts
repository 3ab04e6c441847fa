import {
  type BulkImportRow,
  DEALER_FIELDS,
  ImportedDealerRow,
  stateCodeOf,
  UNSTORABLE_CELL,
  unstorableMessage,
} from '@portal/contracts';
import type { z } from 'zod';
import { DEALER_ID_PATTERN, newDealerId } from './dealer-id';
import { matchZone, zoneNotConfigured } from './zones';

/** A row ready to insert: the checked fields, its dealer id, and its row number (data rows count from 1). */
export type ImportedDealer = ImportedDealerRow & { dealer_id: string; row: number };

export interface RowError {
  row: number;
  message: string;
}

/** The first problem of a row, worded as create-dealer words it. */
function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Error: Invalid row';
  const path = issue.path.join('.');
  return path && !issue.message.startsWith('Error:') ? `${path}: ${issue.message}` : issue.message;
}

/** An import's state cell that is neither a code nor a full name, quoted as the file had it. */
export function notAStateMessage(value: string): string {
  const shown = value.trim();
  // a cell may be long: the message quotes enough to find it in the file
  const quoted = shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
  return `Error: State "${quoted}" is not a US state name or two-letter code`;
}

/**
 * A state cell as a code: a code in any case or a full name ("Montana" → MT, "new york" → NY); a blank or absent
 * cell is left as it came (the row's own rules decide); null when it names no state.
 */
function importedState(cell: string | undefined): string | null | undefined {
  if (cell === undefined || cell.trim() === '') return cell;
  return stateCodeOf(cell);
}

export interface CheckedRows {
  valid: ImportedDealer[];
  errors: RowError[];
}

/**
 * Checks each row exactly like create-dealer (same types, same messages) and its zone against the configured
 * zones; a bad cell is its row's error, never the import's. A row's own dealer_id is kept when URL-safe;
 * otherwise a new id is given.
 */
export function checkImportRows(rows: readonly BulkImportRow[], zones: readonly string[]): CheckedRows {
  const valid: ImportedDealer[] = [];
  const errors: RowError[] = [];
  for (const [index, raw] of rows.entries()) {
    const row = index + 1;
    const unstorable = raw[UNSTORABLE_CELL];
    if (unstorable) {
      const label = unstorable === 'dealer_id' ? 'Dealer ID' : DEALER_FIELDS[unstorable].label;
      errors.push({ row, message: unstorableMessage(label) });
      continue;
    }
    const { dealer_id: ownIdCell, ...cells } = raw;
    const state = importedState(cells.state);
    if (state === null) {
      errors.push({ row, message: notAStateMessage(cells.state ?? '') });
      continue;
    }
    const parsed = ImportedDealerRow.safeParse({ ...cells, state });
    if (!parsed.success) {
      errors.push({ row, message: firstMessage(parsed.error) });
      continue;
    }
    const zone = matchZone(zones, parsed.data.zone);
    if (!zone) {
      errors.push({ row, message: zoneNotConfigured(parsed.data.zone, zones) });
      continue;
    }
    const ownId = ownIdCell?.trim();
    if (ownId && !DEALER_ID_PATTERN.test(ownId)) {
      errors.push({ row, message: 'Error: Dealer ID may contain only letters, digits, - and _' });
      continue;
    }
    valid.push({ ...parsed.data, zone, row, dealer_id: ownId || newDealerId() });
  }
  return { valid, errors };
}

export interface Deduplicated {
  toInsert: ImportedDealer[];
  /** emails skipped because a dealer, or an earlier row of the import, already uses them (not failures) */
  duplicateEmails: string[];
  errors: RowError[];
}

/**
 * Splits checked rows into what to insert and what to skip: an email already used (by a dealer, or by an
 * earlier row) is a duplicate; a dealer id already used is that row's error.
 */
export function deduplicateImport(
  rows: readonly ImportedDealer[],
  taken: { emails: ReadonlySet<string>; dealerIds: ReadonlySet<string> },
): Deduplicated {
  const duplicateEmails: string[] = [];
  const errors: RowError[] = [];
  const toInsert: ImportedDealer[] = [];
  const seenEmails = new Set<string>();
  const seenIds = new Set<string>();
  for (const dealer of rows) {
    if (taken.emails.has(dealer.email) || seenEmails.has(dealer.email)) {
      duplicateEmails.push(dealer.email);
    } else if (taken.dealerIds.has(dealer.dealer_id) || seenIds.has(dealer.dealer_id)) {
      errors.push({ row: dealer.row, message: `Error: Dealer ID ${dealer.dealer_id} already exists` });
    } else {
      toInsert.push(dealer);
    }
    seenEmails.add(dealer.email);
    seenIds.add(dealer.dealer_id);
  }
  return { toInsert, duplicateEmails, errors };
}
