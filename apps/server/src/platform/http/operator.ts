import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../errors';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/**
 * Guards the operator API: `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time.
 * With no token configured the operator API does not exist (404).
 */
export function operatorGuard(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return async (request: FastifyRequest): Promise<void> => {
    if (!expected) throw notFound();
    const header = request.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m || !timingSafeEqual(digest(m[1]!), expected)) {
      throw new AppError(401, 'unauthorized', 'base', { 'www-authenticate': 'Bearer' });
    }
  };
}
