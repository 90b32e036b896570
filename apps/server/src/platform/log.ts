import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';
import { databaseErrorOf } from './db/executor';

/**
 * The logger's `err` serializer. A failed query's error carries its parameters (addresses,
 * password hashes, tokens) in its message, its stack's first line, its `params` and the
 * database's `detail` ("Key (email)=(…) already exists"): none of them is logged. What is kept
 * says what failed: the SQLSTATE code, the constraint, table and column, the statement without
 * its values, and where it was called (docs/security.md).
 */
export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(error: Error): LoggedError {
  const database = databaseErrorOf(error);
  const query = queryErrorOf(error);
  if (!database && !query) return stdSerializers.err(error);
  return {
    type: 'DatabaseError',
    message: `database error ${database?.code ?? 'without code'} (parameters withheld)`,
    code: database?.code,
    constraint: database?.constraint,
    table: database?.table,
    column: database?.column,
    query: query?.query,
    stack: framesOf((query ?? error).stack),
  };
}

function queryErrorOf(error: unknown): DrizzleQueryError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof DrizzleQueryError) return e;
  return undefined;
}

/** A stack's call frames without its first line(s), which repeat the message. */
function framesOf(stack: string | undefined): string {
  const at = stack?.indexOf('\n    at ') ?? -1;
  return at >= 0 ? stack!.slice(at + 1) : '';
}
