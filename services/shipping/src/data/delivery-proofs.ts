import type { EntityManager } from 'typeorm';

/** A delivered mark as kept: its proof (if any was taken), who made it, and whether it was undone. */
export interface DeliveryProofRecord {
  proof_id: string;
  shipment_id: string;
  order_id: string;
  previous_status: 'in_shipment' | 'shipped';
  recipient_name: string | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  signature_key: string | null;
  photo_keys: string[];
  recorded_by_id: string;
  recorded_by: string;
  captured_at: Date;
  recorded_at: Date;
  undone_at: Date | null;
  undone_by: string | null;
}

export type NewDeliveryProof = Omit<DeliveryProofRecord, 'undone_at' | 'undone_by'>;

const COLUMNS = `proof_id, shipment_id, order_id, previous_status, recipient_name, notes, latitude, longitude,
  signature_key, photo_keys, recorded_by_id, recorded_by, captured_at, recorded_at, undone_at, undone_by`;

export async function insertDeliveryProof(manager: EntityManager, proof: NewDeliveryProof): Promise<void> {
  await manager.query(
    `INSERT INTO delivery_proofs (proof_id, shipment_id, order_id, previous_status, recipient_name, notes, latitude,
       longitude, signature_key, photo_keys, recorded_by_id, recorded_by, captured_at, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12, $13, $14)`,
    [
      proof.proof_id,
      proof.shipment_id,
      proof.order_id,
      proof.previous_status,
      proof.recipient_name,
      proof.notes,
      proof.latitude,
      proof.longitude,
      proof.signature_key,
      proof.photo_keys,
      proof.recorded_by_id,
      proof.recorded_by,
      proof.captured_at,
      proof.recorded_at,
    ],
  );
}

/** The order's current delivered mark (the one not undone), or null; with `dealerId`, only if the order is theirs. */
export async function currentDeliveryProof(
  manager: EntityManager,
  orderId: string,
  dealerId?: string,
): Promise<DeliveryProofRecord | null> {
  const rows: DeliveryProofRecord[] =
    dealerId === undefined
      ? await manager.query(`SELECT ${COLUMNS} FROM delivery_proofs WHERE order_id = $1 AND undone_at IS NULL`, [
          orderId,
        ])
      : await manager.query(
          `SELECT ${COLUMNS} FROM delivery_proofs
            WHERE order_id = $1 AND undone_at IS NULL
              AND EXISTS (SELECT 1 FROM known_orders o WHERE o.order_id = $1 AND o.dealer_id = $2)`,
          [orderId, dealerId],
        );
  return rows[0] ?? null;
}

/** The current delivered mark of an order, locked until the transaction ends (an undo against a replay). */
export async function lockCurrentDeliveryProof(
  manager: EntityManager,
  orderId: string,
): Promise<DeliveryProofRecord | null> {
  const rows: DeliveryProofRecord[] = await manager.query(
    `SELECT ${COLUMNS} FROM delivery_proofs WHERE order_id = $1 AND undone_at IS NULL FOR UPDATE`,
    [orderId],
  );
  return rows[0] ?? null;
}

export async function findDeliveryProof(manager: EntityManager, proofId: string): Promise<DeliveryProofRecord | null> {
  const rows: DeliveryProofRecord[] = await manager.query(
    `SELECT ${COLUMNS} FROM delivery_proofs WHERE proof_id = $1`,
    [proofId],
  );
  return rows[0] ?? null;
}

/** Every delivered mark of an order, oldest first, undone ones included (the record). */
export async function deliveryProofHistory(manager: EntityManager, orderId: string): Promise<DeliveryProofRecord[]> {
  return manager.query(`SELECT ${COLUMNS} FROM delivery_proofs WHERE order_id = $1 ORDER BY recorded_at, proof_id`, [
    orderId,
  ]);
}

/** Marks a delivered mark undone (kept as the record). */
export async function markProofUndone(
  manager: EntityManager,
  proofId: string,
  undone: { by: string; at: Date },
): Promise<void> {
  await manager.query(
    'UPDATE delivery_proofs SET undone_at = $2, undone_by = $3 WHERE proof_id = $1 AND undone_at IS NULL',
    [proofId, undone.at, undone.by],
  );
}

/** The current delivered marks of a shipment's orders that have a signature: order id and signature key. */
export async function currentSignaturesOfShipment(
  manager: EntityManager,
  shipmentId: string,
): Promise<{ order_id: string; signature_key: string }[]> {
  return manager.query(
    `SELECT p.order_id, p.signature_key FROM delivery_proofs p
      WHERE p.shipment_id = $1 AND p.undone_at IS NULL AND p.signature_key IS NOT NULL`,
    [shipmentId],
  );
}
