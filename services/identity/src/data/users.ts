import type { Role } from '@portal/contracts';
import { containsPattern, type KeysetOrders, type Page, type PageRequest, readPage } from '@portal/platform';
import type { EntityManager } from 'typeorm';

/** A row of `users`: admins, delivery users and dealer logins. */
export interface UserRecord {
  id: string;
  /** stored lower-cased; unique across every role */
  email: string;
  full_name: string;
  role: Role;
  /** argon2id PHC string */
  password_hash: string;
  /** the dealer record of a dealer login */
  dealer_id: string | null;
  is_active: boolean;
  last_login: Date | null;
  created_by: string | null;
  created_at: Date;
  /** set while a dealer login waits for identity to hear of its dealer (see reconcile-awaiting-logins) */
  awaiting_dealer_since: Date | null;
}

export interface NewUser {
  email: string;
  full_name: string;
  role: Role;
  password_hash: string;
  dealer_id?: string | null;
  is_active?: boolean;
  created_by: string;
  awaiting_dealer?: boolean;
}

const COLUMNS =
  'id, email, full_name, role, password_hash, dealer_id, is_active, last_login, created_by, created_at, awaiting_dealer_since';

async function one(manager: EntityManager, sql: string, params: unknown[]): Promise<UserRecord | null> {
  const rows: UserRecord[] = await manager.query(sql, params);
  return rows[0] ?? null;
}

export function findUserByEmail(manager: EntityManager, email: string): Promise<UserRecord | null> {
  return one(manager, `SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
}

/** With `lock`, the row stays locked until the transaction ends (read-modify-write). */
export function findUserById(manager: EntityManager, id: string, lock = false): Promise<UserRecord | null> {
  return one(manager, `SELECT ${COLUMNS} FROM users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

export function findDealerLogin(manager: EntityManager, dealerId: string, lock = false): Promise<UserRecord | null> {
  return one(
    manager,
    `SELECT ${COLUMNS} FROM users WHERE dealer_id = $1 AND role = 'dealer'${lock ? ' FOR UPDATE' : ''}`,
    [dealerId],
  );
}

/** Inserts a user; null when the email (or the dealer's login) already exists. */
export function insertUser(manager: EntityManager, user: NewUser): Promise<UserRecord | null> {
  return one(
    manager,
    `INSERT INTO users (email, full_name, role, password_hash, dealer_id, is_active, created_by, awaiting_dealer_since)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::boolean THEN now() END)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [
      user.email,
      user.full_name,
      user.role,
      user.password_hash,
      user.dealer_id ?? null,
      user.is_active ?? true,
      user.created_by,
      user.awaiting_dealer ?? false,
    ],
  );
}

export interface UserChanges {
  email?: string;
  full_name?: string;
  password_hash?: string;
  is_active?: boolean;
}

/** Changes the given fields of a user and answers the row as it now is. */
export async function updateUser(manager: EntityManager, id: string, changes: UserChanges): Promise<UserRecord> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (!sets.length) {
    const unchanged = await findUserById(manager, id);
    if (!unchanged) throw new Error(`user ${id} does not exist`);
    return unchanged;
  }
  const [rows]: [UserRecord[], number] = await manager.query(
    `UPDATE users SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
    params,
  );
  const user = rows[0];
  if (!user) throw new Error(`user ${id} does not exist`);
  return user;
}

export async function recordSignIn(manager: EntityManager, id: string): Promise<void> {
  await manager.query('UPDATE users SET last_login = now() WHERE id = $1', [id]);
}

export async function deleteUser(manager: EntityManager, id: string): Promise<void> {
  await manager.query('DELETE FROM users WHERE id = $1', [id]);
}

/** Whether another user (not `exceptUserId`) already has the email. */
export async function emailTaken(manager: EntityManager, email: string, exceptUserId?: string): Promise<boolean> {
  const rows: unknown[] = await manager.query('SELECT 1 FROM users WHERE email = $1 AND id IS DISTINCT FROM $2::uuid', [
    email,
    exceptUserId ?? null,
  ]);
  return rows.length > 0;
}

export async function adminExists(manager: EntityManager): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM users WHERE role = 'admin' LIMIT 1`);
  return rows.length > 0;
}

export type StaffUserSort = 'created_at' | 'email' | 'full_name' | 'role';

/** The orders of the staff list: oldest first, or by email, name or role (the email is unique). */
const STAFF_ORDERS: KeysetOrders<StaffUserSort> = {
  sorts: {
    created_at: [{ sql: 'created_at', type: 'timestamptz' }],
    email: [],
    full_name: [{ sql: 'full_name', type: 'text' }],
    role: [{ sql: 'role', type: 'text' }],
  },
  tieBreaker: { sql: 'email', type: 'text' },
  defaultSort: 'created_at',
};

export interface StaffUserFilter {
  /** name or email */
  q?: string;
  roles?: readonly ('admin' | 'delivery')[];
}

/**
 * The admin and delivery users, oldest first unless sorted, filtered; a page when asked for. (The condition on
 * the role is the predicate of the staff indexes: dealer logins are most of the table.)
 */
export function listStaffUsers(
  manager: EntityManager,
  filter: StaffUserFilter = {},
  request: PageRequest = {},
): Promise<Page<UserRecord & Record<string, unknown>>> {
  const where = ["role IN ('admin', 'delivery')"];
  const params: unknown[] = [];
  if (filter.q) {
    params.push(containsPattern(filter.q));
    where.push(`full_name ILIKE $${params.length} OR email ILIKE $${params.length}`);
  }
  if (filter.roles?.length) {
    params.push(filter.roles);
    where.push(`role = ANY($${params.length}::text[])`);
  }
  return readPage(manager, STAFF_ORDERS, request, {
    select: COLUMNS,
    from: 'FROM users',
    where,
    params,
    filterKey: filter,
  });
}

/**
 * Locks every admin row, always in the same order, and answers their ids: deletes that take this lock first
 * cannot both remove "the other" admin (nor deadlock), so one admin always remains.
 */
export async function lockAdmins(manager: EntityManager): Promise<string[]> {
  const rows: { id: string }[] = await manager.query(
    `SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => row.id);
}

