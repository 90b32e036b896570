/**
 * Rocket Crash's live table: one rocket every player of the studio watches. A round takes bets for
 * `BETTING_MS`, flies until its crash point, rests `CRASHED_MS`, and the next one opens, as long as
 * someone watches (asked for the table in the last minute) or has a bet on.
 *
 * Fairness: each round has its own random server seed, whose sha256 is shown before the first bet;
 * the crash point is Rocket Crash's draw from RoundDraws(seed, LIVE_CLIENT_SEED, round number), and
 * the seed is revealed at the crash. Each player's part of the round is then an ordinary Rocket
 * Crash round: the bet `{stake, cashout_at}` with the multiplier the player cashed out at (by hand or
 * by the auto cash-out; the auto target when the rocket crashed first), verifiable like any other.
 *
 * Money: the bet is a wallet `bet` when placed; every bet's `win` (0 when lost) is sent at the crash
 * with the round report, so that no report shows the crash point while the rocket still flies.
 * A round the studio could not finish (a restart in flight) pays the bets that had cashed out and
 * rolls back the others.
 */
import type { WalletBetRequest, WalletErrorCode, WalletRollbackRequest, WalletWinRequest } from '@orbit/contracts';
import { commitment, RoundDraws } from '../fair/draws';
import {
  crashWin,
  liveMultiplierAt as multiplierAt,
  MAX_CASHOUT,
  MIN_CASHOUT,
  msToReach,
  rocketCrash,
  type CrashBet,
} from '../games/rocket-crash/math';
import { LIVE_CLIENT_SEED, type LiveState } from '../protocol';
import { randomHex } from './options';
import type { StudioSession, StudioState } from './store';
import type { WalletClient } from './wallet';

export const CRASH_GAME = 'rocket-crash';
export const BETTING_MS = 7_000;
export const CRASHED_MS = 3_000;
/**
 * Bets close this long before the launch: a bet that reached the table later would be taken by
 * the wallet and then given back when the launch beat the wallet's answer, and a refund is no
 * way to play (it once scored in tournaments). Refused before any wallet call.
 */
export const BETS_CLOSE_BEFORE_LAUNCH_MS = 1_000;
/** Without a watcher or a bet for this long, the table rests until someone looks again. */
export const IDLE_AFTER_MS = 60_000;
const HISTORY = 20;

type TableBet = {
  player: string;
  session_id: string;
  mode: 'real' | 'demo';
  session_token?: string;
  nickname: string;
  currency: string;
  stake: number;
  /** The auto cash-out (hundredths; ×1000.00 when the player set none). */
  auto: number;
  /** The wallet round of this player's part. */
  round_id: string;
  cashed_at: number | null;
};

type TableRound = {
  number: number;
  server_seed: string;
  server_seed_hash: string;
  crash_point: number;
  phase: 'betting' | 'flying' | 'crashed';
  /** Epoch ms. */
  launch_at: number;
  crash_at: number;
  bets: Record<string, TableBet>;
};

export type CrashTableState = {
  next_number: number;
  round: TableRound | null;
  history: { round: number; crash_point: number; server_seed: string; server_seed_hash: string }[];
};

