import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';
import { databaseErrorOf } from './db/executor';
import { decodedFully } from './http/decoding';

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

/**
 * The logger's `req` serializer: Fastify's own fields, the URL with every secret query value
 * masked. Mailed links carry one-time tokens in their query (`reset_password_token=`,
 * `confirmation_token=`, `withdrawal_token=`, a limit's `token=`, a game's `launch_token=`): logged
 * as they came, a log reader could spend them (docs/security.md "secrets in logs").
 */
export type LoggedRequest = {
  method: string;
  url: string;
  version: string | undefined;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
};

export function serializeRequest(request: {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host: string;
  ip: string;
  socket?: { remotePort?: number } | null;
}): LoggedRequest {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: maskedUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** What a masked value reads in the log. */
export const MASKED = '[redacted]';

/**
 * A query parameter whose value is a secret, by its name: any name with `token` in it (any case,
 * percent-encoded or not: `Reset%5FPassword%5FToken` is the parser's `Reset_Password_Token`), and
 * the other names one-time secrets go by (`secret`, `password`, `otp`, a bare `code`).
 */
const SECRET_NAME = /token|secret|passw|^otp|^code$/i;

/** `url` with the value of every secret query parameter replaced by MASKED; the path and other parameters as they were. */
export function maskedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq === -1) return part;
      const name = part.slice(0, eq);
      // The name as the query parser reads it (`+` a space, decoded until nothing changes).
      const read = name.replace(/\+/g, ' ');
      return SECRET_NAME.test(decodedFully(read) ?? read) ? `${name}=${MASKED}` : part;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}
