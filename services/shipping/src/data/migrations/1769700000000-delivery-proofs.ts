import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of delivery (beyond the spec). Every delivered mark is a row of delivery_proofs — with its recipient,
 * signature, photos, note and position when the driver took them, or none of those when the plain
 * update-order-status marked it — so an undo has the status to go back to. An undone row is kept, with who undid
 * it and when, as the record; an order has at most one row that is not undone (its current proof).
 *
 * idempotency_keys remembers what an offline phone's replayed request (same Idempotency-Key, same user) already
 * did: the fingerprint of the request and the outcome to answer again.
 *
 * The route settings say whether a drawn signature (default yes) and a photo (default no) are required.
 */
export class DeliveryProofs1769700000000 implements MigrationInterface {
  name = 'DeliveryProofs1769700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE delivery_proofs (
        proof_id text PRIMARY KEY,
        shipment_id text NOT NULL,
        order_id text NOT NULL,
        -- what the order was before the mark: an undo puts it back
        previous_status text NOT NULL CHECK (previous_status IN ('in_shipment', 'shipped')),
        recipient_name text,
        notes text,
        latitude double precision,
        longitude double precision,
        -- object-store keys of the re-encoded images
        signature_key text,
        photo_keys text[] NOT NULL DEFAULT '{}',
        -- who marked it: the token's user id (an undo is theirs) and email (shown)
        recorded_by_id text NOT NULL,
        recorded_by text NOT NULL,
        -- when the device says it happened (it may have been offline), and when the server recorded it
        captured_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL,
        undone_at timestamptz,
        undone_by text,
        CHECK ((undone_at IS NULL) = (undone_by IS NULL))
      )`);
    await q.query(
      'CREATE UNIQUE INDEX delivery_proofs_current_idx ON delivery_proofs (order_id) WHERE undone_at IS NULL',
    );
    await q.query('CREATE INDEX delivery_proofs_order_idx ON delivery_proofs (order_id, recorded_at)');
    await q.query(`
      CREATE TABLE idempotency_keys (
        user_id text NOT NULL,
        idempotency_key text NOT NULL,
        -- a hash of the endpoint, its parameters, body and files: the same key with another request is refused
        fingerprint text NOT NULL,
        outcome jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (user_id, idempotency_key)
      )`);
    await q.query(`
      ALTER TABLE route_settings
        ADD COLUMN proof_signature_required boolean NOT NULL DEFAULT true,
        ADD COLUMN proof_photo_required boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE route_settings DROP COLUMN proof_photo_required, DROP COLUMN proof_signature_required');
    await q.query('DROP TABLE idempotency_keys');
    await q.query('DROP TABLE delivery_proofs');
  }
}
