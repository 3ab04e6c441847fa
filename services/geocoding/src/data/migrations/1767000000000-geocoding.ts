import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The geocoding service's tables (in its own schema): its read model of dealers with their coordinates and map
 * category, every coordinate change, the map settings, diagnosis runs, bulk repair progress, and the locator's
 * version counter.
 */
export class Geocoding1767000000000 implements MigrationInterface {
  name = 'Geocoding1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dealers (
        dealer_id text PRIMARY KEY,
        -- what dealer.created/updated carry; fields_changed_at keeps an older event from overwriting a newer one
        business_name text,
        full_name text,
        email text,
        phone text,
        address text,
        city text,
        state text,
        zip_code text,
        website text,
        fields_changed_at timestamptz,
        archived boolean NOT NULL DEFAULT false,
        archived_changed_at timestamptz,
        deleted boolean NOT NULL DEFAULT false,
        -- owned here
        category text NOT NULL DEFAULT 'dealer',
        lat double precision,
        lng double precision,
        geocoding_status text CHECK (geocoding_status IN ('ok', 'error', 'manual', 'pending')),
        geocoding_error text,
        geocode_source text,
        geocode_confidence text CHECK (geocode_confidence IN ('rooftop', 'interpolated', 'zip_centroid', 'city_centroid')),
        matched_address text,
        -- the normalised address the coordinates belong to: a dealer is geocoded again only when it changes
        geocoded_address_key text,
        geocoded_at timestamptz,
        google_formatted_address text,
        -- the health the diagnosis rules gave the dealer when its coordinates last changed
        health text NOT NULL DEFAULT 'missing' CHECK (health IN ('healthy', 'missing', 'error', 'suspicious')),
        issues text[] NOT NULL DEFAULT '{}',
        -- the locator_state version of the last change the locator must see
        locator_version bigint NOT NULL DEFAULT 0,
        CHECK ((lat IS NULL) = (lng IS NULL))
      )`);
    await q.query('CREATE INDEX dealers_locator_version_idx ON dealers (locator_version)');
    await q.query('CREATE INDEX dealers_health_idx ON dealers (health) WHERE NOT archived AND NOT deleted');
    await q.query(`
      CREATE TABLE locator_state (
        id integer PRIMARY KEY CHECK (id = 1),
        -- bumped (row-locked, so in commit order) by every change the locator must see
        version bigint NOT NULL
      )`);
    await q.query('INSERT INTO locator_state (id, version) VALUES (1, 0)');
    await q.query(`
      CREATE TABLE geocoding_history (
        id bigserial PRIMARY KEY,
        dealer_id text NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        action text NOT NULL CHECK (action IN ('geocode', 'repair', 'manual_override', 'coordinates_update')),
        actor text NOT NULL,
        status text NOT NULL CHECK (status IN ('ok', 'error', 'manual')),
        from_lat double precision,
        from_lng double precision,
        lat double precision,
        lng double precision,
        source text,
        confidence text,
        strategy text,
        matched_address text,
        error text,
        notes text
      )`);
    await q.query('CREATE INDEX geocoding_history_dealer_idx ON geocoding_history (dealer_id, id DESC)');
    await q.query(
      "CREATE INDEX geocoding_history_repairs_idx ON geocoding_history (occurred_at) WHERE action = 'repair'",
    );
    await q.query(`
      CREATE TABLE map_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        categories jsonb NOT NULL,
        settings jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`
      CREATE TABLE diagnosis_runs (
        id bigserial PRIMARY KEY,
        ran_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        total_dealers integer NOT NULL,
        healthy_count integer NOT NULL,
        missing_count integer NOT NULL,
        error_count integer NOT NULL,
        suspicious_count integer NOT NULL
      )`);
    await q.query(`
      CREATE TABLE repair_batches (
        id bigserial PRIMARY KEY,
        state text NOT NULL CHECK (state IN ('running', 'complete')),
        started_by text NOT NULL,
        strategies text[] NOT NULL,
        total integer NOT NULL,
        processed integer NOT NULL DEFAULT 0,
        successful integer NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        finished_at timestamptz,
        heartbeat_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    // one running batch at a time, across replicas
    await q.query("CREATE UNIQUE INDEX repair_batches_one_running ON repair_batches ((true)) WHERE state = 'running'");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE repair_batches, diagnosis_runs, map_settings, geocoding_history, locator_state, dealers');
  }
}
