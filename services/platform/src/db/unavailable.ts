import { QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/** What a request answers while the service's database cannot be reached (a restart, a failover). */
export const DATABASE_UNAVAILABLE_DETAIL = 'The service cannot reach its database right now. Please try again shortly.';

/** Socket errors of a connection that is refused, cut or silent. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * PostgreSQL's own: admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down), too many
 * connections, and the connection_exception class (08xxx).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and its pool say these in words only. */
const CONNECTION_MESSAGES =
  /Connection terminated|Client was closed and is not queryable|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i;

/**
 * Whether a failure means "the database is not there right now" rather than "this query is wrong": the
 * request may be tried again shortly (answered 503), and nothing about it is the caller's fault. Looks through
 * TypeORM's QueryFailedError to the driver's error.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  // A transaction's connection cut by the server: the driver's 'error' event makes TypeORM release the query
  // runner, and the transaction's next query fails saying only that, without the server's reason.
  if (err instanceof QueryRunnerProviderAlreadyReleasedError) return true;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || SERVER_CODES.has(e.code) || /^08/.test(e.code)))
    return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}
