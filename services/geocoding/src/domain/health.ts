import type { HealthBand } from '@portal/contracts';

/** 001 §4: 95 or more Excellent; 85 to 94 Good; 70 to 84 Fair; below 70 Needs Attention. */
export function healthBand(percentage: number): HealthBand {
  if (percentage >= 95) return 'Excellent';
  if (percentage >= 85) return 'Good';
  if (percentage >= 70) return 'Fair';
  return 'Needs Attention';
}

/** Healthy dealers out of all active ones, one decimal; an empty network is 100 % healthy. */
export function healthPercentage(healthy: number, total: number): number {
  if (total === 0) return 100;
  return Math.round((healthy / total) * 1000) / 10;
}

/** 001 §9: a diagnosis is stale after 24 hours. */
export const STALE_AFTER_HOURS = 24;

/** Hours since the last diagnosis (one decimal), or null when none ran. */
export function diagnosisAgeHours(ranAt: Date | null, now: Date): number | null {
  if (!ranAt) return null;
  return Math.max(0, Math.round(((now.getTime() - ranAt.getTime()) / 3_600_000) * 10) / 10);
}

export const isStale = (ageHours: number | null) => ageHours === null || ageHours > STALE_AFTER_HOURS;
