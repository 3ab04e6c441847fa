import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { importDealers } from '../../use-cases/bulk-import';

/** POST /api/admin/bulk-import-dealers — per-row results; a bad row is that row's error. */
export const bulkImportDealers: DealerHandler<'admin.bulkImportDealers'> = async ({ body }, ctx) => {
  const results = await importDealers(ctx, body.dealers);
  return succeeded({
    message: `Successfully imported ${results.successful_imports} dealers!`,
    results,
  });
};
