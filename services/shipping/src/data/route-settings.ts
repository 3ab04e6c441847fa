import type { EntityManager } from 'typeorm';
import type { RouteSettings } from '../domain/shipment-view';

/** Beyond the spec: the one row of route settings (start point, average speed, service time per stop). */
const DEFAULT_SETTINGS: RouteSettings = {
  start_label: null,
  start_coordinates: null,
  average_speed_mph: 45,
  service_minutes: 15,
};

export async function readRouteSettings(manager: EntityManager): Promise<RouteSettings> {
  const rows: {
    start_label: string | null;
    start_lat: number | null;
    start_lng: number | null;
    average_speed_mph: number;
    service_minutes: number;
  }[] = await manager.query(
    'SELECT start_label, start_lat, start_lng, average_speed_mph, service_minutes FROM route_settings',
  );
  const row = rows[0];
  if (!row) return DEFAULT_SETTINGS;
  return {
    start_label: row.start_label,
    start_coordinates:
      row.start_lat === null || row.start_lng === null ? null : { lat: row.start_lat, lng: row.start_lng },
    average_speed_mph: row.average_speed_mph,
    service_minutes: row.service_minutes,
  };
}

export async function saveRouteSettings(manager: EntityManager, settings: RouteSettings): Promise<void> {
  await manager.query(
    `INSERT INTO route_settings (id, start_label, start_lat, start_lng, average_speed_mph, service_minutes)
     VALUES (true, $1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET start_label = EXCLUDED.start_label, start_lat = EXCLUDED.start_lat,
       start_lng = EXCLUDED.start_lng, average_speed_mph = EXCLUDED.average_speed_mph,
       service_minutes = EXCLUDED.service_minutes`,
    [
      settings.start_label,
      settings.start_coordinates?.lat ?? null,
      settings.start_coordinates?.lng ?? null,
      settings.average_speed_mph,
      settings.service_minutes,
    ],
  );
}
