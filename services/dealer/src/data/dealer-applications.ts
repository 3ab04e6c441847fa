import type { DealerEntityField, DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { SNAPSHOT_SQL } from './dealer-columns';

/** An application as stored: a new dealer id, the email and the contact fields the visitor filled. */
export type NewApplicant = { dealer_id: string; email: string } & {
  [K in Exclude<DealerEntityField, 'email' | 'description' | 'zone'>]?: string | null;
};

/** The stored applicant: its snapshot and when it applied. */
export type StoredApplicant = DealerSnapshot & { applied_at: Date };

/**
 * Stores an applicant as a pending dealer that no other service hears of yet (announced = false: dealer.created
 * comes with the approval), without a zone (the admin who approves places it). An email any dealer already has
 * (active, archived or applied) stores nothing and answers null: one statement either way, so a known email
 * costs the same as a new one.
 */
export async function insertApplicant(
  manager: EntityManager,
  applicant: NewApplicant,
): Promise<StoredApplicant | null> {
  const columns = (Object.keys(applicant) as (keyof NewApplicant)[]).filter((c) => applicant[c] !== undefined);
  const rows: StoredApplicant[] = await manager.query(
    `INSERT INTO dealers AS d (${columns.join(', ')}, status, announced)
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}, 'pending', false)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${SNAPSHOT_SQL}, d.applied_at`,
    columns.map((c) => applicant[c]),
  );
  return rows[0] ?? null;
}
