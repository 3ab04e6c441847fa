import { succeeded } from '@portal/contracts';
import type { GeocodingHandler } from '../../context';
import { geocodeText, testAddress } from '../../use-cases/address-tools';
import { bulkRepair, repairDealer, runDiagnosis, summarizeGeocoding } from '../../use-cases/console';

/** GET /api/admin/geocoding-summary — with the latest bulk repair's progress (the progress bar polls it). */
export const geocodingSummary: GeocodingHandler<'admin.geocodingSummary'> = async (_input, ctx) =>
  succeeded({ summary: await summarizeGeocoding(ctx) });

/** GET /api/admin/geocoding-diagnosis — a full, fresh diagnosis. */
export const geocodingDiagnosis: GeocodingHandler<'admin.geocodingDiagnosis'> = async (_input, ctx) =>
  succeeded({ message: 'Diagnosis completed successfully!', diagnosis: await runDiagnosis(ctx) });

/** POST /api/admin/repair-dealer-geocoding/{dealer_id} */
export const repairDealerGeocoding: GeocodingHandler<'admin.repairDealerGeocoding'> = async (
  { params, body, user },
  ctx,
) => {
  const placement = await repairDealer(ctx, user, params.dealer_id, body.strategies);
  return succeeded({
    message: `Dealer ${params.dealer_id} repaired successfully!`,
    coordinates: placement.ok ? { lat: placement.answer.lat, lng: placement.answer.lng } : null,
    strategy: placement.ok ? placement.strategy : null,
    confidence: placement.ok ? placement.answer.confidence : null,
  });
};

/** POST /api/admin/bulk-repair-geocoding — dealer_ids null: every dealer that is not healthy. */
export const bulkRepairGeocoding: GeocodingHandler<'admin.bulkRepairGeocoding'> = async ({ body, user }, ctx) => {
  const result = await bulkRepair(ctx, user, body.dealer_ids, body.strategies);
  return succeeded({
    message: `Bulk repair completed! ${result.successful_repairs}/${result.total_processed} dealers repaired successfully.`,
    repair_result: result,
  });
};

/** POST /api/admin/test-address-geocoding */
export const testAddressGeocoding: GeocodingHandler<'admin.testAddressGeocoding'> = async ({ body }, ctx) =>
  succeeded(await testAddress(ctx, body));

/** POST /api/admin/geocode-address */
export const geocodeAddress: GeocodingHandler<'admin.geocodeAddress'> = async ({ body }, ctx) => {
  const answer = await geocodeText(ctx, body.address);
  return succeeded({
    coordinates: { lat: answer.lat, lng: answer.lng },
    formatted_address: answer.matched_address ?? body.address,
    source: answer.source,
    confidence: answer.confidence,
  });
};
