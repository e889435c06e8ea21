/**
 * The database could not be reached, or the connection a statement ran on was lost (a restart, a
 * failover, a network cut). Nothing the client did: the edge answers "try again" (the store API's ret 1022,
 * a 503 elsewhere: server/src/http) and never a crash. A statement whose connection was lost may or may not have run, so
 * only work known to be safe to repeat is retried (see postgres-db.ts).
 */
export class DatabaseUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`the database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Error codes of a connection that failed or was lost: network errors and PostgreSQL's own. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const LOST_MESSAGES = [/^Connection terminated/, /connection error and is not queryable/, /^timeout exceeded when trying to connect/, /^Client was closed and is not queryable/];

/** Whether `error` says the database was unreachable or the connection lost, rather than a refused statement. */
export function isConnectionFault(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
  return LOST_MESSAGES.some((pattern) => pattern.test(error.message));
}
