import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the driver's proof of delivery leaves on the order (shipment.order_status_changed's `delivery`): when and
 * to whom, for the invoice and My Orders, and the drawn signature as PNG bytes (≤ 64 KB, stored out of line by
 * PostgreSQL's TOAST, so the order lists, which never select it, do not carry it). All three are cleared when
 * the delivery is undone.
 */
export class OrderDeliveries1769600000000 implements MigrationInterface {
  name = 'OrderDeliveries1769600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN delivered_at timestamptz,
        ADD COLUMN delivered_to text,
        ADD COLUMN delivery_signature_png bytea CHECK (octet_length(delivery_signature_png) <= 65536)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE orders DROP COLUMN delivery_signature_png, DROP COLUMN delivered_to, DROP COLUMN delivered_at',
    );
  }
}
