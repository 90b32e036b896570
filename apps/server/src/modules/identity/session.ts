import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors';
import { notePlayerRead } from '../../platform/http/render-reads';
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
    const token = playerTokenOf(request);
    request.orbitPlayer = token ? request.server.orbitSessions.resolve(token) : Promise.resolve(null);
  }
  return request.orbitPlayer;
}

/**
 * The session token, noted as a read of the player when the call is a page render's: that page is
 * then the player's own and never served to anyone else (platform/http/render-reads.ts).
 */
function playerTokenOf(request: FastifyRequest): string | undefined {
  const token = sessionTokenOf(request);
  if (token) notePlayerRead(request);
  return token;
}

/**
 * The signed-in player of a request, or null, read without counting the request as the player's
 * activity (`IdentityService.peek`): for calls the page makes by itself (telemetry), which must not
 * keep an idle session alive nor end one.
 */
export function peekPlayer(request: FastifyRequest): Promise<CurrentPlayer | null> {
  if (request.orbitPlayer !== undefined) return request.orbitPlayer;
  const token = playerTokenOf(request);
  return token ? request.server.orbitSessions.peek(token) : Promise.resolve(null);
}

const peeked = new WeakMap<FastifyRequest, Promise<CurrentPlayer | null>>();

/** The player as `peekPlayer` reads them, once per request, without noting a render's read. */
function peekUnnoted(request: FastifyRequest): Promise<CurrentPlayer | null> {
  if (request.orbitPlayer !== undefined) return request.orbitPlayer;
  let player = peeked.get(request);
  if (!player) {
    const token = sessionTokenOf(request);
    player = token ? request.server.orbitSessions.peek(token) : Promise.resolve(null);
    peeked.set(request, player);
  }
  return player;
}

/*
 * The two readers below answer what a signed-in player's page may depend on without being that
 * player's own: the page cache keys such a page by them (the player's licence and groups: the
 * page's audience), so they are not noted as a render's read of the player
 * (docs/architecture.md "Page cache"). Anything else of the player is read with `currentPlayer`.
 */

/** The signed-in player's country, for the licence a request is served under (docs/licences.md). */
export async function playerCountryOf(request: FastifyRequest): Promise<string | undefined> {
  return (await peekUnnoted(request))?.user.country;
}

/**
 * The signed-in player's groups (ascending), or null for a guest: for answers that differ by
 * group only (which promotions are offered to the player), never by who the player is.
 */
export async function playerGroupsOf(request: FastifyRequest): Promise<number[] | null> {
  const player = await peekUnnoted(request);
  return player ? [...player.groupIds].sort((a, b) => a - b) : null;
}

/** For routes that need a session: the player, or 401 `{errors:{base:['unauthorized']}}`. */
export async function requirePlayer(request: FastifyRequest): Promise<CurrentPlayer> {
  const current = await currentPlayer(request);
  if (!current) throw unauthorized();
  return current;
}
