/**
 * The provider wallet protocol, platform side (docs/provider-protocol.md): a studio's signed
 * `authenticate`, `balance`, `bet`, `win` and `rollback` calls. Every movement is a ledger
 * transfer (with its outbox event) in one transaction with the provider transaction row that
 * makes a replay answer the first answer again.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { WALLET_ERROR_STATUS } from '@orbit/contracts';
import type {
  JackpotWin,
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
import { isUniqueViolation, type Tx } from '../../platform/db/executor';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { TtlCache } from '../../platform/cache';
import { hashToken } from '../../platform/tokens';
import type { JackpotService } from '../jackpots';
import { InsufficientFundsError, Ledger, lockPlayerBalances, playerBalances, type TransferRequest } from '../wallet';
import type { PreBetChecks } from './pre-bet';
import { gameRounds, games, gameSessions, providers, providerTransactions } from './schema';

/** A refused wallet call: the protocol's code, its HTTP status, and the balance where it helps. */
export class WalletError extends Error {
  constructor(
    readonly code: WalletErrorCode,
    readonly status: number,
    readonly balance?: { balance_cents: number; currency: string },
  ) {
    super(code);
    this.name = 'WalletError';
  }
}

export const walletError = (code: WalletErrorCode, balance?: { balance_cents: number; currency: string }) => new WalletError(code, WALLET_ERROR_STATUS[code], balance);

export type WalletProvider = { id: number; identifier: string; secret: string; enabled: boolean };

/** A wallet round above this multiple of its bet is announced on `public:wins`. */
export const PUBLIC_WIN_MULTIPLE = 10;
export const ROUND_CLOSED_TOPIC = 'games.round_closed';
export type RoundClosedEvent = { roundId: number };

type Recorded = { kind: 'bet' | 'win' | 'rollback'; roundId: number | null; amount: number; real: number; bonus: number; reference?: string | undefined };
type Recorder = (fields: Recorded, answer: Omit<WalletMoveResponse, 'transaction_id'>) => Promise<WalletMoveResponse & { rowId: number }>;

type SessionRow = {
  id: number;
  userId: number;
  gameId: number;
  providerId: number;
  currency: string;
  licence: string;
  nickname: string;
  expiresAt: Date;
  gameIdentifier: string;
  gameEnabled: boolean;
  providerEnabled: boolean;
};

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
  gameEnabled: games.enabled,
  providerEnabled: providers.enabled,
};

/** The provider's game id in a call is the part of the catalogue identifier after the slash. */
const slugOf = (identifier: string) => identifier.slice(identifier.indexOf('/') + 1);

