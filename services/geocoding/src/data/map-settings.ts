import {
  DEFAULT_MAP_CATEGORIES,
  DEFAULT_MAP_DISPLAY_SETTINGS,
  type MapCategory,
  type MapDisplaySettings,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';

export interface StoredMapSettings {
  categories: MapCategory[];
  settings: MapDisplaySettings;
}

/** The map settings; the defaults of 001 §3 and §9 until an admin saves some. */
export async function loadMapSettings(manager: EntityManager, lock = false): Promise<StoredMapSettings> {
  const rows: StoredMapSettings[] = await manager.query(
    `SELECT categories, settings FROM map_settings WHERE id = 1 ${lock ? 'FOR UPDATE' : ''}`,
  );
  const row = rows[0];
  return {
    categories: row?.categories ?? DEFAULT_MAP_CATEGORIES,
    settings: { ...DEFAULT_MAP_DISPLAY_SETTINGS, ...(row?.settings ?? {}) },
  };
}

export async function saveMapSettings(manager: EntityManager, value: StoredMapSettings): Promise<void> {
  await manager.query(
    `INSERT INTO map_settings (id, categories, settings) VALUES (1, $1::jsonb, $2::jsonb)
     ON CONFLICT (id) DO UPDATE SET categories = EXCLUDED.categories, settings = EXCLUDED.settings,
       updated_at = clock_timestamp()`,
    [JSON.stringify(value.categories), JSON.stringify(value.settings)],
  );
}

/** Takes the settings row lock even before the first save (so two saves never interleave). */
export async function lockMapSettings(manager: EntityManager): Promise<StoredMapSettings> {
  await manager.query(
    `INSERT INTO map_settings (id, categories, settings) VALUES (1, $1::jsonb, $2::jsonb) ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(DEFAULT_MAP_CATEGORIES), JSON.stringify(DEFAULT_MAP_DISPLAY_SETTINGS)],
  );
  return loadMapSettings(manager, true);
}
