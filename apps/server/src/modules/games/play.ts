/**
 * Opening games and looking back at them: the launch (a one-time URL of the provider's game page)
 * and the player's rounds for the games history and game recall.
 */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  DEMO_FOR_EXCLUDED_BY_LICENCE,
  type Licence,
  paginate,
  type GameMode,
  type GameRound,
  type GameRoundDetail,
  type GameRoundsResponse,
  type LaunchResponse,
  type WalletMoveResponse,
  gameRoundsQuerySchema,
  PLAYER_FIELDS_MISSING,
} from '@orbit/contracts';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { deleteInBatches } from '../../platform/db/sweep';
import { AppError, notFound, unauthorized, unprocessable } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';
import { DEMO_CURRENCY, listAccounts } from '../wallet';
import { recordPlayed } from './player-games';
import type { PreBetChecks } from './pre-bet';
import { StakeCaps } from './stake-caps';
import { gameRounds, games, gameSessions, providers, providerTransactions } from './schema';

/** A real-play session lasts this long from its launch (docs/provider-protocol.md). */
export const GAME_SESSION_TTL_MS = 12 * 3600_000;

/**
 * Deletes the game sessions expired more than `retentionDays` ago (docs/provider-protocol.md,
 * sessions kept): until then a late win or rollback still finds its session.
 */
export function sweepOldGameSessions(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cut = new Date(now.getTime() - retentionDays * 24 * 3600_000);
  return deleteInBatches(db, gameSessions, gameSessions.id, lt(gameSessions.expiresAt, cut));
}

/** A signed-in player (with the sign-in session that launches), or a guest (demo only). */
export type Launcher = { userId: number; sessionId: string; nickname: string; language: string } | null;
export type LaunchSettings = {
  licence: Licence;
  /** The page's locale the game is opened from (else the player's language, else English). */
  lang?: string | undefined;
  /** The device carries the mark of a cooling-off or self-exclusion (platform/http/exclusion-mark.ts). */
  excludedDevice: boolean;
  lobbyUrl: string;
  depositUrl: string;
  /** The fields of the player the game's provider still needs (real play is refused while any is missing). */
  missingFields?: (provider: string) => readonly string[];
};

type RoundRow = typeof gameRounds.$inferSelect;

/**
 * The licence a game provider is told (docs/provider-protocol.md): the protocol knows CW and EE
 * only, so the Curaçao Gaming Control Board and the Australian variant play by CW's game rules
 * (the EE rules, such as the 2.5 s spin, stay Estonia's).
 */
export function providerLicence(licence: Licence): 'CW' | 'EE' {
  return licence === 'EE' ? 'EE' : 'CW';
}

/**
 * The deposit link a game shows on "not enough balance": the cashbox, naming the game's page in
 * `from` (in the player's language) so the casino draws the cashbox over the game and returns
 * there when it closes (docs/rules/routes-and-guards.md "The cashbox").
 */
export function depositUrlFor(depositUrl: string, identifier: string, seoTitle: string, language?: string): string {
  const provider = identifier.slice(0, identifier.indexOf('/'));
  const prefix = language && language !== 'en' && /^[a-z]{2}(-[A-Z]{2})?$/.test(language) ? `/${language}` : '';
  const url = new URL(depositUrl);
  if (prefix) url.pathname = `${prefix}${url.pathname}`;
  url.searchParams.set('from', `${prefix}/play/${provider}/${seoTitle}`);
  return url.href;
}

