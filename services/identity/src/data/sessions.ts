import type { RevokedSession } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Sessions and their revocation. A revocation takes a transaction-scoped advisory lock before drawing its
 * `revoke_seq`, so revocations commit in the order of their numbers: a reader that has seen number N can
 * never later find a smaller one committed behind it. Every revoking call must run inside a transaction.
 */
const REVOCATION_LOCK = "hashtext('identity.session_revocations')";
/** The form of every sid identity issues: anything else names no session. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OpenedSession {
  sid: string;
  expires_at: Date;
}

/** Where a session was opened from, as the request told it (shown to its user in their sessions list). */
export interface SessionClient {
  address: string | null;
  userAgent: string | null;
}

/** A User-Agent longer than this is cut: it is only shown, and a client must not fill the table with it. */
const USER_AGENT_MAX = 512;

/** A new session of the user that expires with its token (plus a minute, so clock skew never outlives it). */
export async function createSession(
  manager: EntityManager,
  userId: string,
  ttlSeconds: number,
  client: SessionClient = { address: null, userAgent: null },
): Promise<OpenedSession> {
  const rows: OpenedSession[] = await manager.query(
    `INSERT INTO sessions (user_id, expires_at, ip_address, user_agent)
     VALUES ($1, now() + make_interval(secs => $2 + 60), $3, $4)
     RETURNING sid, expires_at`,
    [userId, ttlSeconds, client.address, client.userAgent?.slice(0, USER_AGENT_MAX) || null],
  );
  return rows[0] as OpenedSession;
}

/** A session as its user sees it in their list. */
export interface SessionRow {
  sid: string;
  created_at: Date;
  last_seen_at: Date;
  ip_address: string | null;
  user_agent: string | null;
}

/** The user's sessions that are neither revoked nor expired, most recently seen first. */
export function listOpenSessions(manager: EntityManager, userId: string): Promise<SessionRow[]> {
  return manager.query(
    `SELECT sid, created_at, last_seen_at, ip_address, user_agent FROM sessions
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
     ORDER BY last_seen_at DESC, created_at DESC, sid`,
    [userId],
  );
}

/**
 * Stamps the session as seen now, unless it was stamped less than `minSeconds` ago (so a busy session costs
 * one write a minute, not one per request).
 */
export async function markSessionSeen(manager: EntityManager, sid: string, minSeconds: number): Promise<void> {
  if (!UUID.test(sid)) return;
  await manager.query(
    `UPDATE sessions SET last_seen_at = now()
     WHERE sid = $1 AND revoked_at IS NULL AND last_seen_at < now() - make_interval(secs => $2)`,
    [sid, minSeconds],
  );
}

async function revokeWhere(manager: EntityManager, where: string, params: unknown[]): Promise<number> {
  await manager.query(`SELECT pg_advisory_xact_lock(${REVOCATION_LOCK})`);
  const [, count]: [unknown[], number] = await manager.query(
    `UPDATE sessions SET revoked_at = now(), revoke_seq = nextval('session_revoke_seq')
     WHERE revoked_at IS NULL AND expires_at > now() AND ${where}`,
    params,
  );
  return count;
}

/** Revokes one session; a sid identity never issued (not a uuid) has nothing to revoke. */
export function revokeSession(manager: EntityManager, sid: string): Promise<number> {
  if (!UUID.test(sid)) return Promise.resolve(0);
  return revokeWhere(manager, 'sid = $1', [sid]);
}

/** Revokes one session of the user; another user's session (or a sid never issued) is left alone: 0. */
export function revokeOwnSession(manager: EntityManager, userId: string, sid: string): Promise<number> {
  if (!UUID.test(sid)) return Promise.resolve(0);
  return revokeWhere(manager, 'sid = $1 AND user_id = $2', [sid, userId]);
}

/** Every open session of the users, except `keepSid` (the caller's own, after a password change). */
export function revokeUserSessions(manager: EntityManager, userIds: string[], keepSid?: string): Promise<number> {
  if (!userIds.length) return Promise.resolve(0);
  return revokeWhere(manager, 'user_id = ANY($1::uuid[]) AND sid IS DISTINCT FROM $2::uuid', [
    userIds,
    keepSid && UUID.test(keepSid) ? keepSid : null,
  ]);
}

/**
 * Sessions revoked after `after` (a revoke_seq) that have not expired yet, oldest revocation first, and the
 * cursor to ask from next time: the highest revoke_seq looked at (expired ones included, so they are not
 * read again).
 */
export async function revocationsAfter(
  manager: EntityManager,
  after: number,
  limit = 10_000,
): Promise<{ cursor: number; revoked: RevokedSession[] }> {
  const rows: { sid: string; expires_at: Date; revoke_seq: string; live: boolean }[] = await manager.query(
    `SELECT sid, expires_at, revoke_seq, expires_at > now() AS live FROM sessions
     WHERE revoke_seq > $1 ORDER BY revoke_seq LIMIT $2`,
    [after, limit],
  );
  const last = rows.at(-1);
  return {
    cursor: last ? Number(last.revoke_seq) : after,
    revoked: rows.filter((row) => row.live).map((row) => ({ sid: row.sid, expires_at: row.expires_at.toISOString() })),
  };
}

/** Deletes sessions that expired more than `graceSeconds` ago (no token of theirs can still be used). */
export async function deleteExpiredSessions(manager: EntityManager, graceSeconds: number): Promise<number> {
  const [, count]: [unknown[], number] = await manager.query(
    `DELETE FROM sessions WHERE expires_at < now() - make_interval(secs => $1)`,
    [graceSeconds],
  );
  return count;
}
