/**
 * The studio's HTTP API as the browser calls it (apps/studio/README.md). Every call answers JSON;
 * an error answers `{"error": code}` with an HTTP status and becomes an `ApiError`.
 */
import type { JackpotWin, RoundFair } from '@orbit/contracts';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(code);
  }
}

/** The licence's rules the client applies. */
export type LicenceRules = { minSpinMs: number; quickSpin: boolean };

export type Session = {
  id: string;
  game: string;
  mode: 'real' | 'demo';
  currency: string;
  balance: number;
  licence: string;
  rules: LicenceRules;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
};

export type RoundResult = {
  round_id: string;
  outcome: unknown;
  win_cents: number;
  stake_cents: number;
  balance_cents: number;
  fair: RoundFair;
  jackpot_win: JackpotWin | null;
};
export type Rotation = {
  revealed: {
    server_seed: string;
    server_seed_hash: string;
    client_seed?: string;
    rounds?: number;
    revealed_at?: string;
  };
  next: { server_seed_hash: string; client_seed?: string; nonce?: number };
};
export type SeedLookup = { server_seed_hash: string; server_seed: string | null; revealed_at: string | null };

/** Where the studio is mounted: `/studio` for `/studio/play/{game}`, else the build's base. */
export function studioPrefix(pathname = location.pathname): string {
  const at = pathname.lastIndexOf('/play/');
  if (at >= 0) return pathname.slice(0, at);
  const fair = /\/fair(?:\.html)?\/?$/.exec(pathname);
  if (fair) return pathname.slice(0, fair.index);
  return import.meta.env.BASE_URL.replace(/\/$/, '');
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${studioPrefix()}/api${path}`, {
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
  const record = isRecord(json) ? json : {};
  if (!response.ok) {
    throw new ApiError(
      typeof record.error === 'string' ? record.error : `http_${response.status}`,
      response.status,
      record,
    );
  }
  return json as T;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (...values: unknown[]): string | undefined => values.find((v): v is string => typeof v === 'string');
const num = (...values: unknown[]): number | undefined =>
  values.find((v): v is number => typeof v === 'number' && Number.isFinite(v));
const bool = (...values: unknown[]): boolean | undefined => values.find((v): v is boolean => typeof v === 'boolean');
const rec = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});

/** The rules a licence implies when the session does not say (README "Licence rules"). */
export function defaultRules(licence: string): LicenceRules {
  return licence === 'EE' ? { minSpinMs: 2500, quickSpin: false } : { minSpinMs: 0, quickSpin: true };
}

/**
 * The session as the service answers it, read leniently (snake or camel case, rules and fair data
 * at the top level or nested), so a renamed field degrades to the licence's defaults rather than
 * breaking the page.
 */
export function readSession(
  raw: unknown,
  fallback: { game: string; mode: 'real' | 'demo'; licence: string; currency: string },
): Session {
  const s = rec(raw);
  const inner = rec(s.session);
  const src = Object.keys(inner).length > 0 ? { ...s, ...inner } : s;
  const licenceObj = rec(src.licence);
  const licence = str(src.licence, licenceObj.code, licenceObj.id, fallback.licence) ?? 'CW';
  const rulesRaw = { ...rec(licenceObj.rules), ...rec(src.licence_rules), ...rec(src.rules) };
  const defaults = defaultRules(licence);
  const fair = { ...rec(src.seeds), ...rec(src.seed), ...rec(src.fair) };
  const modeRaw = str(src.mode);
  return {
    id: str(src.id, src.session_id, src.sessionId) ?? '',
    game: str(src.game, fallback.game) ?? fallback.game,
    mode: modeRaw === 'real' || modeRaw === 'demo' ? modeRaw : fallback.mode,
    currency: str(src.currency, fallback.currency) ?? 'FUN',
    balance: num(src.balance_cents, src.balanceCents, src.balance) ?? 0,
    licence,
    rules: {
      minSpinMs: num(rulesRaw.minSpinMs, rulesRaw.min_spin_ms, src.minSpinMs, src.min_spin_ms) ?? defaults.minSpinMs,
      quickSpin: bool(rulesRaw.quickSpin, rulesRaw.quick_spin, src.quickSpin, src.quick_spin) ?? defaults.quickSpin,
    },
    serverSeedHash: str(fair.server_seed_hash, fair.serverSeedHash, src.server_seed_hash, fair.commitment) ?? '',
    clientSeed: str(fair.client_seed, fair.clientSeed, src.client_seed) ?? '',
    nextNonce: num(fair.next_nonce, fair.nextNonce, fair.nonce, src.next_nonce, src.nonce) ?? 0,
  };
}

export const api = {
  createSession: (body: Record<string, unknown>) => call<unknown>('POST', '/sessions', body),
  session: (id: string) => call<unknown>('GET', `/sessions/${encodeURIComponent(id)}`),
  play: (id: string, bet: unknown) => call<RoundResult>('POST', `/sessions/${encodeURIComponent(id)}/rounds`, { bet }),
  setClientSeed: (id: string, clientSeed: string) =>
    call<unknown>('PUT', `/sessions/${encodeURIComponent(id)}/client_seed`, { client_seed: clientSeed }),
  rotate: (id: string) => call<Rotation>('POST', `/sessions/${encodeURIComponent(id)}/rotate`),
  seed: (hash: string) => call<SeedLookup>('GET', `/fair/seeds/${encodeURIComponent(hash)}`),
};
