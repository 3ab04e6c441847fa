/** The refusal of a zone that is not configured, naming the ones that are. */
export const zoneNotConfigured = (zone: string, configured: readonly string[]) =>
  `Error: Zone "${zone}" is not one of the configured zones (${configured.join(', ')})`;

/**
 * The configured zone `value` names, matched without regard to case or surrounding spaces (an imported CSV
 * says "midwest zone"), in its configured spelling; null when none matches.
 */
export function matchZone(configured: readonly string[], value: string): string | null {
  const wanted = value.trim().toLowerCase();
  return configured.find((zone) => zone.trim().toLowerCase() === wanted) ?? null;
}
