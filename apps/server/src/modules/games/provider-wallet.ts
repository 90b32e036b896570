/**
 * The provider wallet protocol, platform side (docs/provider-protocol.md): a studio's signed
 * `authenticate`, `balance`, `bet`, `win` and `rollback` calls. Every movement is a ledger
 * transfer (with its outbox event) in one transaction with the provider transaction row that
 * makes a replay answer the first answer again.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { WALLET_ERROR_STATUS } from '@orbit/contracts';
import type {
  WalletFreespinRequest,
  WalletFreespinResponse,
  WalletAuthenticateRequest,
  WalletAuthenticateResponse,
  WalletBalanceRequest,
  WalletBalanceResponse,
  WalletBetRequest,
  WalletErrorCode,
  WalletMoveResponse,
  WalletRollbackRequest,
  WalletWinRequest,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import {
  databaseErrorOf,
  isRetryableConflict,
  isUniqueViolation,
  subjectLock,
  type Tx,
} from '../../platform/db/executor';
import { TtlCache } from '../../platform/cache';
import { hashToken } from '../../platform/tokens';
import { InsufficientFundsError, Ledger, playerBalances, type TransferRequest } from '../wallet';
import { FreespinDoor } from './freespin-door';
import { rulesStillAt, type PreBetChecks, type PreBetRefusal } from './pre-bet';
import { StakeCaps } from './stake-caps';
import { gameRounds, games, gameSessions, providers, providerTransactions } from './schema';

/** What a refusal adds to its code: the balance (`insufficient_funds`), the stake cap now (`bonus_max_bet`). */
export type WalletErrorDetails = { balance_cents?: number; currency?: string; max_bet_cents?: number | null };

/** A refused wallet call: the protocol's code, its HTTP status, and the details where they help. */
export class WalletError extends Error {
  constructor(
    readonly code: WalletErrorCode,
    readonly status: number,
    readonly balance?: WalletErrorDetails,
  ) {
    super(code);
    this.name = 'WalletError';
  }
}

export const walletError = (code: WalletErrorCode, balance?: WalletErrorDetails) =>
  new WalletError(code, WALLET_ERROR_STATUS[code], balance);

export type WalletProvider = { id: number; identifier: string; secret: string; enabled: boolean };

/** A wallet round above this multiple of its bet is announced on `public:wins`. */
export const PUBLIC_WIN_MULTIPLE = 10;
/**
 * Raised by `wallet_win()` (`sql/wallet_win.sql`) for a round that paid PUBLIC_WIN_MULTIPLE times its bet or more,
 * and for a round lost with bonus money (nothing moved: the bonuses module looks whether the bonus ran out).
 */
export const ROUND_CLOSED_TOPIC = 'games.round_closed';
export type RoundClosedEvent = { roundId: number };

type Recorded = {
  kind: 'bet' | 'win' | 'rollback' | 'freespin';
  roundId: number | null;
  amount: number;
  real: number;
  bonus: number;
  reference?: string | undefined;
};
type Recorder = (
  fields: Recorded,
  answer: Omit<WalletMoveResponse, 'transaction_id'>,
) => Promise<WalletMoveResponse & { rowId: number }>;

/**
 * What a game session says that never changes after the studio authenticated it (the token is set
 * once): kept in memory, so a wallet call does not look its session up in a round trip of its own.
 * The switches that can change (a game or provider disabled) are checked by `wallet_bet()`.
 */
const sessionColumns = {
  id: gameSessions.id,
  userId: gameSessions.userId,
  gameId: gameSessions.gameId,
  providerId: gameSessions.providerId,
  currency: gameSessions.currency,
  licence: gameSessions.licence,
  nickname: gameSessions.nickname,
  expiresAt: gameSessions.expiresAt,
  gameIdentifier: games.identifier,
};
type SessionFacts = {
  id: number;
  userId: number;
  gameId: number;
  providerId: number;
  currency: string;
  licence: string;
  nickname: string;
  expiresAt: Date;
  gameIdentifier: string;
};

