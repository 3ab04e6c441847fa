import { type BULK_IMPORT_FIELDS, CreateDealerRequest } from '@portal/contracts';
import type { z } from 'zod';
import { DEALER_ID_PATTERN, newDealerId } from './dealer-id';

export type ImportRow = Partial<Record<(typeof BULK_IMPORT_FIELDS)[number], string>>;

/** The columns an imported dealer is inserted with, in insert order. */
export const IMPORT_COLUMNS = [
  'dealer_id',
  'business_name',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'website',
  'zone',
  'business_type',
] as const;
export type ImportedDealer = Record<(typeof IMPORT_COLUMNS)[number], string | null> & {
  dealer_id: string;
  email: string;
  row: number;
};

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

const orNull = (value: string | undefined) => value?.trim() || null;

export interface CheckedRows {
  valid: ImportedDealer[];
  errors: RowError[];
}

/**
 * Validates each row exactly like create-dealer (row numbers count data rows from 1). A row's own
 * dealer_id is kept when URL-safe; otherwise a new id is given.
 */
export function checkImportRows(rows: ImportRow[]): CheckedRows {
  const valid: ImportedDealer[] = [];
  const errors: RowError[] = [];
  for (const [index, raw] of rows.entries()) {
    const row = index + 1;
    const parsed = CreateDealerRequest.safeParse(raw);
    if (!parsed.success) {
      errors.push({ row, message: firstMessage(parsed.error) });
      continue;
    }
    const ownId = raw.dealer_id?.trim();
    if (ownId && !DEALER_ID_PATTERN.test(ownId)) {
      errors.push({ row, message: 'Error: Dealer ID may contain only letters, digits, - and _' });
      continue;
    }
    const d = parsed.data;
    valid.push({
      row,
      dealer_id: ownId || newDealerId(),
      business_name: orNull(d.business_name),
      full_name: orNull(d.full_name),
      email: d.email as string, // required by the request schema
      phone: orNull(d.phone),
      address: orNull(d.address),
      city: orNull(d.city),
      state: orNull(d.state),
      zip_code: orNull(d.zip_code),
      website: orNull(d.website),
      zone: orNull(d.zone),
      business_type: orNull(raw.business_type),
    });
  }
  return { valid, errors };
}
