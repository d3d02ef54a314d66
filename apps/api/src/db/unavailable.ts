/**
 * Whether an error means "the database is not answering right now" (a lost or refused PostgreSQL connection, a
 * server shutting down or starting, SQLite busy or locked by another writer) rather than a bug or bad input: such
 * a request answers 503 with Retry-After and the process carries on; the pool opens new connections when the
 * database is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// PostgreSQL: class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300 (too many
// connections).
const PG_CODES = /^(08\d{3}|57P0[123]|53300)$/;
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED)/;
const PG_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let err = error, depth = 0; err && typeof err === 'object' && depth < 4; depth += 1) {
    const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || PG_CODES.test(code) || SQLITE_CODES.test(code))
    )
      return true;
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
    err = cause;
  }
  return false;
}
