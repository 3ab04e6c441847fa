import type { Diagnosis, GeocodingSummary, RepairResult, RepairStrategy } from '@portal/contracts';
import { type AuthUser, conflict, HttpError, notFound } from '@portal/platform';
import type { GeocodingContext } from '../context';
import { batchProgress, lastDiagnosisAt, latestBatch, recordDiagnosisRun, startBatch } from '../data/console-runs';
import {
  activeGeoDealers,
  dealersToDiagnose,
  findDealer,
  healthCounts,
  problemDealers,
  type StoredHealth,
  saveHealth,
} from '../data/dealers';
import { recentRepairs } from '../data/history';
import {
  countHealth,
  type DiagnosedDealer,
  diagnoseDealers,
  type GeoDealer,
  repairSuggestions,
} from '../domain/diagnosis';
import { diagnosisAgeHours, healthBand, healthPercentage, isStale } from '../domain/health';
import { DEALER_NOT_FOUND } from './map-dealers';
import { type PlacedDealer, type Placement, place, repairOffline, repairPlan, storePlacements } from './place-dealers';

export const RECENT_REPAIR_DAYS = 7;

/** The console's dashboard: health from each dealer's stored health, the last diagnosis's age, the batch. */
export async function summarizeGeocoding(ctx: GeocodingContext): Promise<GeocodingSummary> {
  const manager = ctx.db.manager;
  const [counts, repairs, ranAt, batch] = await Promise.all([
    healthCounts(manager),
    recentRepairs(manager, RECENT_REPAIR_DAYS),
    lastDiagnosisAt(manager),
    latestBatch(manager),
  ]);
  const total = counts.healthy + counts.missing + counts.error + counts.suspicious;
  const percentage = healthPercentage(counts.healthy, total);
  const age = diagnosisAgeHours(ranAt, new Date());
  return {
    health_percentage: percentage,
    health_band: healthBand(percentage),
    total_dealers: total,
    healthy_count: counts.healthy,
    missing_count: counts.missing,
    error_count: counts.error,
    suspicious_count: counts.suspicious,
    recent_repairs_7_days: repairs,
    diagnosis_age_hours: age,
    diagnosis_stale: isStale(age),
    batch,
  };
}

const listed = (d: DiagnosedDealer) => ({
  dealer_id: d.dealer_id,
  business_name: d.business_name,
  address: d.address,
  city: d.city,
  state: d.state,
  zip_code: d.zip_code,
  severity: d.severity,
  issues: d.issues,
  coordinates: d.lat === null || d.lng === null ? null : { lat: d.lat, lng: d.lng },
});

const sameIssues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** A full diagnosis of every active dealer; the health it finds is kept for the summary. */
export async function runDiagnosis(ctx: GeocodingContext): Promise<Diagnosis> {
  const { shapes } = ctx.deps;
  return ctx.transaction(async (manager) => {
    const dealers = await dealersToDiagnose(manager);
    const diagnosed = diagnoseDealers(dealers, shapes.contains);
    await saveHealth(
      manager,
      diagnosed.filter((d, i) => {
        const stored = dealers[i] as StoredHealth;
        return d.health !== stored.health || !sameIssues(d.issues, stored.issues);
      }),
    );
    const summary = countHealth(diagnosed);
    const ranAt = await recordDiagnosisRun(manager, diagnosed.length, summary);
    return {
      total_dealers: diagnosed.length,
      timestamp: ranAt.toISOString(),
      summary,
      repair_suggestions: repairSuggestions(diagnosed),
      error_dealers: diagnosed.filter((d) => d.health === 'error').map(listed),
      missing_coordinates: diagnosed.filter((d) => d.health === 'missing').map(listed),
      suspicious_coordinates: diagnosed.filter((d) => d.health === 'suspicious').map(listed),
    };
  });
}

