/** The spec's zone rules, checked before anything is saved. */
export type ZoneChange = { zones: string[] } | { error: string };

const sameZone = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A new zone must have a name that no zone has yet (ignoring case). */
export function addZone(zones: readonly string[], name: string): ZoneChange {
  const zone = name.trim();
  if (!zone) return { error: 'Error: Zone name is required' };
  if (zones.some((existing) => sameZone(existing, zone))) return { error: 'Error: Zone already exists' };
  return { zones: [...zones, zone] };
}

/** The last remaining zone cannot be removed. */
export function removeZone(zones: readonly string[], zone: string): ZoneChange {
  if (zones.length <= 1) return { error: 'Error: At least one zone must remain' };
  return { zones: zones.filter((existing) => existing !== zone) };
}
