/**
 * Rounds of a house game played in bulk through the studio's own mathematics: each round's
 * outcome is the game's `play` on the provably fair draws of a server seed, a client seed and the
 * round's nonce (`RoundDraws`, as the studio plays it), stake and win as the game computes them.
 * They are written as the reports bench writes its rounds (scripts/bench-reports.ts): batched
 * inserts of the settled rounds, then their bet and win transfers in the ledger, between the
 * players' real-money accounts and the house's `bets` account (their balances moved with them),
 * so that the reports read them as they read rounds played through the wallet. Nothing about the outcomes is made up here: the
 * observed RTP is whatever the game's mathematics paid.
 */
import { sql } from 'drizzle-orm';
import { commitment, GAMES, RoundDraws, type Draws } from '@orbit/studio';
import type { Db } from '../../src/platform/db/client';

export type FairRounds = {
  /** The studio's slug (`european-roulette`); the catalogue's game is `orbit/<slug>`. */
  slug: string;
  rounds: number;
  serverSeed: string;
  clientSeed: string;
  /** The players, in turn; each needs a real-money account in `currency`. */
  players: readonly number[];
  currency: string;
  /** The first round's start; the others follow `spacingMs` apart. */
  from: Date;
  spacingMs: number;
  /** The house's `bets` account in `currency` (the credit of a real round's bet). */
  houseAccount: number;
  /** A skewed outcome function instead of the fair one (the draws the house would rig). */
  draws?: (fair: Draws, nonce: number) => Draws;
};

/** Rounds per insert: one statement each for the rounds and their transfers. */
const BATCH = 20_000;

/** Plays the rounds and writes them; answers the sums the reports should find (opening stakes and wins). */
export async function playFairRounds(db: Db, p: FairRounds): Promise<{ stakes: number; wins: number }> {
  const game = GAMES[p.slug];
  if (!game) throw new Error(`no studio game ${p.slug}`);
  const bet: unknown = game.parseBet(game.referenceBet);
  const stake = game.stake(bet);
  const [ids] = (await db.execute(sql`select id, provider_id from games where identifier = ${`orbit/${p.slug}`}`))
    .rows as Array<{ id: number; provider_id: number }>;
  const fair = { server_seed_hash: commitment(p.serverSeed), client_seed: p.clientSeed };
  const tag = `fair-${p.slug}-${p.clientSeed}-`;
  let stakes = 0;
  let wins = 0;
  for (let first = 0; first < p.rounds; first += BATCH) {
    const n = Math.min(BATCH, p.rounds - first);
    const nonces: number[] = [];
    const bets: number[] = [];
    const paid: number[] = [];
    for (let nonce = first; nonce < first + n; nonce++) {
      const draws = new RoundDraws(p.serverSeed, p.clientSeed, nonce);
      const round: { win: number; stake?: number } = game.play(p.draws ? p.draws(draws, nonce) : draws, bet);
      nonces.push(nonce);
      bets.push(round.stake ?? stake);
      paid.push(round.win);
      stakes += stake;
      wins += round.win - ((round.stake ?? stake) - stake);
    }
    const array = (values: number[]) => `{${values.join(',')}}`;
    // The rounds and their transfers in one statement: the transfers read the rounds just written.
    await db.execute(sql`
      with r as (
        insert into game_rounds (provider_id, external_id, user_id, game_id, session_id, currency, bet_cents,
          bet_real_cents, win_cents, status, bet, fair, created_at, closed_at)
        select ${ids!.provider_id}, ${tag} || u.nonce,
          (${array([...p.players])}::bigint[])[1 + u.nonce % ${p.players.length}], ${ids!.id}, 0, ${p.currency},
          u.bet, u.bet, u.win, 'closed', ${JSON.stringify(bet)}::jsonb,
          ${JSON.stringify(fair)}::jsonb || jsonb_build_object('nonce', u.nonce),
          ${p.from}::timestamptz + u.nonce * ${`${p.spacingMs} milliseconds`}::interval,
          ${p.from}::timestamptz + u.nonce * ${`${p.spacingMs} milliseconds`}::interval + interval '2 seconds'
        from unnest(${array(nonces)}::int[], ${array(bets)}::bigint[], ${array(paid)}::bigint[]) as u(nonce, bet, win)
        returning id, user_id, currency, bet_cents, win_cents, created_at, closed_at
      ),
      moved as (
        insert into ledger_transfers (idempotency_key, kind, reference, currency, amount, debit_account_id,
          credit_account_id, payload_hash, created_at)
        select 'fair-' || t.kind || '-' || r.id, t.kind, 'round:' || r.id, r.currency, t.amount,
          case when t.kind = 'bet' then a.id else ${p.houseAccount} end,
          case when t.kind = 'bet' then ${p.houseAccount} else a.id end, 'fair', t.at
        from r join ledger_accounts a on a.user_id = r.user_id and a.currency = r.currency and a.kind = 'real'
        cross join lateral (values ('bet', r.bet_cents, r.created_at), ('win', r.win_cents, r.closed_at)) t(kind, amount, at)
        where t.amount > 0
        returning 1
      )
      -- The balances move with their transfers (the ledger's audit holds each to the sum of its legs).
      update ledger_accounts l set balance = l.balance + d.delta
      from (
        select a.id, sum(r.win_cents - r.bet_cents) as delta
        from r join ledger_accounts a on a.user_id = r.user_id and a.currency = r.currency and a.kind = 'real'
        group by a.id
        union all
        select ${p.houseAccount}, sum(r.bet_cents - r.win_cents) from r
      ) d
      where l.id = d.id`);
  }
  return { stakes, wins };
}
