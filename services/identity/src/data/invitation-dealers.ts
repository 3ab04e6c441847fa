import type { DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** What identity keeps of a dealer (from dealer.* events): its name and phone for invitations, and whether it is archived. */
export interface InvitationDealer {
  dealer_id: string;
  business_name: string | null;
  full_name: string | null;
  email: string;
  phone: string | null;
  archived: boolean;
}

export async function findInvitationDealer(manager: EntityManager, dealerId: string): Promise<InvitationDealer | null> {
  const rows: InvitationDealer[] = await manager.query('SELECT * FROM invitation_dealers WHERE dealer_id = $1', [
    dealerId,
  ]);
  return rows[0] ?? null;
}

export async function upsertInvitationDealer(manager: EntityManager, dealer: DealerSnapshot): Promise<void> {
  await manager.query(
    `INSERT INTO invitation_dealers (dealer_id, business_name, full_name, email, phone) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (dealer_id) DO UPDATE SET business_name = $2, full_name = $3, email = $4, phone = $5`,
    [dealer.dealer_id, dealer.business_name, dealer.full_name, dealer.email, dealer.phone],
  );
}

/**
 * upsertInvitationDealer for many dealers with one statement (a bulk import announces thousands). When a
 * dealer appears more than once, its last snapshot wins, as applying them in turn would leave it.
 */
export async function upsertInvitationDealers(manager: EntityManager, dealers: DealerSnapshot[]): Promise<void> {
  const latest = [...new Map(dealers.map((dealer) => [dealer.dealer_id, dealer])).values()];
  if (!latest.length) return;
  await manager.query(
    `INSERT INTO invitation_dealers (dealer_id, business_name, full_name, email, phone)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (dealer_id) DO UPDATE SET business_name = excluded.business_name, full_name = excluded.full_name,
       email = excluded.email, phone = excluded.phone`,
    [
      latest.map((d) => d.dealer_id),
      latest.map((d) => d.business_name),
      latest.map((d) => d.full_name),
      latest.map((d) => d.email),
      latest.map((d) => d.phone),
    ],
  );
}

/** Marks a dealer archived or active; a dealer not heard of yet is remembered by id so the flag sticks. */
export async function setDealerArchived(manager: EntityManager, dealerId: string, archived: boolean): Promise<void> {
  await manager.query(
    `INSERT INTO invitation_dealers (dealer_id, email, archived) VALUES ($1, '', $2)
     ON CONFLICT (dealer_id) DO UPDATE SET archived = $2`,
    [dealerId, archived],
  );
}

export async function forgetInvitationDealer(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query('DELETE FROM invitation_dealers WHERE dealer_id = $1', [dealerId]);
}