/** The provider's game id in a call is the part of the catalogue identifier after the slash. */
const slugOf = (identifier: string) => identifier.slice(identifier.indexOf('/') + 1);

/** How long and how many game sessions' facts are kept (a session lives hours; a busy casino has thousands at once). */
/** How many times a wallet call's transaction runs when the database gives it up to break a deadlock. */
const CONFLICT_ATTEMPTS = 3;

/**
 * Runs a wallet call's transaction again when PostgreSQL gave it up to break a deadlock or a
 * serialization conflict (bets, wins and the outbox's batches lock a player's rows from both
 * sides): it wrote nothing, so running it again is safe, and the provider gets its answer instead
 * of a 500.
 */
async function againOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
    }
  }
}
const SESSION_FACTS_TTL_MS = 10 * 60_000;
const SESSION_FACTS_MAX = 20_000;

export class ProviderWallet {
  private readonly providersCache = new TtlCache<WalletProvider | null>(5_000);
  // On the app's clock: a session's facts age as its expiry and retention do.
  private readonly sessionFactsCache = new TtlCache<SessionFacts | null>(SESSION_FACTS_TTL_MS, SESSION_FACTS_MAX, () =>
    this.clock.now().getTime(),
  );

  /** The bet's and win's statements, prepared (named on PostgreSQL): parsed and planned once per connection, not at every call. */
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly checks: PreBetChecks,
    private readonly freespins: FreespinDoor = new FreespinDoor(),
    private readonly stakeCaps: StakeCaps = new StakeCaps(),
  ) {
    this.statements = walletStatements(db);
  }

  /** Forgets the cached provider rows after an operator changed one (other instances catch up within seconds). */
  providersChanged(): void {
    this.providersCache.clear();
  }

  /** The provider whose secret signed the raw body, or `invalid_signature` (an unknown provider too). */
  async verify(identifier: string, rawBody: Buffer, signature: string | undefined): Promise<WalletProvider> {
    const provider = await this.providersCache.get(identifier, async () => {
      const [row] = await this.db
        .select({
          id: providers.id,
          identifier: providers.identifier,
          secret: providers.walletSecret,
          enabled: providers.enabled,
        })
        .from(providers)
        .where(eq(providers.identifier, identifier));
      return row?.secret ? { ...row, secret: row.secret } : null;
    });
    if (!provider || !signature || !/^[0-9a-f]{64}$/i.test(signature)) throw walletError('invalid_signature');
    const expected = createHmac('sha256', provider.secret).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw walletError('invalid_signature');
    return provider;
  }

  // ---- authenticate, balance ----------------------------------------------------------------------

  async authenticate(
    provider: WalletProvider,
    request: WalletAuthenticateRequest,
    sessionToken: string,
  ): Promise<WalletAuthenticateResponse> {
    const now = this.clock.now();
    const launchTokenHash = hashToken(request.launch_token);
    const [launched] = await this.db
      .select({ identifier: games.identifier })
      .from(gameSessions)
      .innerJoin(games, eq(games.id, gameSessions.gameId))
      .where(eq(gameSessions.launchTokenHash, launchTokenHash));
    // A token shown to another game is refused without spending it.
    if (!launched || slugOf(launched.identifier) !== request.game) throw walletError('invalid_launch_token');
    const [row] = await this.db
      .update(gameSessions)
      .set({ sessionTokenHash: hashToken(sessionToken), authenticatedAt: now })
      .where(
        and(
          eq(gameSessions.launchTokenHash, launchTokenHash),
          eq(gameSessions.providerId, provider.id),
          isNull(gameSessions.authenticatedAt),
          gt(gameSessions.createdAt, new Date(now.getTime() - LAUNCH_TOKEN_TTL_MS)),
          // Launched from a sign-in session that has been ended since: the game does not open.
          sql`not exists (select 1 from sessions s where s.id = ${gameSessions.signInSessionId} and s.ended_at is not null)`,
        ),
      )
      .returning();
    if (!row) throw walletError('invalid_launch_token');
    const balance = await this.balanceOf(this.db, row.userId, row.currency);
    return {
      status: 'ok',
      session_token: sessionToken,
      player_id: playerIdFor(provider, row.userId),
      nickname: row.nickname,
      currency: row.currency,
      balance_cents: balance,
      licence: row.licence,
      max_bet_cents: await this.stakeCaps.lowest({
        userId: row.userId,
        currency: row.currency,
        game: launched.identifier,
      }),
    };
  }

  async balance(provider: WalletProvider, request: WalletBalanceRequest): Promise<WalletBalanceResponse> {
    const session = await this.sessionFacts(provider, request.session_token);
    return {
      status: 'ok',
      currency: session.currency,
      balance_cents: await this.balanceOf(this.db, session.userId, session.currency),
      max_bet_cents: await this.stakeCapOf(session),
    };
  }

  /** The highest stake the session's player may bet now (the running bonus's max bet), or null. */
  private stakeCapOf(session: SessionFacts): Promise<number | null> {
    return this.stakeCaps.lowest({ userId: session.userId, currency: session.currency, game: session.gameIdentifier });
  }

  /** A pre-bet refusal as the protocol's error: `bonus_max_bet` tells the cap in force now (it may have changed since the launch). */
  private async preBetError(verdict: PreBetRefusal | WalletErrorCode, session: SessionFacts): Promise<WalletError> {
    if (verdict !== 'bonus_max_bet') return walletError(verdict);
    return walletError(verdict, { max_bet_cents: await this.stakeCapOf(session) });
  }

  // ---- bet ------------------------------------------------------------------------------------------

  /**
   * The money of a bet is one statement, `wallet_bet()` (`sql/wallet_bet.sql`): the replay's
   * answer, or the bet split real first, added to its round, recorded with its answer, moved to the
   * house, the jackpot fed and a hit paid. The pre-bet checks run before it, or, for a player they
   * cleared, its statement checks that the player's rules have not moved since (`sql/pre_bet_rules_moved.sql`).
   */
  async bet(provider: WalletProvider, request: WalletBetRequest): Promise<WalletMoveResponse> {
    const hash = payloadHash(request);
    const session = await this.sessionFacts(provider, request.session_token);
    const now = this.clock.now();
    const check = {
      userId: session.userId,
      currency: session.currency,
      game: session.gameIdentifier,
      amountCents: request.amount_cents,
      at: now,
    };
    const refusal = this.refusal(provider, session, request, now);
    const { verdict, rulesVersion } = refusal
      ? { verdict: refusal, rulesVersion: null }
      : await this.checks.forBet(check);
    // A refused call may be the replay of one answered before the refusal applied: that one keeps its first answer.
    if (verdict && verdict !== 'counting')
      return this.replayOr(provider, request.transaction_id, hash, await this.preBetError(verdict, session));
    const values: BetValues = {
      provider: provider.id,
      external: request.transaction_id,
      hash,
      session: session.id,
      user: session.userId,
      nickname: session.nickname,
      game: session.gameId,
      gameIdentifier: session.gameIdentifier,
      currency: session.currency,
      round: request.round_id,
      amount: request.amount_cents,
      draw: request.jackpot_draw ?? null,
      at: now.toISOString(),
    };
    if (rulesVersion !== null) {
      // Cleared without checks: the bet runs only while the player's rules are those it was
      // cleared at (else OR109, `sql/pre_bet_rules_moved.sql`), and is checked again when they moved.
      try {
        return await this.money(provider, request.transaction_id, hash, session.currency, () =>
          this.statements.clearedBet.execute({ ...values, rulesVersion }),
        );
      } catch (error) {
        if (databaseErrorOf(error)?.code !== RULES_MOVED) throw error;
        this.checks.forget(session.userId);
        return this.bet(provider, request);
      }
    }
    if (verdict === null)
      return this.money(provider, request.transaction_id, hash, session.currency, () =>
        this.statements.bet.execute(values),
      );
    // A limit counts the player's earlier bets: checked again and placed under the player's lock,
    // so that bets sent at once are counted one after the other.
    return this.money(provider, request.transaction_id, hash, session.currency, () =>
      this.db.transaction(async (tx) => {
        await tx.execute(subjectLock('wallet.bet', session.userId));
        const again = await this.checks.run({ ...check, executor: tx });
        if (again && again !== 'counting') throw await this.preBetError(again, session);
        return (await tx.execute(sql`select ${betCall((key) => values[key])} as response`)).rows as Answer[];
      }),
    );
  }

  /** Why a bet cannot be taken in this session whatever the player's limits, or null. */
  private refusal(
    provider: WalletProvider,
    session: SessionFacts,
    request: WalletBetRequest,
    now: Date,
  ): WalletErrorCode | null {
    if (session.expiresAt <= now) return 'invalid_session';
    if (slugOf(session.gameIdentifier) !== request.game) return 'invalid_request';
    if (!provider.enabled) return 'game_disabled';
    if (request.currency !== session.currency) return 'wrong_currency';
    return null;
  }

  // ---- win ------------------------------------------------------------------------------------------

  /** The money of a win is one statement, `wallet_win()` (`sql/wallet_win.sql`), a replay's answer included. */
  async win(provider: WalletProvider, request: WalletWinRequest): Promise<WalletMoveResponse> {
    const hash = payloadHash(request);
    // A win settles money already owed: an expired session still takes it.
    const session = await this.sessionFacts(provider, request.session_token);
    const now = this.clock.now();
    return this.money(provider, request.transaction_id, hash, session.currency, () =>
      this.statements.win.execute({
        provider: provider.id,
        external: request.transaction_id,
        hash,
        user: session.userId,
        round: request.round_id,
        reference: request.reference_transaction_id ?? null,
        amount: request.amount_cents,
        currency: request.currency,
        bet: json(request.round?.bet),
        outcome: json(request.round?.outcome),
        fair: json(request.round?.fair),
        publicMultiple: PUBLIC_WIN_MULTIPLE,
        at: now.toISOString(),
      }),
    );
  }

  /** Runs a bet's or win's statement (`run`): its answer, its refusal as the protocol's error, or the first answer of a racing replay. */
  private async money(
    provider: WalletProvider,
    externalId: string,
    hash: string,
    currency: string,
    run: () => Promise<Answer[]>,
  ): Promise<WalletMoveResponse> {
    try {
      const [{ response }] = (await againOnConflict(run)) as [Answer];
      return typeof response === 'string' ? (JSON.parse(response) as WalletMoveResponse) : response;
    } catch (error) {
      const refusal = refusalOf(error);
      // A bet answered before its session was ended keeps its first answer when sent again.
      if (refusal?.code === 'invalid_session') {
        const replay = await this.replay(provider, externalId, hash);
        if (replay) return replay;
      }
      if (refusal)
        throw refusal.code === 'insufficient_funds'
          ? walletError('insufficient_funds', { balance_cents: refusal.balance ?? 0, currency })
          : walletError(refusal.code);
      if (isUniqueViolation(error)) {
        const replay = await this.replay(provider, externalId, hash);
        if (replay) return replay;
      }
      throw error;
    }
  }

  // ---- free spin -----------------------------------------------------------------------------------

  /**
   * A free spin (docs/provider-protocol.md "Free spins"): a round with no bet, closed at once by
   * its win. The owner of the player's free spins counts it and keeps the win aside (no money
   * moves per spin); the round goes to the games history like any other.
   */
  async freespin(provider: WalletProvider, request: WalletFreespinRequest): Promise<WalletFreespinResponse> {
    const hash = payloadHash(request);
    const session = await this.sessionFacts(provider, request.session_token);
    const now = this.clock.now();
    const refusal = this.refusal(provider, session, { ...request, amount_cents: 1 }, now);
    if (refusal)
      return (await this.replayOr(
        provider,
        request.transaction_id,
        hash,
        walletError(refusal),
      )) as WalletFreespinResponse;
    // A spin sent again answers its first answer (its round is taken by then).
    const seen = await this.replay(provider, request.transaction_id, hash);
    if (seen) return seen as WalletFreespinResponse;
    const answer = await this.once(provider, request.transaction_id, hash, async (tx, record) => {
      // A game session whose sign-in session was ended (a sign-out, an exclusion, a password
      // change) plays no more spins, as it takes no more bets: asked in the spin's own transaction,
      // so that no cache on any instance lets one through. A spin taken before is answered above.
      const [launched] = (await tx.execute(sql`select ${gameSessionEnded(session.id)} as ended`)).rows as Array<{
        ended: boolean;
      }>;
      if (launched?.ended) throw walletError('invalid_session');
      const played = await this.freespins.play({
        tx,
        userId: session.userId,
        currency: session.currency,
        game: session.gameIdentifier,
        freespinId: request.freespin_id,
        winCents: request.amount_cents,
        at: now,
      });
      if ('refusal' in played) throw walletError(played.refusal);
      const [round] = await tx
        .insert(gameRounds)
        .values({
          providerId: provider.id,
          externalId: request.round_id,
          userId: session.userId,
          gameId: session.gameId,
          sessionId: session.id,
          currency: session.currency,
          betCents: 0,
          betRealCents: 0,
          betBonusCents: 0,
          winCents: request.amount_cents,
          status: 'closed',
          bet: request.round?.bet ?? null,
          outcome: request.round?.outcome ?? null,
          fair: request.round?.fair ?? null,
          createdAt: now,
          closedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: gameRounds.id });
      // A free spin is a round of its own: a round id already used is not one.
      if (!round) throw walletError('invalid_request');
      return record({ kind: 'freespin', roundId: round.id, amount: request.amount_cents, real: 0, bonus: 0 }, {
        status: 'ok',
        currency: session.currency,
        balance_cents: await this.balanceOf(tx, session.userId, session.currency),
        freespins_left: played.left,
      } as Omit<WalletMoveResponse, 'transaction_id'>);
    });
    return answer as WalletFreespinResponse;
  }

  // ---- rollback -------------------------------------------------------------------------------------

  async rollback(provider: WalletProvider, request: WalletRollbackRequest): Promise<WalletMoveResponse> {
    // A rollback racing the bet it names: the bet was not committed when the rollback looked, so
    // the rollback's marker collides with it; looked at again, the bet is there to refund.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.rollbackOnce(provider, request);
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  private async rollbackOnce(provider: WalletProvider, request: WalletRollbackRequest): Promise<WalletMoveResponse> {
    const hash = payloadHash(request);
    const session = await this.sessionFacts(provider, request.session_token);
    const replay = await this.replay(provider, request.transaction_id, hash);
    if (replay) return replay;
    const now = this.clock.now();
    return this.once(provider, request.transaction_id, hash, async (tx, record) => {
      const [bet] = await tx
        .select()
        .from(providerTransactions)
        .where(
          and(
            eq(providerTransactions.providerId, provider.id),
            eq(providerTransactions.externalId, request.reference_transaction_id),
          ),
        )
        .for('update');
      const answer = async () => ({
        status: 'ok' as const,
        currency: session.currency,
        balance_cents: await this.balanceOf(tx, session.userId, session.currency),
      });
      if (!bet) {
        // Remembered under the rolled-back id, so the bet arriving late finds it and is refused.
        await tx.insert(providerTransactions).values({
          providerId: provider.id,
          externalId: request.reference_transaction_id,
          kind: 'rollback_marker',
          referenceExternalId: request.transaction_id,
          payloadHash: '-',
          response: {},
          createdAt: now,
        });
        return record(
          {
            kind: 'rollback',
            roundId: null,
            amount: 0,
            real: 0,
            bonus: 0,
            reference: request.reference_transaction_id,
          },
          await answer(),
        );
      }
      if (bet.kind !== 'bet') throw walletError('transaction_not_found');
      const [round] = await tx.select().from(gameRounds).where(eq(gameRounds.id, bet.roundId!)).for('update');
      if (!round || round.userId !== session.userId) throw walletError('transaction_not_found');
      if (bet.rolledBack) {
        return record(
          {
            kind: 'rollback',
            roundId: round.id,
            amount: 0,
            real: 0,
            bonus: 0,
            reference: request.reference_transaction_id,
          },
          await answer(),
        );
      }
      if (round.status === 'closed') throw walletError('round_closed');
      // A bet that hit a jackpot stands: refunding its stake would leave the player the jackpot
      // win and the stake both (money from nothing).
      if ((bet.response as { jackpot_win?: unknown } | null)?.jackpot_win) throw walletError('round_closed');

      const key = `wallet:${provider.id}:${request.transaction_id}`;
      const reference = `round:${round.id}`;
      const moves: TransferRequest[] = [];
      if (bet.realCents > 0)
        moves.push({
          idempotencyKey: `${key}:real`,
          kind: 'rollback',
          reference,
          currency: round.currency,
          amount: bet.realCents,
          from: { house: 'bets' },
          to: { player: round.userId, kind: 'real' },
        });
      if (bet.bonusCents > 0)
        moves.push({
          idempotencyKey: `${key}:bonus`,
          kind: 'rollback',
          reference,
          currency: round.currency,
          amount: bet.bonusCents,
          from: { house: 'bets' },
          to: { player: round.userId, kind: 'bonus' },
        });
      await this.move(tx, moves, round.currency, round.userId);
      await tx.update(providerTransactions).set({ rolledBack: true }).where(eq(providerTransactions.id, bet.id));
      const remaining = round.betCents - bet.amountCents;
      await tx
        .update(gameRounds)
        .set({
          betCents: remaining,
          betRealCents: round.betRealCents - bet.realCents,
          betBonusCents: round.betBonusCents - bet.bonusCents,
          ...(remaining === 0 ? { status: 'rolled_back' as const, closedAt: now } : {}),
        })
        .where(eq(gameRounds.id, round.id));
      return record(
        {
          kind: 'rollback',
          roundId: round.id,
          amount: bet.amountCents,
          real: bet.realCents,
          bonus: bet.bonusCents,
          reference: request.reference_transaction_id,
        },
        await answer(),
      );
    });
  }

  // ---- shared steps ---------------------------------------------------------------------------------

  /** A session's fixed facts, from memory after its first call (an unknown token is looked up again each time). */
  private async sessionFacts(provider: WalletProvider, token: string): Promise<SessionFacts> {
    const tokenHash = hashToken(token);
    const facts = await this.sessionFactsCache.get(tokenHash, async () => {
      const [row] = await this.db
        .select(sessionColumns)
        .from(gameSessions)
        .innerJoin(games, eq(games.id, gameSessions.gameId))
        .where(eq(gameSessions.sessionTokenHash, tokenHash));
      return row ?? null;
    });
    if (!facts) this.sessionFactsCache.delete(tokenHash);
    if (!facts || facts.providerId !== provider.id) throw walletError('invalid_session');
    return facts;
  }

  /** The first answer of a transaction id seen before, or else the refusal. */
  private async replayOr(
    provider: WalletProvider,
    externalId: string,
    hash: string,
    refusal: WalletError,
  ): Promise<WalletMoveResponse> {
    const replay = await this.replay(provider, externalId, hash);
    if (replay) return replay;
    throw refusal;
  }

  /** A transaction id seen before: the same body answers the first answer, another body is refused. */
  private async replay(provider: WalletProvider, externalId: string, hash: string): Promise<WalletMoveResponse | null> {
    const [row] = await this.db
      .select({
        kind: providerTransactions.kind,
        payloadHash: providerTransactions.payloadHash,
        response: providerTransactions.response,
      })
      .from(providerTransactions)
      .where(and(eq(providerTransactions.providerId, provider.id), eq(providerTransactions.externalId, externalId)));
    if (!row) return null;
    if (row.kind === 'rollback_marker') throw walletError('transaction_rolled_back');
    if (row.payloadHash !== hash) throw walletError('duplicate_transaction');
    return row.response as WalletMoveResponse;
  }

  /**
   * Runs a movement in one transaction; `record` keeps it under the provider's transaction id
   * with its answer (the platform's id is a fresh UUID). Two deliveries of one id racing each
   * other: the loser's insert violates the unique key, its transaction rolls back, and it answers
   * as a replay.
   */
  private async once(
    provider: WalletProvider,
    externalId: string,
    hash: string,
    work: (tx: Tx, record: Recorder) => Promise<WalletMoveResponse>,
  ): Promise<WalletMoveResponse> {
    return againOnConflict(() => this.onceAttempt(provider, externalId, hash, work));
  }

  private async onceAttempt(
    provider: WalletProvider,
    externalId: string,
    hash: string,
    work: (tx: Tx, record: Recorder) => Promise<WalletMoveResponse>,
  ): Promise<WalletMoveResponse> {
    try {
      return await this.db.transaction((tx) =>
        work(tx, async (fields, answer) => {
          const response: WalletMoveResponse = { ...answer, transaction_id: randomUUID() };
          const [row] = await tx
            .insert(providerTransactions)
            .values({
              providerId: provider.id,
              externalId,
              kind: fields.kind,
              roundId: fields.roundId,
              referenceExternalId: fields.reference ?? null,
              amountCents: fields.amount,
              realCents: fields.real,
              bonusCents: fields.bonus,
              payloadHash: hash,
              response,
              createdAt: this.clock.now(),
            })
            .returning({ id: providerTransactions.id });
          return Object.assign(response, { rowId: row!.id });
        }).then(({ rowId: _rowId, ...response }: WalletMoveResponse & { rowId?: number }) => response),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        const replay = await this.replay(provider, externalId, hash);
        if (replay) return replay;
      }
      throw error;
    }
  }

  private async move(tx: Tx, moves: TransferRequest[], currency: string, userId: number): Promise<void> {
    try {
      for (const move of moves) await this.ledger.transferWithin(tx, move);
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw walletError('insufficient_funds', {
          balance_cents: await this.balanceOf(tx, userId, currency),
          currency,
        });
      }
      throw error;
    }
  }

  private async balanceOf(db: Db | Tx, userId: number, currency: string): Promise<number> {
    const [b] = await playerBalances(db, userId, [currency]);
    return b ? b.real + b.bonus : 0;
  }
}

