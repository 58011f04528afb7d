/**
 * How an error is written to the log: its class, code and where it was
 * thrown, never the data it carried. A failed query's error holds the SQL's
 * parameters (names, emails, addresses, password hashes) in its message, its
 * `params` and its cause's `detail` ('Failing row contains ...'), so database
 * errors keep only what names the failure: SQLSTATE code and the schema
 * objects involved.
 */

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Fields of a database error that name schema objects, never row values. */
const DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'];

const WITHHELD = '(withheld: a database error may quote the data it was given)';

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** A database's error (PostgreSQL's SQLSTATE code) or drizzle's wrapper around one. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    ('query' in error && 'params' in error) ||
    (typeof error.code === 'string' && SQLSTATE.test(error.code))
  );
}

/** The stack's frames alone: its first lines repeat the message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: '(not an Error)', stack: '' };
  }
  const fields = error as unknown as Record<string, unknown>;
  const database = isDatabaseError(fields);
  const logged: LoggedError = {
    type: error.constructor.name,
    message: database ? WITHHELD : error.message,
    stack: framesOf(error.stack),
  };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') logged.code = fields.code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (database) {
    for (const field of DATABASE_FIELDS) {
      if (typeof fields[field] === 'string') logged[field] = fields[field];
    }
  }
  // A cycle or a very deep chain stops here rather than filling the log.
  if (depth < 5) {
    if (error.cause !== undefined) logged.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) {
      logged.errors = error.errors.map((inner: unknown) => serializeError(inner, depth + 1));
    }
  }
  return logged;
}