export class ProviderWallet {
  private readonly providersCache = new TtlCache<WalletProvider | null>(5_000);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly jackpots: JackpotService,
    private readonly checks: PreBetChecks,
  ) {}

  /** Forgets the cached provider rows after an operator changed one (other instances catch up within seconds). */
  providersChanged(): void {
    this.providersCache.clear();
  }

  /** The provider whose secret signed the raw body, or `invalid_signature` (an unknown provider too). */
  async verify(identifier: string, rawBody: Buffer, signature: string | undefined): Promise<WalletProvider> {
    const provider = await this.providersCache.get(identifier, async () => {
      const [row] = await this.db
        .select({ id: providers.id, identifier: providers.identifier, secret: providers.walletSecret, enabled: providers.enabled })
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

  async authenticate(provider: WalletProvider, request: WalletAuthenticateRequest, sessionToken: string): Promise<WalletAuthenticateResponse> {
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
    };
  }

  async balance(provider: WalletProvider, request: WalletBalanceRequest): Promise<WalletBalanceResponse> {
    const session = await this.session(provider, request.session_token);
    return { status: 'ok', currency: session.currency, balance_cents: await this.balanceOf(this.db, session.userId, session.currency) };
  }

  // ---- bet ------------------------------------------------------------------------------------------

  async bet(provider: WalletProvider, request: WalletBetRequest): Promise<WalletMoveResponse> {
    const hash = payloadHash(request);
    const { session, replay } = await this.sessionFor(provider, request.session_token, request.transaction_id, hash);
    if (replay) return replay;
    const now = this.clock.now();
    if (session.expiresAt <= now) throw walletError('invalid_session');
    if (slugOf(session.gameIdentifier) !== request.game) throw walletError('invalid_request');
    if (!session.gameEnabled || !session.providerEnabled || !provider.enabled) throw walletError('game_disabled');
    if (request.currency !== session.currency) throw walletError('wrong_currency');
    const refusal = await this.checks.run({ userId: session.userId, currency: session.currency, game: session.gameIdentifier, amountCents: request.amount_cents, at: now });
    if (refusal) throw walletError(refusal);

    return this.once(provider, request.transaction_id, hash, async (tx, record) => {
      const { real, bonus } = await this.lockBalances(tx, session.userId, session.currency);
      const fromReal = Math.min(request.amount_cents, real);
      const fromBonus = request.amount_cents - fromReal;
      if (fromBonus > bonus) throw walletError('insufficient_funds', { balance_cents: real + bonus, currency: session.currency });
      // The round with this bet added, in one statement; a refusal below rolls the addition back.
      const round = await this.addBetToRound(tx, provider, session, request.round_id, { amount: request.amount_cents, real: fromReal, bonus: fromBonus }, now);
      if (round.userId !== session.userId) throw walletError('invalid_request');
      if (round.status === 'closed') throw walletError('round_closed');

      const key = `wallet:${provider.id}:${request.transaction_id}`;
      const reference = `round:${round.id}`;
      const moves: TransferRequest[] = [];
      if (fromReal > 0) moves.push({ idempotencyKey: `${key}:real`, kind: 'bet', reference, currency: session.currency, amount: fromReal, from: { player: session.userId, kind: 'real' }, to: { house: 'bets' } });
      if (fromBonus > 0) moves.push({ idempotencyKey: `${key}:bonus`, kind: 'bet', reference, currency: session.currency, amount: fromBonus, from: { player: session.userId, kind: 'bonus' }, to: { house: 'bets' } });

      const balance = real + bonus - request.amount_cents;
      const recorded = await record(
        { kind: 'bet', roundId: round.id, amount: request.amount_cents, real: fromReal, bonus: fromBonus },
        { status: 'ok', currency: session.currency, balance_cents: balance, jackpot_win: null },
      );

      // The house's hot rows (bets, jackpot pool and levels) last, so they are held only until the commit.
      await this.move(tx, moves, session.currency, session.userId);
      const hit = await this.jackpots.onBet(tx, {
        userId: session.userId,
        userName: session.nickname,
        currency: session.currency,
        game: session.gameIdentifier,
        amountCents: request.amount_cents,
        draw: request.jackpot_draw,
        reference: `${reference}:${request.transaction_id}`,
        at: now,
      });
      if (!hit) return recorded;
      const jackpotWin: JackpotWin = { level: hit.level, name: hit.name, amount_cents: hit.amountCents };
      const response: WalletMoveResponse = { ...recorded, balance_cents: balance + hit.amountCents, jackpot_win: jackpotWin };
      await tx.update(providerTransactions).set({ response }).where(eq(providerTransactions.id, recorded.rowId));
      await tx.update(gameRounds).set({ jackpotWinCents: sql`${gameRounds.jackpotWinCents} + ${hit.amountCents}` }).where(eq(gameRounds.id, round.id));
      return response;
    });
  }

  // ---- win ------------------------------------------------------------------------------------------

  async win(provider: WalletProvider, request: WalletWinRequest): Promise<WalletMoveResponse> {
    const hash = payloadHash(request);
    // A win settles money already owed: an expired session still takes it.
    const { session, replay } = await this.sessionFor(provider, request.session_token, request.transaction_id, hash);
    if (replay) return replay;
    const now = this.clock.now();
    return this.once(provider, request.transaction_id, hash, async (tx, record) => {
      const [round] = await tx
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.providerId, provider.id), eq(gameRounds.externalId, request.round_id)))
        .for('update');
      if (!round || round.userId !== session.userId || round.status === 'rolled_back' || round.betCents === 0) throw walletError('transaction_not_found');
      if (round.status === 'closed') throw walletError('round_closed');
      if (request.reference_transaction_id !== undefined) {
        const [bet] = await tx
          .select({ kind: providerTransactions.kind, roundId: providerTransactions.roundId, rolledBack: providerTransactions.rolledBack })
          .from(providerTransactions)
          .where(and(eq(providerTransactions.providerId, provider.id), eq(providerTransactions.externalId, request.reference_transaction_id)));
        if (!bet || bet.kind !== 'bet' || bet.roundId !== round.id || bet.rolledBack) throw walletError('transaction_not_found');
      }
      if (request.currency !== round.currency) throw walletError('wrong_currency');

      // Paid back in the proportion the round's bets took real and bonus money.
      const toReal = Math.floor((request.amount_cents * round.betRealCents) / round.betCents);
      const toBonus = request.amount_cents - toReal;
      const key = `wallet:${provider.id}:${request.transaction_id}`;
      const reference = `round:${round.id}`;
      const moves: TransferRequest[] = [];
      if (toReal > 0) moves.push({ idempotencyKey: `${key}:real`, kind: 'win', reference, currency: round.currency, amount: toReal, from: { house: 'bets' }, to: { player: round.userId, kind: 'real' } });
      if (toBonus > 0) moves.push({ idempotencyKey: `${key}:bonus`, kind: 'win', reference, currency: round.currency, amount: toBonus, from: { house: 'bets' }, to: { player: round.userId, kind: 'bonus' } });
      await tx
        .update(gameRounds)
        .set({
          winCents: request.amount_cents,
          status: 'closed',
          closedAt: now,
          bet: request.round?.bet ?? null,
          outcome: request.round?.outcome ?? null,
          fair: request.round?.fair ?? null,
        })
        .where(eq(gameRounds.id, round.id));
      if (request.amount_cents >= PUBLIC_WIN_MULTIPLE * round.betCents) {
        await enqueueEvent(tx, ROUND_CLOSED_TOPIC, { roundId: round.id } satisfies RoundClosedEvent, now);
      }
      const before = await this.balanceOf(tx, round.userId, round.currency);
      const recorded = await record(
        { kind: 'win', roundId: round.id, amount: request.amount_cents, real: toReal, bonus: toBonus, reference: request.reference_transaction_id },
        { status: 'ok', currency: round.currency, balance_cents: before + request.amount_cents },
      );
      await this.move(tx, moves, round.currency, round.userId);
      return recorded;
    });
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
    const { session, replay } = await this.sessionFor(provider, request.session_token, request.transaction_id, hash);
    if (replay) return replay;
    const now = this.clock.now();
    return this.once(provider, request.transaction_id, hash, async (tx, record) => {
      const [bet] = await tx
        .select()
        .from(providerTransactions)
        .where(and(eq(providerTransactions.providerId, provider.id), eq(providerTransactions.externalId, request.reference_transaction_id)))
        .for('update');
      const answer = async () => ({ status: 'ok' as const, currency: session.currency, balance_cents: await this.balanceOf(tx, session.userId, session.currency) });
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
        return record({ kind: 'rollback', roundId: null, amount: 0, real: 0, bonus: 0, reference: request.reference_transaction_id }, await answer());
      }
      if (bet.kind !== 'bet') throw walletError('transaction_not_found');
      const [round] = await tx.select().from(gameRounds).where(eq(gameRounds.id, bet.roundId!)).for('update');
      if (!round || round.userId !== session.userId) throw walletError('transaction_not_found');
      if (bet.rolledBack) {
        return record({ kind: 'rollback', roundId: round.id, amount: 0, real: 0, bonus: 0, reference: request.reference_transaction_id }, await answer());
      }
      if (round.status === 'closed') throw walletError('round_closed');

      const key = `wallet:${provider.id}:${request.transaction_id}`;
      const reference = `round:${round.id}`;
      const moves: TransferRequest[] = [];
      if (bet.realCents > 0) moves.push({ idempotencyKey: `${key}:real`, kind: 'rollback', reference, currency: round.currency, amount: bet.realCents, from: { house: 'bets' }, to: { player: round.userId, kind: 'real' } });
      if (bet.bonusCents > 0) moves.push({ idempotencyKey: `${key}:bonus`, kind: 'rollback', reference, currency: round.currency, amount: bet.bonusCents, from: { house: 'bets' }, to: { player: round.userId, kind: 'bonus' } });
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
      return record({ kind: 'rollback', roundId: round.id, amount: bet.amountCents, real: bet.realCents, bonus: bet.bonusCents, reference: request.reference_transaction_id }, await answer());
    });
  }

  // ---- shared steps ---------------------------------------------------------------------------------

  private async session(provider: WalletProvider, token: string): Promise<SessionRow> {
    const [row] = await this.db
      .select(sessionColumns)
      .from(gameSessions)
      .innerJoin(games, eq(games.id, gameSessions.gameId))
      .innerJoin(providers, eq(providers.id, gameSessions.providerId))
      .where(eq(gameSessions.sessionTokenHash, hashToken(token)));
    if (!row || row.providerId !== provider.id) throw walletError('invalid_session');
    return row;
  }

  /**
   * The session of a call and, in the same query, the provider transaction already recorded
   * under the call's id (a replay answers it; another body is refused).
   */
  private async sessionFor(provider: WalletProvider, token: string, externalId: string, hash: string): Promise<{ session: SessionRow; replay: WalletMoveResponse | null }> {
    const [row] = await this.db
      .select({
        ...sessionColumns,
        seen: sql<{ kind: string; hash: string; response: WalletMoveResponse } | null>`(select jsonb_build_object('kind', ${providerTransactions.kind}, 'hash', ${providerTransactions.payloadHash}, 'response', ${providerTransactions.response})
          from ${providerTransactions} where ${providerTransactions.providerId} = ${provider.id} and ${providerTransactions.externalId} = ${externalId})`,
      })
      .from(gameSessions)
      .innerJoin(games, eq(games.id, gameSessions.gameId))
      .innerJoin(providers, eq(providers.id, gameSessions.providerId))
      .where(eq(gameSessions.sessionTokenHash, hashToken(token)));
    if (!row || row.providerId !== provider.id) throw walletError('invalid_session');
    const { seen, ...session } = row;
    if (!seen) return { session, replay: null };
    if (seen.kind === 'rollback_marker') throw walletError('transaction_rolled_back');
    if (seen.hash !== hash) throw walletError('duplicate_transaction');
    return { session, replay: seen.response };
  }

  /** A transaction id seen before: the same body answers the first answer, another body is refused. */
  private async replay(provider: WalletProvider, externalId: string, hash: string): Promise<WalletMoveResponse | null> {
    const [row] = await this.db
      .select({ kind: providerTransactions.kind, payloadHash: providerTransactions.payloadHash, response: providerTransactions.response })
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
  private async once(provider: WalletProvider, externalId: string, hash: string, work: (tx: Tx, record: Recorder) => Promise<WalletMoveResponse>): Promise<WalletMoveResponse> {
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

  private async addBetToRound(tx: Tx, provider: WalletProvider, session: SessionRow, externalId: string, bet: { amount: number; real: number; bonus: number }, now: Date) {
    const [round] = await tx
      .insert(gameRounds)
      .values({
        providerId: provider.id,
        externalId,
        userId: session.userId,
        gameId: session.gameId,
        sessionId: session.id,
        currency: session.currency,
        betCents: bet.amount,
        betRealCents: bet.real,
        betBonusCents: bet.bonus,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [gameRounds.providerId, gameRounds.externalId],
        set: {
          betCents: sql`${gameRounds.betCents} + excluded.bet_cents`,
          betRealCents: sql`${gameRounds.betRealCents} + excluded.bet_real_cents`,
          betBonusCents: sql`${gameRounds.betBonusCents} + excluded.bet_bonus_cents`,
          // A round whose bets were all rolled back is open again with a new one.
          status: sql`case when ${gameRounds.status} = 'rolled_back' then 'open' else ${gameRounds.status} end`,
        },
      })
      .returning({ id: gameRounds.id, userId: gameRounds.userId, status: gameRounds.status });
    return round!;
  }

  private lockBalances(tx: Tx, userId: number, currency: string): Promise<{ real: number; bonus: number }> {
    return lockPlayerBalances(tx, userId, currency);
  }

  private async move(tx: Tx, moves: TransferRequest[], currency: string, userId: number): Promise<void> {
    try {
      for (const move of moves) await this.ledger.transferWithin(tx, move);
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw walletError('insufficient_funds', { balance_cents: await this.balanceOf(tx, userId, currency), currency });
      }
      throw error;
    }
  }

  private async balanceOf(db: Db | Tx, userId: number, currency: string): Promise<number> {
    const [b] = await playerBalances(db, userId, [currency]);
    return b ? b.real + b.bonus : 0;
  }
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
