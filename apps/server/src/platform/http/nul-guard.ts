import type { FastifyInstance } from 'fastify';
import { issueField } from '@orbit/contracts';
import { AppError } from '../errors';

/**
 * PostgreSQL cannot store the NUL character (`\u0000`) in text, so a string carrying one would
 * fail deep inside a query and answer 500. One guard refuses it for every route, before any
 * schema or handler sees the request: 422 `invalid_characters` on the field (docs/security.md).
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // The router's params and the query parser's object are not plain objects: their own entries are the data.
    const at =
      nulPath({ ...(request.params as object) }) ?? nulPath({ ...(request.query as object) }) ?? nulPath(request.body);
    if (at) throw AppError.validation({ [issueField(at)]: ['invalid_characters'] });
  });
}

/**
 * The path of the first string (or key) holding a NUL in a parsed request part. Only what a
 * parser makes of JSON, a form or a query is walked (strings, arrays, plain objects), each object
 * once: a body some route keeps as a stream or a buffer is not data to look into, and walking
 * its object graph (cycles, at depth 32) never ended.
 */
export function nulPath(value: unknown, path: string[] = [], seen = new Set<object>()): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return undefined;
  seen.add(value);
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(child, [...path, key], seen);
    if (found) return found;
  }
  return undefined;
}
