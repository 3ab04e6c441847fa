import { badRequest } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { configuredZones } from '../data/configured-zones';
import { matchZone, zoneNotConfigured } from '../domain/zones';

/**
 * The zone as configured (its configured spelling), or a 400 naming the configured zones. Undefined and null
 * (not sent, cleared) pass as they are.
 */
export async function configuredZoneOf<Z extends string | null | undefined>(
  manager: EntityManager,
  zone: Z,
): Promise<Z> {
  if (zone === undefined || zone === null) return zone;
  const configured = await configuredZones(manager);
  const match = matchZone(configured, zone);
  if (!match) throw badRequest(zoneNotConfigured(zone, configured));
  return match as Z;
}