type Deps = {
  state: StudioState;
  save(): void;
  clock(): Date;
  nowIso(): string;
  wallet: WalletClient;
  owe(action: 'win' | 'rollback', id: string, body: string, error: string, delayMs?: number): void;
  failed(action: 'win' | 'rollback', id: string, body: string, error: string): void;
  logger(): { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
  liveSession(id: string): StudioSession | undefined;
};

/** A move's result: the table after it, the studio's refusal, or the wallet's (answered as the wallet's code). */
export type MoveResult =
  | { ok: true; state: LiveState }
  | { ok: false; status: number; error: string; balance?: number }
  | { ok: false; refusal: WalletErrorCode; balance: number; maxBet?: number | null };

/** The table's running state, shared by its parts. */
type Runtime = {
  deps: Deps;
  table(): CrashTableState;
  listeners: Set<() => void>;
  /** Epoch ms of the last look at the table or move on it. */
  lastInterest: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  closed: boolean;
  /** The owed calls' delivery (set by the engine). */
  deliver: () => Promise<unknown>;
};

export function crashTable(deps: Deps) {
  const rt: Runtime = {
    deps,
    table: () => (deps.state.crash_table ??= { next_number: 1, round: null, history: [] }),
    listeners: new Set(),
    lastInterest: Number.NEGATIVE_INFINITY,
    timer: undefined,
    closed: false,
    deliver: async () => undefined,
  };
  const payouts = tablePayouts(rt);
  const { sync, schedule } = tableClock(rt, payouts);
  const moves = tableMoves(rt, sync, schedule, payouts.oweRollback);

  function subscribe(listener: () => void): () => void {
    rt.listeners.add(listener);
    return () => rt.listeners.delete(listener);
  }

  function close(): void {
    rt.closed = true;
    if (rt.timer) clearTimeout(rt.timer);
  }

  /** The owed calls' delivery (set by the engine: a pass of `retryPending`). */
  function useDelivery(fn: () => Promise<unknown>): void {
    rt.deliver = fn;
  }

  payouts.recover();
  return {
    view: moves.view,
    watch: moves.watch,
    sync,
    placeBet: moves.placeBet,
    cashOut: moves.cashOut,
    subscribe,
    close,
    useDelivery,
  };
}

export type CrashTable = ReturnType<typeof crashTable>;

const crashOf = (seed: string, number: number) =>
  rocketCrash.play(new RoundDraws(seed, LIVE_CLIENT_SEED, number), { stake: 100, cashout_at: MIN_CASHOUT }).outcome
    .crash_point;

/** The next round, taking bets from `at`: its seed drawn, its crash point known. */
function openRound(t: CrashTableState, at: number): TableRound {
  const server_seed = randomHex(32);
  const number = t.next_number++;
  const crash_point = crashOf(server_seed, number);
  const launch_at = at + BETTING_MS;
  return {
    number,
    server_seed,
    server_seed_hash: commitment(server_seed),
    crash_point,
    phase: 'betting',
    launch_at,
    crash_at: launch_at + msToReach(crash_point),
    bets: {},
  };
}

/** A player's part as a Rocket Crash round: its bet, outcome and win. */
function partOf(r: TableRound, bet: TableBet) {
  const crashBet: CrashBet = { stake: bet.stake, cashout_at: bet.cashed_at ?? bet.auto };
  const { outcome, win } = rocketCrash.play(new RoundDraws(r.server_seed, LIVE_CLIENT_SEED, r.number), crashBet);
  return { crashBet, outcome, win };
}

/** A real bet's wallet `win` (0 when lost), with its part as the round report. */
function winBody(r: TableRound, bet: TableBet, part: ReturnType<typeof partOf>): WalletWinRequest {
  return {
    session_token: bet.session_token!,
    game: CRASH_GAME,
    round_id: bet.round_id,
    transaction_id: `${bet.round_id}:win`,
    reference_transaction_id: `${bet.round_id}:bet`,
    amount_cents: part.win,
    currency: bet.currency,
    round: {
      stake_cents: bet.stake,
      bet: part.crashBet,
      outcome: part.outcome,
      fair: { server_seed_hash: r.server_seed_hash, client_seed: LIVE_CLIENT_SEED, nonce: r.number },
    },
  };
}

/** The crash, the seed's reveal and the bets' payouts (and a round left unfinished by a restart). */
function tablePayouts(rt: Runtime) {
  const { state, save } = rt.deps;

  /** The crash: every bet's part of the round is settled (its win sent), the seed revealed. */
  function settle(r: TableRound): void {
    r.phase = 'crashed';
    const t = rt.table();
    t.history.unshift({
      round: r.number,
      crash_point: r.crash_point,
      server_seed: r.server_seed,
      server_seed_hash: r.server_seed_hash,
    });
    t.history.length = Math.min(t.history.length, HISTORY);
    if (Object.keys(r.bets).length > 0) reveal(r);
    for (const bet of Object.values(r.bets)) pay(r, bet);
  }

  /** The seed of a round with bets goes to the verifier's lookup. */
  function reveal(r: TableRound): void {
    const at = rt.deps.nowIso();
    state.commitments[r.server_seed_hash] = { server_seed: r.server_seed, created_at: at, revealed_at: at };
  }

  function pay(r: TableRound, bet: TableBet): void {
    const part = partOf(r, bet);
    if (bet.mode === 'demo') {
      const s = state.sessions[bet.session_id];
      if (s) s.balance_cents += part.win;
      return;
    }
    const body = winBody(r, bet, part);
    // Sent by the next pass of the owed calls at once; retried like any owed win.
    rt.deps.owe('win', body.transaction_id, JSON.stringify(body), 'live round settled', 0);
    void rt.deliver();
  }

  /** A round the studio could not finish (a restart): cashed-out bets are paid, the others rolled back. */
  function recover(): void {
    const r = rt.table().round;
    if (!r || r.phase === 'crashed') return;
    r.phase = 'crashed';
    if (Object.keys(r.bets).length > 0) reveal(r);
    for (const bet of Object.values(r.bets)) {
      if (bet.cashed_at !== null) pay(r, bet);
      else if (bet.mode === 'demo') {
        const s = state.sessions[bet.session_id];
        if (s) s.balance_cents += bet.stake;
      } else oweRollback(bet, 'live round interrupted');
    }
    rt.table().round = null;
    save();
  }

  /** A real bet's rollback, owed to the wallet and sent at once (retried like any owed call). */
  function oweRollback(bet: TableBet, reason: string): void {
    const body: WalletRollbackRequest = {
      session_token: bet.session_token!,
      game: CRASH_GAME,
      round_id: bet.round_id,
      transaction_id: `${bet.round_id}:rollback`,
      reference_transaction_id: `${bet.round_id}:bet`,
    };
    rt.deps.owe('rollback', body.transaction_id, JSON.stringify(body), reason, 0);
    save();
    void rt.deliver();
  }

  return { settle, recover, oweRollback };
}

type TablePayouts = ReturnType<typeof tablePayouts>;

/** The table's clock: launches, auto cash-outs, the crash, the next round, and the timer for the next moment. */
function tableClock(rt: Runtime, { settle }: TablePayouts) {
  const { save, clock } = rt.deps;

  /** Moves the table on to `now`: launches, auto cash-outs, the crash and its payouts, the next round. */
  function sync(now = clock().getTime()): void {
    const t = rt.table();
    let changed = false;
    let r = t.round;
    if (r && r.phase === 'betting' && now >= r.launch_at) {
      r.phase = 'flying';
      changed = true;
    }
    if (r && r.phase === 'flying') {
      for (const bet of Object.values(r.bets)) {
        if (bet.cashed_at === null && bet.auto <= r.crash_point && now >= r.launch_at + msToReach(bet.auto)) {
          bet.cashed_at = bet.auto;
          changed = true;
        }
      }
      if (now >= r.crash_at) {
        settle(r);
        changed = true;
      }
    }
    const watched = now - rt.lastInterest < IDLE_AFTER_MS;
    if ((!r || (r.phase === 'crashed' && now >= r.crash_at + CRASHED_MS)) && watched) {
      r = t.round = openRound(t, Math.max(now, r ? r.crash_at + CRASHED_MS : now));
      changed = true;
    }
    if (changed) {
      save();
      for (const listener of rt.listeners) listener();
    }
    schedule(now);
  }

  /** A timer for the table's next moment (only while a round is on). */
  function schedule(now: number): void {
    if (rt.timer) clearTimeout(rt.timer);
    rt.timer = undefined;
    const r = rt.table().round;
    if (rt.closed || !r) return;
    let due: number;
    if (r.phase === 'betting') due = r.launch_at;
    else if (r.phase === 'flying') {
      due = r.crash_at;
      for (const bet of Object.values(r.bets))
        if (bet.cashed_at === null && bet.auto <= r.crash_point) due = Math.min(due, r.launch_at + msToReach(bet.auto));
    } else if (now - rt.lastInterest < IDLE_AFTER_MS) due = r.crash_at + CRASHED_MS;
    else return;
    rt.timer = setTimeout(() => sync(), Math.max(0, due - now));
    rt.timer.unref?.();
  }

  return { sync, schedule };
}

/** The table as a player sees it (the player's own bet when the session is given). */
function liveView(t: CrashTableState, now: number, s: StudioSession | undefined): LiveState {
  const r = t.round;
  const mine = r && s ? r.bets[s.player] : undefined;
  const settledWin = (bet: TableBet) => (bet.cashed_at === null ? null : crashWin(bet.stake, bet.cashed_at));
  return {
    phase: r ? r.phase : 'idle',
    round: r?.number ?? 0,
    server_seed_hash: r?.server_seed_hash ?? '',
    launch_in_ms: r?.phase === 'betting' ? Math.max(0, r.launch_at - now) : null,
    elapsed_ms: r?.phase === 'flying' ? Math.max(0, now - r.launch_at) : null,
    crash_point: r?.phase === 'crashed' ? r.crash_point : null,
    server_seed: r?.phase === 'crashed' ? r.server_seed : null,
    bets: r
      ? Object.values(r.bets).map((b) => ({
          nickname: b.nickname,
          stake_cents: b.stake,
          currency: b.currency,
          cashed_at: b.cashed_at,
          win_cents: settledWin(b),
        }))
      : [],
    mine: mine
      ? { stake_cents: mine.stake, cashout_at: mine.auto, cashed_at: mine.cashed_at, win_cents: settledWin(mine) }
      : null,
    history: t.history,
    balance_cents: s ? s.balance_cents : null,
  };
}

/** A session's bet at the table, before its stake is taken. */
function tableBetOf(s: StudioSession, bet: CrashBet): TableBet {
  return {
    player: s.player,
    session_id: s.id,
    mode: s.mode,
    ...(s.session_token ? { session_token: s.session_token } : {}),
    nickname: s.mode === 'demo' ? 'Guest' : (s.nickname ?? 'Player'),
    currency: s.currency,
    stake: bet.stake,
    auto: bet.cashout_at,
    round_id: randomHex(16),
    cashed_at: null,
  };
}

/**
 * The bet's stake taken: from the demo balance, or by a wallet `bet`. Undefined once taken, else the
 * refusal (a real bet the wallet did not confirm is owed a rollback).
 */
async function takeStake(
  { save, wallet, logger }: Deps,
  s: StudioSession,
  tableBet: TableBet,
  oweRollback: TablePayouts['oweRollback'],
): Promise<MoveResult | undefined> {
  if (s.mode === 'demo') {
    if (tableBet.stake > s.balance_cents)
      return { ok: false, status: 402, error: 'insufficient_funds', balance: s.balance_cents };
    s.balance_cents -= tableBet.stake;
    return undefined;
  }
  const body: WalletBetRequest = {
    session_token: s.session_token!,
    game: CRASH_GAME,
    round_id: tableBet.round_id,
    transaction_id: `${tableBet.round_id}:bet`,
    amount_cents: tableBet.stake,
    currency: s.currency,
  };
  const placed = await wallet.call('bet', body);
  if (!placed.ok) {
    if (placed.kind === 'refused') {
      if (placed.balance_cents !== undefined) s.balance_cents = placed.balance_cents;
      // A bet above the running bonus's max bet: the refusal tells the cap in force now, which the
      // session keeps and the game applies to its stakes (as for the other games' rounds).
      if (placed.max_bet_cents !== undefined) s.max_bet_cents = placed.max_bet_cents;
      save();
      return {
        ok: false,
        refusal: placed.code,
        balance: placed.balance_cents ?? s.balance_cents,
        ...(placed.max_bet_cents !== undefined ? { maxBet: placed.max_bet_cents } : {}),
      };
    }
    logger().error({ round_id: tableBet.round_id, reason: placed.reason }, 'studio: live bet not confirmed');
    // Whether the wallet took it is unknown: it is rolled back (an unknown bet's rollback is answered OK).
    oweRollback(tableBet, placed.reason);
    return { ok: false, status: 503, error: 'wallet_unavailable' };
  }
  s.balance_cents = placed.data.balance_cents;
  return undefined;
}

/** A bet taken too late given back: a real one is rolled back by the wallet. */
function refund(s: StudioSession, bet: TableBet, oweRollback: TablePayouts['oweRollback']): void {
  if (bet.mode === 'demo') {
    s.balance_cents += bet.stake;
    return;
  }
  oweRollback(bet, 'bet after launch');
  s.balance_cents += bet.stake;
}

/** What players see and do: the table's view, a look, a bet, a cash-out. */
function tableMoves(
  rt: Runtime,
  sync: (now?: number) => void,
  schedule: (now: number) => void,
  oweRollback: TablePayouts['oweRollback'],
) {
  const { save, clock } = rt.deps;

  function view(sessionId?: string): LiveState {
    const now = clock().getTime();
    const s = sessionId ? rt.deps.liveSession(sessionId) : undefined;
    return liveView(rt.table(), now, s);
  }

  /** Someone looks at the table: it opens a round if it was resting. */
  function watch(sessionId?: string): LiveState {
    rt.lastInterest = clock().getTime();
    sync();
    return view(sessionId);
  }

  /** A bet on the round taking bets. */
  async function placeBet(s: StudioSession, input: { stake: unknown; cashout_at?: unknown }): Promise<MoveResult> {
    rt.lastInterest = clock().getTime();
    sync();
    if (s.game !== CRASH_GAME) return { ok: false, status: 404, error: 'game_not_found' };
    let bet: CrashBet;
    try {
      bet = rocketCrash.parseBet({ stake: input.stake, cashout_at: input.cashout_at ?? MAX_CASHOUT });
    } catch {
      return { ok: false, status: 422, error: 'invalid_bet' };
    }
    const r = rt.table().round;
    if (!r || r.phase !== 'betting' || r.launch_at - clock().getTime() < BETS_CLOSE_BEFORE_LAUNCH_MS)
      return { ok: false, status: 409, error: 'betting_closed' };
    if (r.bets[s.player]) return { ok: false, status: 409, error: 'already_in_round' };
    const tableBet = tableBetOf(s, bet);
    const refused = await takeStake(rt.deps, s, tableBet, oweRollback);
    if (refused) return refused;
    sync();
    const current = rt.table().round!;
    if (current !== r || current.phase !== 'betting' || current.bets[s.player]) {
      // Launched while the wallet answered: the bet is given back rather than joining a flight late.
      refund(s, tableBet, oweRollback);
      return { ok: false, status: 409, error: 'betting_closed' };
    }
    current.bets[s.player] = tableBet;
    save();
    for (const listener of rt.listeners) listener();
    schedule(clock().getTime());
    return { ok: true, state: view(s.id) };
  }

  /** A cash-out by hand at the multiplier the server's clock says now. */
  function cashOut(s: StudioSession): MoveResult {
    rt.lastInterest = clock().getTime();
    const now = clock().getTime();
    sync(now);
    const r = rt.table().round;
    const bet = r?.bets[s.player];
    if (!r || !bet) return { ok: false, status: 409, error: 'no_bet' };
    if (r.phase === 'betting') return { ok: false, status: 409, error: 'not_launched' };
    if (r.phase === 'crashed' || bet.cashed_at !== null) return { ok: false, status: 409, error: 'round_over' };
    const m = Math.min(multiplierAt(now - r.launch_at), MAX_CASHOUT);
    if (m < MIN_CASHOUT) return { ok: false, status: 409, error: 'too_early' };
    bet.cashed_at = m;
    save();
    for (const listener of rt.listeners) listener();
    schedule(now);
    return { ok: true, state: view(s.id) };
  }

  return { view, watch, placeBet, cashOut };
}
