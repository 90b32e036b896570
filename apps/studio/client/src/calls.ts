/**
 * The studio's HTTP API calls (apps/studio/README.md). The bodies and answers are the protocol's
 * (`src/protocol`, shared with the service): every answer is parsed with its schema. An error
 * answers `{"error": code}` with an HTTP status and becomes an `ApiError`; an answer that does
 * not match its schema becomes `invalid_response`.
 *
 * Free of the page (no `location`, no DOM): `api.ts` binds the calls to where the studio is
 * mounted, and the unit tests run them against the service.
 */
import type { z } from 'zod/mini';
import {
  clientSeedResponseSchema,
  errorResponseSchema,
  liveMoveResponseSchema,
  liveStateSchema,
  rotateResponseSchema,
  roundResponseSchema,
  seedLookupResponseSchema,
  sessionResponseSchema,
  type ActionRequest,
  type LiveBetRequest,
  type ClientSeedRequest,
  type CreateSessionRequest,
  type FreeSpins,
  type RoundRequest,
  type RoundResponse,
  type SessionResponse,
} from '../../src/protocol';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(code);
  }
}

/** The session as the shell keeps it (updated by each round's answer and by the seed calls). */
export type Session = {
  id: string;
  game: string;
  mode: 'real' | 'demo';
  currency: string;
  balance: number;
  licence: string;
  /** The licence's rules the client applies. */
  rules: { minSpinMs: number; quickSpin: boolean };
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  /** A step game's round left open in this game (continued on load). */
  openRound: RoundResponse | null;
  /** The highest stake the casino takes now (the running bonus's max bet), or null: no cap. */
  maxBet: number | null;
  /** The free spins to play before paid play (real play on a slot), or null. */
  freeSpins: FreeSpins | null;
};

/** The shell's session from the service's answer. */
export function sessionFrom(answer: SessionResponse): Session {
  return {
    id: answer.session_id,
    game: answer.game,
    mode: answer.mode,
    currency: answer.currency,
    balance: answer.balance_cents,
    licence: answer.licence,
    rules: { minSpinMs: answer.rules.min_spin_ms, quickSpin: answer.rules.quick_spin },
    serverSeedHash: answer.fair.server_seed_hash,
    clientSeed: answer.fair.client_seed,
    nextNonce: answer.fair.nonce,
    openRound: answer.open_round ?? null,
    freeSpins: answer.free_spins,
    maxBet: answer.max_bet_cents ?? null,
  };
}

/** Calls the studio's API under `prefix` (`/studio`); the answer parsed with `schema`. */
export async function call<S extends z.ZodMiniType>(
  schema: S,
  prefix: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(`${prefix}/api${path}`, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network_error', 0, {});
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // An empty or non-JSON answer: the status says what happened.
  }
  if (!response.ok) {
    const error = errorResponseSchema.safeParse(json);
    throw error.success
      ? new ApiError(error.data.error, response.status, error.data)
      : new ApiError(`http_${response.status}`, response.status, {});
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`studio: unexpected answer to ${method} ${path}`, parsed.error.issues);
    throw new ApiError('invalid_response', response.status, {});
  }
  return parsed.data;
}

const sessionPath = (id: string) => `/sessions/${encodeURIComponent(id)}`;

/** The studio's calls, under the prefix `prefix()` answers when called. */
export function studioApi(prefix: () => string) {
  const request = <S extends z.ZodMiniType>(schema: S, method: string, path: string, body?: unknown) =>
    call(schema, prefix(), method, path, body);
  return {
    createSession: (body: CreateSessionRequest) => request(sessionResponseSchema, 'POST', '/sessions', body),
    session: (id: string) => request(sessionResponseSchema, 'GET', sessionPath(id)),
    play: (id: string, bet: unknown) =>
      request(roundResponseSchema, 'POST', `${sessionPath(id)}/rounds`, { bet } satisfies RoundRequest),
    /** One of the session's free spins (no bet: the grant's bet level). */
    freeSpin: (id: string) =>
      request(roundResponseSchema, 'POST', `${sessionPath(id)}/rounds`, { free_spin: true } satisfies RoundRequest),
    act: (id: string, roundId: string, action: unknown) =>
      request(roundResponseSchema, 'POST', `${sessionPath(id)}/rounds/${encodeURIComponent(roundId)}/actions`, {
        action,
      } satisfies ActionRequest),
    setClientSeed: (id: string, clientSeed: string) =>
      request(clientSeedResponseSchema, 'PUT', `${sessionPath(id)}/client_seed`, {
        client_seed: clientSeed,
      } satisfies ClientSeedRequest),
    rotate: (id: string) => request(rotateResponseSchema, 'POST', `${sessionPath(id)}/rotate`),
    liveState: (sessionId: string) =>
      request(liveStateSchema, 'GET', `/crash/state?session=${encodeURIComponent(sessionId)}`),
    liveBet: (id: string, bet: LiveBetRequest['bet']) =>
      request(liveMoveResponseSchema, 'POST', `${sessionPath(id)}/crash/bet`, { bet } satisfies LiveBetRequest),
    liveCashOut: (id: string) => request(liveMoveResponseSchema, 'POST', `${sessionPath(id)}/crash/cashout`),
    /** The live table's server-sent events (`event: state`), for an EventSource. */
    liveEventsUrl: (sessionId: string) => `${prefix()}/api/crash/live?session=${encodeURIComponent(sessionId)}`,
    seed: (hash: string) => request(seedLookupResponseSchema, 'GET', `/fair/seeds/${encodeURIComponent(hash)}`),
  };
}
