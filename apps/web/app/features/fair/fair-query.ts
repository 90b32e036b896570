/**
 * `/fair?game=…&server_seed_hash=…&client_seed=…&nonce=…&bet=…[&actions=…]` hands its round to the studio's
 * verifier (`/studio/fair`, apps/studio): the same query, limited to the verifier's parameters.
 */

/** The house studio's verifier page (the casino serves the studio under `/studio`). */
export const STUDIO_FAIR_PATH = '/studio/fair';

/** The verifier's parameters and the longest value passed on (a roulette bet's JSON can be long). */
const PARAMS: Readonly<Record<string, number>> = {
  game: 100,
  server_seed_hash: 128,
  server_seed: 256,
  client_seed: 256,
  nonce: 20,
  bet: 4000,
  actions: 4000,
};

/** The round's parameters of a `/fair` address, in a fixed order; unknown or oversized ones are dropped. */
export function fairParams(search: string | URLSearchParams): URLSearchParams {
  const given = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out = new URLSearchParams();
  for (const [name, max] of Object.entries(PARAMS)) {
    const value = given.get(name);
    if (value !== null && value !== '' && value.length <= max) out.set(name, value);
  }
  return out;
}

/** The verifier's address for a `/fair` query (`/studio/fair` alone when it names no round). */
export function studioFairSrc(search: string | URLSearchParams, base: string = STUDIO_FAIR_PATH): string {
  const params = fairParams(search).toString();
  return params ? `${base}?${params}` : base;
}