/** A statement's answer: `wallet_bet()`'s or `wallet_win()`'s jsonb (a string where a driver leaves it unparsed). */
type Answer = { response: WalletMoveResponse | string };
type BetValues = {
  provider: number;
  external: string;
  hash: string;
  session: number;
  user: number;
  nickname: string;
  game: number;
  gameIdentifier: string;
  currency: string;
  round: string;
  amount: number;
  draw: number | null;
  at: string;
};

/** `wallet_bet(...)` of each value `v` gives: the value itself, or a placeholder of its name (a prepared statement). */
function betCall(v: <K extends keyof BetValues>(key: K) => BetValues[K] | Placeholder): SQL {
  // A game session whose sign-in session was ended takes no more bets (OR110), checked in the
  // bet's own statement so that no cache on any instance can let one through.
  return sql`case when ${gameSessionEnded(v('session'))} then game_session_ended() else ${walletBetCall(v)} end`;
}

function walletBetCall(v: <K extends keyof BetValues>(key: K) => BetValues[K] | Placeholder): SQL {
  return sql`wallet_bet(${v('provider')}::int, ${v('external')}, ${v('hash')}, ${v('session')}::bigint, ${v('user')}::bigint, ${v('nickname')},
    ${v('game')}::int, ${v('gameIdentifier')}, ${v('currency')}, ${v('round')}, ${v('amount')}::bigint, ${v('draw')}::bigint, ${v('at')}::timestamptz)`;
}

