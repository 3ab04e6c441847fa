/**
 * How the benchmarks time and report: sequential timed runs after a warm-up, nearest-rank percentiles, the
 * one-line figures and the target verdict, and waiting for the portal to reach a state.
 */

/** Nearest-rank percentile `p` (0–100) of ascending `sorted` values. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Seconds since `started` (a Date.now()), one decimal. */
export const secondsSince = (started) => ((Date.now() - started) / 1000).toFixed(1);

/** Checks `check` every `everyMs` until it answers true; throws naming `what` after `timeoutMs`. */
export async function until(what, check, { timeoutMs = 30_000, everyMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/**
 * Runs `once(i)` `warmup` times unmeasured, then `runs` times one after the other (sequential: the figures are
 * one client's latency, not a load test). `once` answers the milliseconds of its run. Answers them sorted.
 */
export async function timeSequential({ warmup, runs }, once) {
  for (let i = 0; i < warmup; i++) await once(i);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once(warmup + i));
  return times.sort((a, b) => a - b);
}

/** "p50 … ms, p95 … ms, max … ms" of sorted `times`. */
export const figures = (times, digits = 1) =>
  `p50 ${percentile(times, 50).toFixed(digits)} ms, p95 ${percentile(times, 95).toFixed(digits)} ms, ` +
  `max ${times.at(-1).toFixed(digits)} ms`;

/** Whether the p95 of sorted `times` meets `targetMs`, and the verdict to print ("(target p95 <= … ms) ok"). */
export function p95Verdict(times, targetMs) {
  const ok = percentile(times, 95) <= targetMs;
  return { ok, verdict: `(target p95 <= ${targetMs} ms) ${ok ? 'ok' : 'MISSED'}` };
}
