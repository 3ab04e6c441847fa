import { BULK_IMPORT_FIELDS } from '@portal/contracts';

export type ImportField = (typeof BULK_IMPORT_FIELDS)[number];
/** For each CSV column, the dealer field it fills, or '' when it is skipped. */
export type ColumnMapping = readonly (ImportField | '')[];
export type ImportRow = Partial<Record<ImportField, string>>;

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** A first guess at the mapping: a header that names a field (e.g. "Zip Code" → zip_code) maps to it. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const used = new Set<ImportField>();
  return headers.map((header) => {
    const field = BULK_IMPORT_FIELDS.find((candidate) => candidate === normalise(header));
    if (!field || used.has(field)) return '';
    used.add(field);
    return field;
  });
}

/** The rows to send: only mapped, non-empty cells (001 §5). */
export function importRows(dataRows: readonly (readonly string[])[], mapping: ColumnMapping): ImportRow[] {
  return dataRows.map((cells) => {
    const row: ImportRow = {};
    mapping.forEach((field, column) => {
      const value = cells[column]?.trim();
      if (field && value) row[field] = value;
    });
    return row;
  });
}

/** Splits the rows into batches, so the progress bar can move as each batch is imported. */
export function batches<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}
