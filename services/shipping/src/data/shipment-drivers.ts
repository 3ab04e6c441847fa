import type { EntityManager } from 'typeorm';

/** Gives the shipment to a driver (their name as it was when assigned), or takes it back with null. */
export async function saveShipmentDriver(
  manager: EntityManager,
  shipmentId: string,
  driver: { email: string; full_name: string } | null,
): Promise<void> {
  await manager.query('UPDATE shipments SET driver_email = $2, driver_name = $3 WHERE shipment_id = $1', [
    shipmentId,
    driver?.email ?? null,
    driver?.full_name ?? null,
  ]);
}

/**
 * Records that the shipment left at `at`, unless it already had: answers true only for the call that set it
 * (the condition in the UPDATE makes two concurrent first marks set it once).
 */
export async function markDeparted(manager: EntityManager, shipmentId: string, at: Date): Promise<boolean> {
  // TypeORM answers an UPDATE … RETURNING as [rows, count]
  const [rows]: [{ shipment_id: string }[], number] = await manager.query(
    'UPDATE shipments SET departed_at = $2 WHERE shipment_id = $1 AND departed_at IS NULL RETURNING shipment_id',
    [shipmentId, at],
  );
  return rows.length > 0;
}
