import type { BulkImportResults } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { existingKeys, insertImportBatch } from '../../data/import-dealers';
import { checkImportRows, type ImportedDealer } from '../../domain/import-rows';

/** Rows per INSERT statement (12 text arrays of this length). */
const BATCH_SIZE = 1000;

/**
 * POST /api/admin/bulk-import-dealers — validates every row like create-dealer, skips emails already used
 * (by a dealer, or by an earlier row of the file) and reports them in duplicate_emails, then inserts in
 * batches of 1000, one statement and one transaction per batch. Imported dealers have no login: the admin
 * invites them later. failed_imports counts the rows in `errors`; skipped duplicates are not failures.
 */
export const bulkImportDealers: DealerHandler<'admin.bulkImportDealers'> = async ({ body }, ctx) => {
  const { valid, errors } = checkImportRows(body.dealers);
  const existing = await existingKeys(
    ctx.db.manager,
    valid.map((d) => d.email),
    valid.map((d) => d.dealer_id),
  );
  const duplicateEmails: string[] = [];
  const seenEmails = new Set<string>();
  const seenIds = new Set<string>();
  const toInsert: ImportedDealer[] = [];
  for (const dealer of valid) {
    if (existing.emails.has(dealer.email) || seenEmails.has(dealer.email)) {
      duplicateEmails.push(dealer.email);
    } else if (existing.dealerIds.has(dealer.dealer_id) || seenIds.has(dealer.dealer_id)) {
      errors.push({ row: dealer.row, message: `Error: Dealer ID ${dealer.dealer_id} already exists` });
    } else {
      toInsert.push(dealer);
    }
    seenEmails.add(dealer.email);
    seenIds.add(dealer.dealer_id);
  }

  let imported = 0;
  for (let start = 0; start < toInsert.length; start += BATCH_SIZE) {
    const batch = toInsert.slice(start, start + BATCH_SIZE);
    const inserted = await ctx.transaction((manager, emit) => insertImportBatch(manager, emit, batch));
    imported += inserted.size;
    for (const dealer of batch) if (!inserted.has(dealer.dealer_id)) duplicateEmails.push(dealer.email);
  }

  errors.sort((a, b) => a.row - b.row);
  const results: BulkImportResults = {
    successful_imports: imported,
    failed_imports: errors.length,
    duplicate_emails: duplicateEmails,
    errors,
  };
  return { success: true as const, message: `Successfully imported ${imported} dealers!`, results };
};