/** Activates or deactivates the login of a dealer; answers the ids of the logins changed. */
export async function setDealerLoginActive(
  manager: EntityManager,
  dealerId: string,
  active: boolean,
): Promise<string[]> {
  const [rows]: [{ id: string }[], number] = await manager.query(
    `UPDATE users SET is_active = $2 WHERE dealer_id = $1 AND role = 'dealer' RETURNING id`,
    [dealerId, active],
  );
  return rows.map((row) => row.id);
}

/** Deletes the login of a dealer; answers its id, or null when the dealer had none. */
export async function deleteDealerLoginRow(manager: EntityManager, dealerId: string): Promise<string | null> {
  const [rows]: [{ id: string }[], number] = await manager.query(
    `DELETE FROM users WHERE dealer_id = $1 AND role = 'dealer' RETURNING id`,
    [dealerId],
  );
  return rows[0]?.id ?? null;
}

/** Identity has heard of these dealers: their logins no longer wait. */
export async function clearAwaitingDealer(manager: EntityManager, dealerIds: string[]): Promise<void> {
  if (!dealerIds.length) return;
  await manager.query(
    `UPDATE users SET awaiting_dealer_since = NULL
     WHERE dealer_id = ANY($1::text[]) AND awaiting_dealer_since IS NOT NULL`,
    [dealerIds],
  );
}

/**
 * Deletes the dealer logins that have waited for their dealer longer than `graceSeconds` (the dealer was
 * never created); answers what was deleted. Rows are locked and skipped when busy, so replicas never collide.
 */
export async function deleteLoginsAwaitingLongerThan(
  manager: EntityManager,
  graceSeconds: number,
): Promise<{ id: string; dealer_id: string }[]> {
  const [rows]: [{ id: string; dealer_id: string }[], number] = await manager.query(
    `DELETE FROM users WHERE id IN (
       SELECT id FROM users
       WHERE role = 'dealer' AND awaiting_dealer_since <= now() - make_interval(secs => $1)
       FOR UPDATE SKIP LOCKED)
     RETURNING id, dealer_id`,
    [graceSeconds],
  );
  return rows;
}