export class PlayService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly checks: PreBetChecks,
    private readonly stakeCaps: StakeCaps = new StakeCaps(),
  ) {}

  async launch(player: Launcher, gameId: number, mode: GameMode, settings: LaunchSettings): Promise<LaunchResponse> {
    if (!Number.isSafeInteger(gameId) || gameId < 1 || gameId > 2_147_483_647) throw notFound('game_id');
    const [game] = await this.db
      .select({
        id: games.id,
        identifier: games.identifier,
        seoTitle: games.seoTitle,
        enabled: games.enabled,
        hasDemoMode: games.hasDemoMode,
        currencies: games.currencies,
        providerId: providers.id,
        providerIdentifier: providers.identifier,
        providerEnabled: providers.enabled,
        launchable: providers.launchable,
        launchUrl: providers.launchUrl,
        walletSecret: providers.walletSecret,
      })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(eq(games.id, gameId));
    if (!game || !game.enabled || !game.providerEnabled) throw notFound('game_id');
    if (!game.launchable || !game.launchUrl) throw unprocessable('game_not_launchable');
    const slug = game.identifier.slice(game.identifier.indexOf('/') + 1);
    const page = game.launchUrl.replace('{game}', encodeURIComponent(slug));
    const common = {
      licence: providerLicence(settings.licence),
      lobby_url: settings.lobbyUrl,
      deposit_url: depositUrlFor(settings.depositUrl, game.identifier, game.seoTitle, player?.language),
    };
    const lang = settings.lang ?? player?.language ?? 'en';

    if (mode === 'demo') {
      if (!game.hasDemoMode) throw unprocessable('demo_unavailable');
      if (settings.excludedDevice && !DEMO_FOR_EXCLUDED_BY_LICENCE[settings.licence])
        throw unprocessable('player_excluded');
      return {
        mode,
        currency: DEMO_CURRENCY,
        url: withQuery(page, { mode, currency: DEMO_CURRENCY, lang, ...common }),
      };
    }
    if (!player) throw unauthorized();
    // The provider's fields before real play (docs/rules/fields.md "Before real play").
    const missing = settings.missingFields?.(game.providerIdentifier) ?? [];
    if (missing.length > 0)
      throw AppError.validation({
        base: [PLAYER_FIELDS_MISSING],
        ...Object.fromEntries(missing.map((field) => [field, ['required']])),
      });
    if (!game.walletSecret) throw unprocessable('game_not_launchable');
    const accounts = await listAccounts(this.db, player.userId);
    const currency = (accounts.find((a) => a.active) ?? accounts[0])?.currency;
    if (!currency || !game.currencies.includes(currency)) throw unprocessable('currency_not_supported');
    const now = this.clock.now();
    const refusal = await this.checks.run({
      userId: player.userId,
      currency,
      game: game.identifier,
      amountCents: 0,
      at: now,
    });
    if (refusal && refusal !== 'counting') throw new AppError(422, refusal);

    const launchToken = newToken();
    await this.db.insert(gameSessions).values({
      launchTokenHash: hashToken(launchToken),
      userId: player.userId,
      gameId: game.id,
      providerId: game.providerId,
      currency,
      licence: providerLicence(settings.licence),
      nickname: player.nickname,
      signInSessionId: player.sessionId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + GAME_SESSION_TTL_MS),
    });
    await recordPlayed(this.db, player.userId, game.id, now);
    // The game offers no stake above the cap (the running bonus's max bet); the wallet still refuses one.
    const cap = await this.stakeCaps.lowest({ userId: player.userId, currency, game: game.identifier });
    return {
      mode,
      currency,
      url: withQuery(page, {
        mode,
        launch_token: launchToken,
        currency,
        lang,
        ...common,
        ...(cap !== null ? { max_bet_cents: String(cap) } : {}),
      }),
    };
  }

  async rounds(userId: number, query: z.output<typeof gameRoundsQuerySchema>): Promise<GameRoundsResponse> {
    const conditions: SQL[] = [eq(gameRounds.userId, userId)];
    if (query.game) conditions.push(eq(games.identifier, query.game));
    if (query.currency) conditions.push(eq(gameRounds.currency, query.currency));
    if (query.result === 'won') conditions.push(sql`${gameRounds.winCents} > 0`);
    if (query.result === 'lost') conditions.push(and(eq(gameRounds.status, 'closed'), eq(gameRounds.winCents, 0))!);
    if (query.from) conditions.push(gte(gameRounds.createdAt, new Date(`${query.from}T00:00:00Z`)));
    if (query.to)
      conditions.push(lt(gameRounds.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
    const where = and(...conditions);
    const [total] = await this.db
      .select({ n: count() })
      .from(gameRounds)
      .innerJoin(games, eq(games.id, gameRounds.gameId))
      .where(where);
    const rows = await this.db
      .select({ round: gameRounds, game: roundGame })
      .from(gameRounds)
      .innerJoin(games, eq(games.id, gameRounds.gameId))
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(where)
      .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    return {
      data: rows.map((r) => presentRound(r.round, r.game)),
      pagination: paginate(query.page, query.page_size, total?.n ?? 0),
    };
  }

  async round(userId: number, id: number): Promise<GameRoundDetail> {
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    const [row] = await this.db
      .select({ round: gameRounds, game: roundGame })
      .from(gameRounds)
      .innerJoin(games, eq(games.id, gameRounds.gameId))
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(and(eq(gameRounds.id, id), eq(gameRounds.userId, userId)));
    if (!row) throw notFound();
    const moves = await this.db
      .select({
        kind: providerTransactions.kind,
        amount: providerTransactions.amountCents,
        real: providerTransactions.realCents,
        bonus: providerTransactions.bonusCents,
        at: providerTransactions.createdAt,
        response: providerTransactions.response,
      })
      .from(providerTransactions)
      .where(eq(providerTransactions.roundId, id))
      .orderBy(providerTransactions.id);
    const transactions: GameRoundDetail['transactions'] = [];
    for (const m of moves) {
      if (m.kind === 'rollback_marker') continue;
      transactions.push({
        kind: m.kind,
        amount_cents: m.amount,
        real_cents: m.real,
        bonus_cents: m.bonus,
        created_at: m.at.toISOString(),
      });
      const jackpot = (m.response as WalletMoveResponse).jackpot_win;
      if (jackpot)
        transactions.push({
          kind: 'jackpot',
          amount_cents: jackpot.amount_cents,
          real_cents: jackpot.amount_cents,
          bonus_cents: 0,
          created_at: m.at.toISOString(),
        });
    }
    return {
      ...presentRound(row.round, row.game),
      bet: row.round.bet ?? null,
      outcome: row.round.outcome ?? null,
      fair: row.round.fair ?? null,
      transactions,
    };
  }
}

const roundGame = {
  id: games.id,
  identifier: games.identifier,
  title: games.title,
  seo_title: games.seoTitle,
  provider: providers.identifier,
};

function presentRound(round: RoundRow, game: GameRound['game']): GameRound {
  return {
    id: round.id,
    round_id: round.externalId,
    game,
    currency: round.currency,
    bet_cents: round.betCents,
    win_cents: round.winCents + round.jackpotWinCents,
    jackpot_win_cents: round.jackpotWinCents,
    status: round.status,
    created_at: round.createdAt.toISOString(),
    closed_at: round.closedAt?.toISOString() ?? null,
  };
}

function withQuery(page: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${page}${page.includes('?') ? '&' : '?'}${query}`;
}