/** Re-geocodes one dealer with the chosen strategies, in their order; the first acceptable answer is kept. */
export async function repairDealer(
  ctx: GeocodingContext,
  user: AuthUser,
  dealerId: string,
  strategies: RepairStrategy[],
) {
  const runtime = ctx.deps;
  const dealer = await findDealer(ctx.db.manager, dealerId);
  if (!dealer?.known || dealer.deleted) throw notFound(DEALER_NOT_FOUND);
  const placement = await place(runtime, dealer, repairPlan(strategies, dealer), true);
  await ctx.transaction((manager, emit) =>
    storePlacements(manager, emit, runtime, [{ dealer, placement }], {
      action: 'repair',
      actor: user.email,
      newAddress: false,
    }),
  );
  if (!placement.ok)
    throw new HttpError(422, `Failed to repair dealer ${dealerId}: ${placement.error}`, { error: placement.error });
  return placement;
}

/** Dealers placed offline in one synchronous step (other requests are served between steps). */
export const PLACE_CHUNK = 1000;
/** Placements written in one transaction at most. */
export const WRITE_CHUNK = 10_000;
/** Placements are written, and the progress moved, at least this often. */
export const PROGRESS_EVERY_MS = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Re-geocodes many dealers (null: every dealer that is not healthy), keeping the batch's progress in the
 * database so the console's progress bar (any replica) follows it. One bulk repair runs at a time. Offline,
 * dealers are placed a chunk at a time, synchronously, and the placements are written together — coordinates,
 * history and dealer.geocoded events, each one multi-row statement — at least once a second and at most
 * WRITE_CHUNK per transaction. With Google, dealers are placed one at a time (its calls are paced) and written at
 * least once a second.
 */
export async function bulkRepair(
  ctx: GeocodingContext,
  user: AuthUser,
  dealerIds: string[] | null,
  strategies: RepairStrategy[],
): Promise<RepairResult> {
  const runtime = ctx.deps;
  const dealers: GeoDealer[] = dealerIds
    ? await activeGeoDealers(ctx.db.manager, dealerIds)
    : await problemDealers(ctx.db.manager);
  const batchId = await startBatch(ctx.db.manager, user.email, strategies, dealers.length);
  if (!batchId) throw conflict('Error: A bulk repair is already running');
  const result: RepairResult = {
    successful_repairs: 0,
    total_processed: 0,
    failed_dealer_ids: [],
    strategies_used: {},
  };
  let pending: PlacedDealer[] = [];
  let written = 0;
  let successfulWritten = 0;
  let lastWrite = performance.now();
  const tally = (dealer: GeoDealer, placement: Placement) => {
    pending.push({ dealer, placement });
    result.total_processed += 1;
    if (placement.ok) {
      result.successful_repairs += 1;
      const used = placement.strategy ?? 'enhanced_geocoding';
      result.strategies_used[used] = (result.strategies_used[used] ?? 0) + 1;
    } else result.failed_dealer_ids.push(dealer.dealer_id);
  };
  const write = async () => {
    const chunk = pending;
    pending = [];
    const processed = result.total_processed;
    const successful = result.successful_repairs;
    await ctx.transaction(async (manager, emit) => {
      await storePlacements(manager, emit, runtime, chunk, { action: 'repair', actor: user.email, newAddress: false });
      await batchProgress(manager, batchId, processed, successful, false);
    });
    written = processed;
    successfulWritten = successful;
    lastWrite = performance.now();
  };
  const due = () => pending.length >= WRITE_CHUNK || performance.now() - lastWrite >= PROGRESS_EVERY_MS;
  try {
    if (runtime.best === runtime.offline) {
      for (let start = 0; start < dealers.length; start += PLACE_CHUNK) {
        const slice = dealers.slice(start, start + PLACE_CHUNK);
        const placements = repairOffline(runtime, slice, strategies);
        for (const [i, dealer] of slice.entries()) tally(dealer, placements[i] as Placement);
        if (due()) await write();
        else await nextTurn();
      }
    } else {
      for (const dealer of dealers) {
        tally(dealer, await place(runtime, dealer, repairPlan(strategies, dealer), true));
        if (due()) await write();
      }
    }
    if (pending.length) await write();
  } finally {
    await batchProgress(ctx.db.manager, batchId, written, successfulWritten, true);
  }
  return result;
}
