import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Routes have a driver (beyond the spec): the delivery user's email and their name as it was when the route was
 * given to them (a snapshot: the list shows it without asking identity), and when the route left (its first
 * order marked shipped or delivered; shipment.departed is emitted once, when it is set).
 *
 * The `driver` filter reads the list's keyset orders from an index each: newest first within a driver, by
 * status within a driver (which also answers a driver and one status, newest first), and newest first among
 * the routes nobody drives (`driver=none`, a partial index: PostgreSQL would rather sort the few `IS NULL` rows
 * of the first one than read them in order).
 */
export class ShipmentDrivers1769600000000 implements MigrationInterface {
  name = 'ShipmentDrivers1769600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE shipments
        ADD COLUMN driver_email text,
        ADD COLUMN driver_name text,
        ADD COLUMN departed_at timestamptz,
        ADD CONSTRAINT shipments_driver_named CHECK ((driver_email IS NULL) = (driver_name IS NULL))`);
    await q.query('CREATE INDEX shipments_driver_idx ON shipments (driver_email, created_at, shipment_id)');
    await q.query(
      'CREATE INDEX shipments_driver_status_idx ON shipments (driver_email, status, created_at, shipment_id)',
    );
    await q.query(
      'CREATE INDEX shipments_unassigned_idx ON shipments (created_at, shipment_id) WHERE driver_email IS NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX shipments_unassigned_idx');
    await q.query('DROP INDEX shipments_driver_status_idx');
    await q.query('DROP INDEX shipments_driver_idx');
    await q.query(`
      ALTER TABLE shipments
        DROP CONSTRAINT shipments_driver_named,
        DROP COLUMN departed_at, DROP COLUMN driver_name, DROP COLUMN driver_email`);
  }
}
