import { hashOpaqueToken, newOpaqueToken } from '@portal/platform';
import type { EntityManager } from 'typeorm';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export interface Invitation {
  dealer_id: string;
  email: string;
  business_name: string | null;
  full_name: string | null;
  phone: string | null;
}

/**
 * Creates an invitation and answers its token (256 random bits), which only the mail carries; any earlier
 * unused invitation of the dealer stops working.
 */
export async function createInvitation(
  manager: EntityManager,
  invitation: Invitation,
  createdBy: string,
): Promise<string> {
  const token = newOpaqueToken();
  await manager.query('DELETE FROM dealer_invitations WHERE dealer_id = $1 AND used_at IS NULL', [
    invitation.dealer_id,
  ]);
  await manager.query(
    `INSERT INTO dealer_invitations (token_hash, dealer_id, email, business_name, full_name, phone, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8))`,
    [
      hashOpaqueToken(token),
      invitation.dealer_id,
      invitation.email,
      invitation.business_name,
      invitation.full_name,
      invitation.phone,
      createdBy,
      INVITATION_TTL_DAYS,
    ],
  );
  return token;
}

const COLUMNS = 'dealer_id, email, business_name, full_name, phone';

/** The invitation of a token, when unused and not expired. */
export async function findOpenInvitation(manager: EntityManager, token: string): Promise<Invitation | null> {
  const rows: Invitation[] = await manager.query(
    `SELECT ${COLUMNS} FROM dealer_invitations WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [hashOpaqueToken(token)],
  );
  return rows[0] ?? null;
}

/**
 * Uses up an invitation: one conditional UPDATE, so of two concurrent signups with the same token exactly
 * one gets the invitation back (the other waits on the row lock, then finds it used).
 */
export async function useInvitation(manager: EntityManager, token: string): Promise<Invitation | null> {
  const [rows]: [Invitation[], number] = await manager.query(
    `UPDATE dealer_invitations SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING ${COLUMNS}`,
    [hashOpaqueToken(token)],
  );
  return rows[0] ?? null;
}

export async function deleteDealerInvitations(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query('DELETE FROM dealer_invitations WHERE dealer_id = $1', [dealerId]);
}
