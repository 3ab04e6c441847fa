import type { EntityManager } from 'typeorm';
import type { RouteSettings } from '../domain/shipment-view';

/**
 * Beyond the spec: the one row of route settings (start point, average speed, service time per stop, what a proof
 * of delivery requires).
 */
const DEFAULT_SETTINGS: RouteSettings = {
  start_label: null,
  start_coordinates: null,
  average_speed_mph: 45,
  service_minutes: 15,
  proof_signature_required: true,
  proof_photo_required: false,
};

export async function readRouteSettings(manager: EntityManager): Promise<RouteSettings> {
  const rows: {
    start_label: string | null;
    start_lat: number | null;
    start_lng: number | null;
    average_speed_mph: number;
    service_minutes: number;
    proof_signature_required: boolean;
    proof_photo_required: boolean;
  }[] = await manager.query(
    `SELECT start_label, start_lat, start_lng, average_speed_mph, service_minutes, proof_signature_required,
            proof_photo_required
       FROM route_settings`,
  );
  const row = rows[0];
  if (!row) return DEFAULT_SETTINGS;
  return {
    start_label: row.start_label,
    start_coordinates:
      row.start_lat === null || row.start_lng === null ? null : { lat: row.start_lat, lng: row.start_lng },
    average_speed_mph: row.average_speed_mph,
    service_minutes: row.service_minutes,
    proof_signature_required: row.proof_signature_required,
    proof_photo_required: row.proof_photo_required,
  };
}

export async function saveRouteSettings(manager: EntityManager, settings: RouteSettings): Promise<void> {
  await manager.query(
    `INSERT INTO route_settings (id, start_label, start_lat, start_lng, average_speed_mph, service_minutes,
       proof_signature_required, proof_photo_required)
     VALUES (true, $1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET start_label = EXCLUDED.start_label, start_lat = EXCLUDED.start_lat,
       start_lng = EXCLUDED.start_lng, average_speed_mph = EXCLUDED.average_speed_mph,
       service_minutes = EXCLUDED.service_minutes, proof_signature_required = EXCLUDED.proof_signature_required,
       proof_photo_required = EXCLUDED.proof_photo_required`,
    [
      settings.start_label,
      settings.start_coordinates?.lat ?? null,
      settings.start_coordinates?.lng ?? null,
      settings.average_speed_mph,
      settings.service_minutes,
      settings.proof_signature_required,
      settings.proof_photo_required,
    ],
  );
}
