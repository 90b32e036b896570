import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors';
import { sessionTokenOf } from './cookies';
import type { CurrentPlayer, IdentityService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves session cookies; set by the identity module. */
    orbitSessions: Pick<IdentityService, 'resolve' | 'peek'>;
  }
  interface FastifyRequest {
    /** The resolved session, once asked for (undefined: not yet looked up). */
    orbitPlayer: Promise<CurrentPlayer | null> | undefined;
  }
}

export function installSessionResolver(app: FastifyInstance, service: IdentityService): void {
  app.decorate('orbitSessions', service);
  app.decorateRequest('orbitPlayer', undefined);
}

/**
 * The signed-in player of a request, or null (guest, unknown, ended, idle or expired session).
 * Looked up once per request and only by the routes that ask: catalogue calls cost no query.
 */
export function currentPlayer(request: FastifyRequest): Promise<CurrentPlayer | null> {
  if (request.orbitPlayer === undefined) {
    const token = sessionTokenOf(request);
    request.orbitPlayer = token ? request.server.orbitSessions.resolve(token) : Promise.resolve(null);
  }
  return request.orbitPlayer;
}

/**
 * The signed-in player of a request, or null, read without counting the request as the player's
 * activity (`IdentityService.peek`): for calls the page makes by itself (telemetry), which must not
 * keep an idle session alive nor end one.
 */
export function peekPlayer(request: FastifyRequest): Promise<CurrentPlayer | null> {
  if (request.orbitPlayer !== undefined) return request.orbitPlayer;
  const token = sessionTokenOf(request);
  return token ? request.server.orbitSessions.peek(token) : Promise.resolve(null);
}

/** For routes that need a session: the player, or 401 `{errors:{base:['unauthorized']}}`. */
export async function requirePlayer(request: FastifyRequest): Promise<CurrentPlayer> {
  const current = await currentPlayer(request);
  if (!current) throw unauthorized();
  return current;
}
