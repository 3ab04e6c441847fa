import { BULK_IMPORT_FIELDS, DealerCreated, type DealerSnapshot } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { ImportedDealer } from '../domain/import-rows';
import { SNAPSHOT_SQL } from './dealer-columns';

/** The columns an imported dealer is inserted with: the import's fields (from the dealer field list). */
const IMPORT_COLUMNS: readonly string[] = BULK_IMPORT_FIELDS;

/** Which of these emails and dealer ids already belong to a dealer: one query for the whole import. */
export async function existingKeys(manager: EntityManager, emails: string[], dealerIds: string[]) {
  const rows: { email: string; dealer_id: string }[] = await manager.query(
    'SELECT email, dealer_id FROM dealers WHERE email = ANY($1::text[]) OR dealer_id = ANY($2::text[])',
    [emails, dealerIds],
  );
  return { emails: new Set(rows.map((r) => r.email)), dealerIds: new Set(rows.map((r) => r.dealer_id)) };
}

/** The batch as PostgreSQL reads it: one JSON array of rows, typed column by column. */
const BATCH_ROWS = `json_to_recordset($1::json) AS r(${IMPORT_COLUMNS.map((column) => `${column} text`).join(', ')})`;

/**
 * Inserts one batch with a single statement (the rows as one JSON parameter, read as a record set) and
 * announces each inserted dealer (dealer.created) in the same transaction, all with one outbox insert. A row
 * that lost a race for its email or id is skipped, not failed: the answer lists the inserted dealers.
 */
export async function insertImportBatch(
  manager: EntityManager,
  emit: Emit,
  batch: ImportedDealer[],
): Promise<DealerSnapshot[]> {
  // RETURNING names exactly the snapshot's columns: each row is the event's payload
  const rows: DealerSnapshot[] = await manager.query(
    `INSERT INTO dealers AS d (${IMPORT_COLUMNS.join(', ')})
     SELECT ${IMPORT_COLUMNS.join(', ')} FROM ${BATCH_ROWS}
     ON CONFLICT DO NOTHING
     RETURNING ${SNAPSHOT_SQL}`,
    [JSON.stringify(batch, [...IMPORT_COLUMNS])],
  );
  await emit.many(
    DealerCreated,
    rows.map((row) => ({ aggregateId: row.dealer_id, payload: row })),
  );
  return rows;
}
