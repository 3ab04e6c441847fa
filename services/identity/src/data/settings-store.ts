import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

export type SettingsKind = 'company' | 'system' | 'email' | 'notifications';

/** The stored value over the defaults, so a field added later reads its default until saved. */
function merged<S extends z.ZodType>(schema: S, defaults: z.output<S>, stored: unknown): z.output<S> {
  return schema.parse({ ...(defaults as object), ...(stored as object | undefined) });
}

/** One kind of settings: its defaults until saved, then the stored value. */
export async function readSettings<S extends z.ZodType>(
  manager: EntityManager,
  kind: SettingsKind,
  schema: S,
  defaults: z.output<S>,
): Promise<z.output<S>> {
  const rows: { value: unknown }[] = await manager.query('SELECT value FROM settings WHERE kind = $1', [kind]);
  return merged(schema, defaults, rows[0]?.value);
}

/**
 * Like `readSettings`, but locks the row until the transaction ends, so two saves that each change part of
 * the settings cannot overwrite each other. Must run inside a transaction.
 */
export async function readSettingsForUpdate<S extends z.ZodType>(
  manager: EntityManager,
  kind: SettingsKind,
  schema: S,
  defaults: z.output<S>,
): Promise<z.output<S>> {
  await manager.query(`INSERT INTO settings (kind, value) VALUES ($1, '{}'::jsonb) ON CONFLICT DO NOTHING`, [kind]);
  const rows: { value: unknown }[] = await manager.query('SELECT value FROM settings WHERE kind = $1 FOR UPDATE', [
    kind,
  ]);
  return merged(schema, defaults, rows[0]?.value);
}

export async function writeSettings(
  manager: EntityManager,
  kind: SettingsKind,
  value: object,
  updatedBy: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO settings (kind, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
     ON CONFLICT (kind) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [kind, JSON.stringify(value), updatedBy],
  );
}
