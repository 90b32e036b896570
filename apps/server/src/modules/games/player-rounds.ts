/**
 * A player's game rounds as the back office's card lists them (docs/backoffice.md "The player's
 * card"), each of the house studio's rounds with the address of its provably-fair check: the
 * public `/fair` page, with the same query the player's own round page links to
 * (apps/web/app/features/rounds/outcome.ts `verifyHref`), which hands it to the studio's verifier.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import { HOUSE_PROVIDER } from './catalogue';
import { gameRounds, games, providers } from './schema';

export type PlayerRound = {
  id: number;
  round_id: string;
  game: { identifier: string; title: string };
  provider: string;
  currency: string;
  stake_cents: number;
  win_cents: number;
  jackpot_win_cents: number;
  state: 'open' | 'closed' | 'rolled_back';
  started_at: string;
  finished_at: string | null;
  verify_url: string | null;
};

type RoundRow = typeof gameRounds.$inferSelect;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `/fair?game=<slug>&server_seed_hash=…&client_seed=…&nonce=…&bet=<json>[&actions=<json>]` for a
 * round of our studio that came with its fair inputs; null for any other. The bet is the one the
 * studio reported (older rounds: the one in their outcome, else the stake alone).
 */
export function verifyUrl(round: RoundRow, gameIdentifier: string, provider: string): string | null {
  if (provider !== HOUSE_PROVIDER || !round.fair) return null;
  const slash = gameIdentifier.indexOf('/');
  const outcome = isObject(round.outcome) ? round.outcome : {};
  const bet = round.bet ?? (isObject(outcome.bet) ? outcome.bet : { stake: round.betCents });
  const params = new URLSearchParams({
    game: slash >= 0 ? gameIdentifier.slice(slash + 1) : gameIdentifier,
    server_seed_hash: round.fair.server_seed_hash,
    client_seed: round.fair.client_seed,
    nonce: String(round.fair.nonce),
    bet: JSON.stringify(bet),
  });
  // A step game's round (blackjack, video poker) is replayed with the player's actions.
  if (Array.isArray(outcome.actions)) params.set('actions', JSON.stringify(outcome.actions));
  return `/fair?${params}`;
}

/** One page of the player's rounds, newest first. */
export async function roundsOfPlayer(
  db: Executor,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ data: PlayerRound[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ round: gameRounds, identifier: games.identifier, title: games.title, provider: providers.identifier })
      .from(gameRounds)
      .innerJoin(games, eq(games.id, gameRounds.gameId))
      .innerJoin(providers, eq(providers.id, gameRounds.providerId))
      .where(eq(gameRounds.userId, userId))
      .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(gameRounds).where(eq(gameRounds.userId, userId)),
  ]);
  return {
    total: Number(total?.n ?? 0),
    data: rows.map(({ round, identifier, title, provider }) => ({
      id: round.id,
      round_id: round.externalId,
      game: { identifier, title },
      provider,
      currency: round.currency,
      stake_cents: round.betCents,
      win_cents: round.winCents + round.jackpotWinCents,
      jackpot_win_cents: round.jackpotWinCents,
      state: round.status,
      started_at: round.createdAt.toISOString(),
      finished_at: round.closedAt?.toISOString() ?? null,
      verify_url: verifyUrl(round, identifier, provider),
    })),
  };
}
