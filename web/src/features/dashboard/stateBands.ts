/** The map's dealer-count colour bands (001 §9): 0, 1–2, 3–5, 6–10, more than 10. */
export const STATE_BANDS = [
  { label: '0', min: 0, max: 0, color: '#ece5d5' },
  { label: '1–2', min: 1, max: 2, color: '#c9d6b8' },
  { label: '3–5', min: 3, max: 5, color: '#93ad7c' },
  { label: '6–10', min: 6, max: 10, color: '#5b7247' },
  { label: '>10', min: 11, max: Number.POSITIVE_INFINITY, color: '#2f4a34' },
] as const;

export function bandColor(count: number): string {
  return (STATE_BANDS.find((band) => count >= band.min && count <= band.max) ?? STATE_BANDS[0]).color;
}

export interface MapSummary {
  statesWithDealers: number;
  total: number;
  /** total divided by 50, one decimal */
  averagePerState: string;
}

/** The summary under the map; only the 50 states count. */
export function mapSummary(byState: Readonly<Record<string, number>>, stateCodes: readonly string[]): MapSummary {
  const counts = stateCodes.map((code) => byState[code] ?? 0);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    statesWithDealers: counts.filter((count) => count > 0).length,
    total,
    averagePerState: (total / stateCodes.length).toFixed(1),
  };
}
