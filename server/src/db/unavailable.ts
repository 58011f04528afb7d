/** Network failures reaching the database server (Node's error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs a server sends when it cannot serve anyone right now: shutting
 * down or crashed (57P01, 57P02), still starting (57P03), out of connection
 * slots (53300). Class 08 (connection exceptions) is matched as a class.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Errors without a code: node-postgres when a connection dies or cannot be
 * had, PGlite once it is closed (the embedded database's only way to be gone).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^PGlite is clos(ed|ing)$/,
];

/**
 * Whether an error means the database cannot be reached (as opposed to a bad
 * query): the one place that knows, so every caller answers 503 alike. Looks
 * through wrappers (Drizzle's `cause`, Node's AggregateError for a host with
 * several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (
      NETWORK_CODES.has(code) ||
      UNAVAILABLE_SQLSTATES.has(code) ||
      /^08[0-9A-Z]{3}$/.test(code)
    ) {
      return true;
    }
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // An AggregateError counts only when every part does (each address of a host
  // refused); an outage together with another failure (a checkout that could
  // not void its payment) needs a person, so it stays a logged 500.
  if (error instanceof AggregateError) {
    return (
      error.errors.length > 0 &&
      error.errors.every((inner: unknown) => isDatabaseUnavailable(inner, depth + 1))
    );
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}
