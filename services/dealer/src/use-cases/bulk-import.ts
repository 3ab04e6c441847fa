import type { BulkImportResults, BulkImportRow } from '@portal/contracts';
import { recordAudits } from '@portal/platform';
import type { DealerContext } from '../context';
import { configuredZones } from '../data/configured-zones';
import { existingKeys, insertImportBatch } from '../data/import-dealers';
import { checkImportRows, deduplicateImport } from '../domain/import-rows';

/** Rows per INSERT statement. */
const BATCH_SIZE = 1000;

/**
 * Checks every row like create-dealer (a bad row is that row's error), skips emails already used (by a dealer,
 * or by an earlier row) and reports them in duplicate_emails, then inserts in batches of 1000, one statement
 * and one transaction per batch. Imported dealers have no login: the admin invites them later.
 * failed_imports counts the rows in `errors`; skipped duplicates are not failures.
 */
export async function importDealers(ctx: DealerContext, rows: readonly BulkImportRow[]): Promise<BulkImportResults> {
  const checked = checkImportRows(rows, await configuredZones(ctx.db.manager));
  const taken = await existingKeys(
    ctx.db.manager,
    checked.valid.map((d) => d.email),
    checked.valid.map((d) => d.dealer_id),
  );
  const { toInsert, duplicateEmails, errors } = deduplicateImport(checked.valid, taken);

  let imported = 0;
  for (let start = 0; start < toInsert.length; start += BATCH_SIZE) {
    const batch = toInsert.slice(start, start + BATCH_SIZE);
    const inserted = await ctx.transaction(async (manager, emit) => {
      const created = await insertImportBatch(manager, emit, batch);
      await recordAudits(
        emit,
        created.map((dealer) => ({
          action: 'dealer.created',
          entity: 'dealer' as const,
          entity_id: dealer.dealer_id,
          after: dealer,
        })),
      );
      return new Set(created.map((dealer) => dealer.dealer_id));
    });
    imported += inserted.size;
    for (const dealer of batch) if (!inserted.has(dealer.dealer_id)) duplicateEmails.push(dealer.email);
  }

  const allErrors = [...checked.errors, ...errors].sort((a, b) => a.row - b.row);
  return {
    successful_imports: imported,
    failed_imports: allErrors.length,
    duplicate_emails: duplicateEmails,
    errors: allErrors,
  };
}
