import { DealerCreated, type DealerSnapshot } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { IMPORT_COLUMNS, type ImportedDealer } from '../domain/import-rows';
import { SNAPSHOT_SQL } from './dealer-json';
import { snapshotOf } from './dealers';

/** Which of these emails and dealer ids already belong to a dealer: one query for the whole import. */
export async function existingKeys(manager: EntityManager, emails: string[], dealerIds: string[]) {
  const rows: { email: string; dealer_id: string }[] = await manager.query(
    'SELECT email, dealer_id FROM dealers WHERE email = ANY($1::text[]) OR dealer_id = ANY($2::text[])',
    [emails, dealerIds],
  );
  return { emails: new Set(rows.map((r) => r.email)), dealerIds: new Set(rows.map((r) => r.dealer_id)) };
}

/**
 * Inserts one batch with a single statement (a column array per field, unnested) and announces each
 * inserted dealer in the same transaction. A row that lost a race for its email or id is skipped, not
 * failed: the answer lists the inserted dealer ids.
 */
export async function insertImportBatch(
  manager: EntityManager,
  emit: Emit,
  batch: ImportedDealer[],
): Promise<Set<string>> {
  const rows: DealerSnapshot[] = await manager.query(
    `INSERT INTO dealers AS d (${IMPORT_COLUMNS.join(', ')})
     SELECT * FROM unnest(${IMPORT_COLUMNS.map((_, i) => `$${i + 1}::text[]`).join(', ')})
     ON CONFLICT DO NOTHING
     RETURNING ${SNAPSHOT_SQL}`,
    IMPORT_COLUMNS.map((column) => batch.map((dealer) => dealer[column])),
  );
  for (const row of rows) await emit(DealerCreated, row.dealer_id, snapshotOf(row));
  return new Set(rows.map((r) => r.dealer_id));
}
