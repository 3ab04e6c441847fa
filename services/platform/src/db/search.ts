/**
 * Text search of the lists (issue 18): `ILIKE '%q%'` answered from a pg_trgm GIN index.
 *
 * The extension lives once per database, in `public` (every service role may use it, none may create in it):
 * provisioning creates it with the admin URL (a service role may not create extensions), and a migration that
 * indexes with it runs `TRIGRAM_EXTENSION` too (after `SELECT pg_advisory_xact_lock(7341001)`, the provisioning
 * lock), which is then a no-op, and creates it where the migrations run as a superuser without an admin URL,
 * as in the tests. Index with `TRIGRAM_OPS`, schema-qualified, since a service's search_path holds only its
 * own schema.
 */
export const TRIGRAM_EXTENSION = 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public';

/** The operator class of a trigram GIN index: `CREATE INDEX ... USING gin (title ${TRIGRAM_OPS})`. */
export const TRIGRAM_OPS = 'public.gin_trgm_ops';

/** The `ILIKE` pattern that matches text containing `text` literally (`%`, `_` and `\` escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
