/**
 * The games module's public face: the catalogue (providers, categories, games, collections, covers),
 * each player's favourite and played games, launching games, the provider wallet protocol
 * (docs/provider-protocol.md) and the rounds of the games history. Other modules plug rules into
 * every real-money bet and launch with `app.orbitPreBetChecks.add(...)`.
 */
import { eq } from 'drizzle-orm';
import type { OrbitModule } from '../../platform/module';
import { publishPublic } from '../../platform/realtime/channels';
import { jackpotService } from '../jackpots';
import { Ledger } from '../wallet';
import { PlayService, sweepOldGameSessions } from './play';
import { playRoutes } from './play-routes';
import { PlayerGamesService } from './player-games';
import { playerGamesRoutes } from './player-games-routes';
import { FreespinDoor } from './freespin-door';
import { PreBetChecks } from './pre-bet';
import { StakeCaps } from './stake-caps';
import { PUBLIC_WIN_MULTIPLE, ProviderWallet, ROUND_CLOSED_TOPIC, type RoundClosedEvent } from './provider-wallet';
import { gamesRoutes } from './routes';
import { CatalogueDesk } from './desk';
import { HOUSE_PROVIDER } from './catalogue';
import { gameRounds, games, providers } from './schema';
import { seedGames } from './seed';
import { GamesService } from './service';

export { GamesService } from './service';
export { PlayerGamesService, recordPlayed } from './player-games';
export { coverSvg, motifFor } from './covers';
export {
  PreBetChecks,
  type PreBetCheck,
  type PreBetInput,
  type PreBetRefusal,
  type PreBetTerms,
  type PreBetVerdict,
} from './pre-bet';
export { HOUSE_PROVIDER } from './catalogue';
export { StakeCaps, type StakeCap, type StakeCapInput } from './stake-caps';
export { ROUND_CLOSED_TOPIC, type RoundClosedEvent } from './provider-wallet';
export { FreespinDoor, type FreespinPlay, type FreespinPlayed } from './freespin-door';
export { freespinEndpoint, type FreespinEndpoint } from './freespin-endpoint';
export { roundFacts, gameCategoriesOf, hasOpenBonusRound, type RoundFacts } from './round-facts';
export { settle, settledPlays, type SettledPlay } from './plays';
export { roundsOfPlayer, type PlayerRound } from './player-rounds';
export { GAME_MATH_SHEETS, type GameMathSheet } from './math-sheets';
export { CatalogueDesk, type CatalogueAudit, type CatalogueChange } from './desk';

/** The pub/sub topic a catalogue change is told on: every instance forgets its cached catalogue. */
export const CATALOGUE_CHANGED_TOPIC = 'catalogue:changed';

/** Where the casino serves the house studio, and its game page (the provider's `launch_url`). */
export const STUDIO_PREFIX = '/studio';

declare module 'fastify' {
  interface FastifyInstance {
    /** The check every real-money bet and launch passes; modules add their rules to it. */
    orbitPreBetChecks: PreBetChecks;
    /** Where a studio's free spins are counted; the owner of free spins (bonuses) serves it. */
    orbitFreespins: FreespinDoor;
    /** The highest stake a player may bet now, told to the game (launch, wallet answers); modules add their caps. */
    orbitStakeCaps: StakeCaps;
    /** The catalogue's write path (providers, games, categories switched and changed): the back office's door. */
    orbitCatalogueDesk: CatalogueDesk;
  }
}

/** How often long-expired game sessions are deleted (their retention is counted in days). */
const GAME_SESSION_SWEEP_MS = 60 * 60_000;

export const gamesModule: OrbitModule = {
  name: 'games',
  routes: async (app, ctx) => {
    const jackpots = jackpotService(ctx);
    const catalogue = new GamesService(ctx.db, () => jackpots.amounts(ctx.db));
    await gamesRoutes(catalogue)(app, ctx);
    await playerGamesRoutes(new PlayerGamesService(ctx.db, ctx.clock, catalogue))(app, ctx);
    const checks = new PreBetChecks(ctx.db);
    app.decorate('orbitPreBetChecks', checks);
    const freespins = new FreespinDoor();
    app.decorate('orbitFreespins', freespins);
    const stakeCaps = new StakeCaps();
    app.decorate('orbitStakeCaps', stakeCaps);
    const wallet = new ProviderWallet(ctx.db, ctx.clock, new Ledger(ctx.clock), checks, freespins, stakeCaps);
    ctx.sweeps.every('games.session-retention', GAME_SESSION_SWEEP_MS, () =>
      sweepOldGameSessions(ctx.db, ctx.clock.now(), ctx.config.sessionRetentionDays),
    );

    // A catalogue change is forgotten at once by this process (its answers, its wallet's provider
    // rows, the guests' cached pages: the page cache is mounted after the modules, so it is looked
    // up at the change) and, through the pub/sub, by every other instance (with REDIS_URL).
    const forgetHere = () => {
      catalogue.forget();
      wallet.providersChanged();
      app.orbitPageCache?.clear();
    };
    const unsubscribe = await ctx.pubsub.subscribe(CATALOGUE_CHANGED_TOPIC, forgetHere);
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
    const catalogueChanged = () => {
      forgetHere();
      ctx.pubsub
        .publish(CATALOGUE_CHANGED_TOPIC, { event: 'changed', data: null })
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'catalogue change not told to the other instances'));
    };
    app.decorate('orbitCatalogueDesk', new CatalogueDesk(ctx.db, catalogueChanged));
    await playRoutes(new PlayService(ctx.db, ctx.clock, checks, stakeCaps), wallet, catalogueChanged)(app, ctx);

    // The house studio served by this process is registered with this process's secret.
    if (ctx.config.studio.enabled) {
      await ctx.db
        .update(providers)
        .set({
          walletSecret: ctx.config.studio.walletSecret,
          launchUrl: `${STUDIO_PREFIX}/play/{game}`,
          freespinsUrl: `${STUDIO_PREFIX}/api/freespins`,
          launchable: true,
        })
        .where(eq(providers.identifier, HOUSE_PROVIDER));
    }

    // Big wins (10× the bet and more) go to everyone's `public:wins`.
    ctx.outbox.on(
      ROUND_CLOSED_TOPIC,
      'games.publish-big-win',
      async (event, { tx, afterCommit }) => {
        const { roundId } = event.payload as RoundClosedEvent;
        const [row] = await tx
          .select({
            win: gameRounds.winCents,
            bet: gameRounds.betCents,
            currency: gameRounds.currency,
            at: gameRounds.closedAt,
            game: games.identifier,
            title: games.title,
            seoTitle: games.seoTitle,
          })
          .from(gameRounds)
          .innerJoin(games, eq(games.id, gameRounds.gameId))
          .where(eq(gameRounds.id, roundId));
        // Also sent for a round lost with bonus money (for the bonuses module): not a big win.
        if (!row || row.win < PUBLIC_WIN_MULTIPLE * row.bet) return;
        afterCommit(() =>
          publishPublic(ctx.pubsub, 'wins', {
            kind: 'round',
            game: row.game,
            game_title: row.title,
            seo_title: row.seoTitle,
            currency: row.currency,
            amount_cents: row.win,
            bet_cents: row.bet,
            created_at: row.at?.toISOString() ?? null,
          }),
        );
      },
      { readOnly: true },
    );
  },
  seed: seedGames,
};