/** The money statements of the wallet calls, prepared once. */
function walletStatements(db: Db) {
  const p = sql.placeholder;
  const bet = betCall(p);
  // A single row to select the call from: the query builder prepares, and the call is its one column.
  const once = sql`(values (1)) as call (once)`;
  const answer = (expression: SQL) =>
    db.select({ response: sql<WalletMoveResponse | string>`${expression}` }).from(once);
  return {
    bet: answer(bet).prepare('wallet_bet'),
    clearedBet: answer(
      sql`case when ${rulesStillAt(p('user'), p('rulesVersion'))} then ${bet} else pre_bet_rules_moved() end`,
    ).prepare('wallet_bet_cleared'),
    win: answer(
      sql`wallet_win(${p('provider')}::int, ${p('external')}, ${p('hash')}, ${p('user')}::bigint, ${p('round')}, ${p('reference')},
        ${p('amount')}::bigint, ${p('currency')}, ${p('bet')}::jsonb, ${p('outcome')}::jsonb, ${p('fair')}::jsonb,
        ${p('publicMultiple')}::int, ${p('at')}::timestamptz)`,
    ).prepare('wallet_win'),
  };
}

/** A jsonb parameter: its JSON text, or null. */
const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The refusals `wallet_bet()` and `wallet_win()` raise (`sql/wallet_bet.sql`, `sql/wallet_win.sql`), and the ledger's own insufficient funds. */
const REFUSALS: Record<string, WalletErrorCode> = {
  OR101: 'insufficient_funds',
  OR003: 'insufficient_funds',
  OR102: 'invalid_request',
  OR103: 'round_closed',
  OR104: 'transaction_not_found',
  OR105: 'wrong_currency',
  OR106: 'transaction_rolled_back',
  OR107: 'duplicate_transaction',
  OR108: 'game_disabled',
  OR110: 'invalid_session',
};

/** Raised by a bet cleared at a pre-bet rules version that has moved (`sql/pre_bet_rules_moved.sql`). */
const RULES_MOVED = 'OR109';

/** SQL: whether the sign-in session that launched this game session has been ended. */
function gameSessionEnded(session: Placeholder | number): SQL {
  return sql`exists (select 1 from ${gameSessions} g join sessions s on s.id = g.sign_in_session_id
    where g.id = ${session}::bigint and s.ended_at is not null)`;
}

function refusalOf(error: unknown): { code: WalletErrorCode; balance?: number } | undefined {
  const found = databaseErrorOf(error);
  const code = found && REFUSALS[found.code];
  if (!code) return undefined;
  return {
    code,
    ...(found.detail !== undefined && /^\d+$/.test(found.detail) ? { balance: Number(found.detail) } : {}),
  };
}

/** A launch token is exchanged within this time, once. */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000;

/** The player's id at a provider: the platform's player id, stable across launches. */
export function playerIdFor(_provider: WalletProvider, userId: number): string {
  return String(userId);
}

/** What makes two calls with one transaction id "the same": the parsed body, keys in schema order. */
function payloadHash(request: object): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('base64url');
}
