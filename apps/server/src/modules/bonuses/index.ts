/**
 * The bonuses module's public face (docs/bonuses.md): bonus templates, the player's bonuses
 * (gifts) through their stages, free spins played through the studios, deposit and registration offers, promo codes and coupons, and
 * the rules it adds to the doors below it: the pre-bet check (max bet, games while wagering) and
 * the cashout check (none while a bonus wagers; a cashout forfeits the deposit bonuses waiting to
 * be activated). Wagering is counted from the ledger's movements
 * after they commit, never on the bet's own path.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import type { OrbitModule } from '../../platform/module';
import { publishToPlayer } from '../../platform/realtime/channels';
import { PAYMENT_CHANGED_TOPIC, type PaymentChangedEvent } from '../cashbox';
import { ROUND_CLOSED_TOPIC, type RoundClosedEvent } from '../games';
import { PLAYER_REGISTERED_TOPIC, type PlayerRegisteredEvent } from '../identity';
import { playerBalances, TRANSFER_TOPIC, transfersOf, type TransferEvent } from '../wallet';
import { bonusEngine } from './engine';
import { BonusDesk } from './desk';
import type { BonusGrantsService } from './grants';
import { bonusCodeRoutes, bonusOfferRoutes, bonusSettingsRoutes } from './routes/offers';
import { operatorGrantRoutes, operatorTemplateRoutes } from './routes/operator';
import { playerBonusRoutes, playerFreespinRoutes } from './routes/player';
import {
  FREESPINS_CALL_TOPIC,
  FREESPINS_CHANGED_TOPIC,
  type FreespinsCallEvent,
  type FreespinsChangedEvent,
} from './freespins';
import { playerBonuses, playerFreespins } from './schema';
import { runningBonusMaxBet } from './max-bet';
import { seedBonuses } from './seed';
import { titlesInPlayersLocales } from './titles';
import { BONUS_CHANGED_TOPIC, type BonusChangedEvent } from './rows';

export { BONUS_CHANGED_TOPIC } from './rows';
export { BonusTemplates } from './templates';
export type { BonusGrants } from './grants';
export type { BonusDesk, TemplateChangeHook } from './desk';
export { bonusesOfPlayer } from './player-bonuses';
// The gifts' rows and their titles in the players' languages: the notifications' pushes of a new gift read them.
export { FREESPINS_CHANGED_TOPIC, type FreespinsChangedEvent } from './freespins';
export type { BonusChangedEvent } from './rows';
export { playerBonuses, playerFreespins } from './schema';
export { titlesInPlayersLocales } from './titles';
export { openBonusCount, runningBonusMaxBet } from './max-bet';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bonuses (gifts and free spins) other modules grant through: the shop, the adventures. */
    orbitBonuses: BonusGrantsService;
    /**
     * The back office's door: an operator cancels a player's bonus or free spins (404 when not
     * theirs, 422 `not_cancelable` once over); `within` runs in the cancellation's transaction.
     */
    orbitBonusDesk: {
      cancelBonus(userId: number, id: number, within: (tx: Executor, stage: string) => Promise<void>): Promise<unknown>;
      cancelFreespins(
        userId: number,
        id: number,
        within: (tx: Executor, stage: string) => Promise<void>,
      ): Promise<unknown>;
      /** The templates managed and granted to many players at once (docs/backoffice.md "Bonuses"). */
      templates: BonusDesk;
    };
  }
}

/** How often due bonuses (activation or wagering window passed) are expired. */
const EXPIRY_SWEEP_MS = 60_000;

export const bonusesModule: OrbitModule = {
  name: 'bonuses',
  routes: async (app, ctx) => {
    const { templates, lifecycle, grants, freespins, issuing, wagering } = bonusEngine(ctx);
    app.decorate('orbitBonuses', grants);
    app.decorate('orbitBonusDesk', {
      cancelBonus: (userId: number, id: number, within: (tx: Executor, stage: string) => Promise<void>) =>
        lifecycle.cancel(userId, id, within),
      cancelFreespins: (userId: number, id: number, within: (tx: Executor, stage: string) => Promise<void>) =>
        freespins.cancel(userId, id, within),
      templates: new BonusDesk(ctx.db, ctx.clock, lifecycle, freespins),
    });
    app.orbitFreespins.serve((play) => freespins.play(play));

    // While a bonus wagers: its max bet and its games, in its currency, given to the door as terms
    // (it keeps them while the player's rules version stands: the bonus's stage, currency, max bet
    // and games raise it, its wagering progress does not). The three terms are read in a
    // statement prepared once per connection (docs/performance.md "bench:wallet").
    const wageringTerms = ctx.db
      .select({ currency: playerBonuses.currency, games: playerBonuses.games, maxBetCents: playerBonuses.maxBetCents })
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, sql.placeholder('userId')), eq(playerBonuses.stage, 'handle_bets')))
      .prepare('bonuses_pre_bet_terms');
    app.orbitPreBetChecks.add('bonuses', async (input) => {
      // A serialized bet's second look reads in its own transaction.
      const bonus =
        input.executor && input.executor !== ctx.db
          ? await lifecycle.wagering(input.executor, input.userId)
          : (await wageringTerms.execute({ userId: input.userId }))[0];
      if (!bonus) return 'unrestricted';
      const { currency, games, maxBetCents } = bonus;
      return {
        terms: (bet) => {
          if (currency !== bet.currency) return null;
          if (games && !games.includes(bet.game)) return 'bonus_game_restricted';
          if (maxBetCents !== null && bet.amountCents > maxBetCents) return 'bonus_max_bet';
          return null;
        },
      };
    });
    // The games offer no stake above the running bonus's max bet (the door above still refuses one).
    app.orbitStakeCaps.add('bonuses', (input) => runningBonusMaxBet(ctx.db, input));
    // No cashout while a bonus wagers in that currency: the player finishes or cancels it first.
    app.orbitCashoutChecks.add('bonuses', async (input) => {
      const bonus = await lifecycle.wagering(ctx.db, input.userId);
      return bonus && bonus.currency === input.currency ? 'bonus_wagering' : null;
    });

    ctx.outbox.on(PLAYER_REGISTERED_TOPIC, 'bonuses.registration-gifts', async (event, { tx }) => {
      const { userId, currency } = event.payload as PlayerRegisteredEvent;
      await issuing.onRegistered(tx, userId, currency);
    });
    ctx.outbox.on(PAYMENT_CHANGED_TOPIC, 'bonuses.deposit-bonus', async (event, { tx }) => {
      const { paymentId, state } = event.payload as PaymentChangedEvent;
      if (state === 'succeeded') await issuing.onDeposit(tx, paymentId);
    });
    // Wagering from every bet, win and refund, many at once (it writes only for players with a
    // bonus); the bonuses it moved go to their players from its own commit.
    ctx.outbox.onBatch(TRANSFER_TOPIC, 'bonuses.wagering', async (events, { tx, afterCommit }) => {
      const changed = await wagering.onTransfers(tx, transfersOf(events));
      // Each titled in its player's saved locale (docs/localisation.md "Live pushes").
      for (const { userId, title, bonus } of await titlesInPlayersLocales(tx, changed))
        afterCommit(() => publishToPlayer(ctx.pubsub, userId, 'bonuses_changes', { ...bonus, title }));
    });
    // A cashout forfeits the deposit bonuses of its currency still waiting to be activated: told
    // by the ledger's `cashout_reserve` transfer, written in the cashout's own transaction.
    ctx.outbox.onBatch(TRANSFER_TOPIC, 'bonuses.cashouts', async (events, { tx }) => {
      await wagering.onCashouts(
        tx,
        events.map((e) => e.payload as TransferEvent),
      );
    });
    ctx.outbox.on(ROUND_CLOSED_TOPIC, 'bonuses.round-lost', async (event, { tx }) => {
      await wagering.onRoundLost(tx, (event.payload as RoundClosedEvent).roundId);
    });
    // Each changed bonus goes whole to its player's `bonuses_changes`, once per batch, its title
    // in the player's saved locale (one read of the batch's players' locales).
    ctx.outbox.onBatch(BONUS_CHANGED_TOPIC, 'bonuses.publish', async (events, { tx, afterCommit }) => {
      const ids = [...new Set(events.map((e) => (e.payload as BonusChangedEvent).bonusId))];
      const rows = await titlesInPlayersLocales(
        tx,
        await tx.select().from(playerBonuses).where(inArray(playerBonuses.id, ids)),
      );
      for (const row of rows) {
        const [balance] = await playerBalances(tx, row.userId, [row.currency]);
        const bonus = lifecycle.present(row, balance?.bonus ?? 0, await lifecycle.standing(tx, row.userId));
        afterCommit(() => publishToPlayer(ctx.pubsub, row.userId, 'bonuses_changes', bonus));
      }
    });
    // The studio hears of activated and ended free spins (retried by the outbox until it answers).
    ctx.outbox.on(FREESPINS_CALL_TOPIC, 'bonuses.freespins-call', (event, { tx }) =>
      freespins.deliverCall(tx, event.payload as FreespinsCallEvent),
    );
    ctx.outbox.onBatch(FREESPINS_CHANGED_TOPIC, 'bonuses.publish-freespins', async (events, { tx, afterCommit }) => {
      const ids = [...new Set(events.map((e) => (e.payload as FreespinsChangedEvent).freespinId))];
      const rows = await titlesInPlayersLocales(
        tx,
        await tx.select().from(playerFreespins).where(inArray(playerFreespins.id, ids)),
      );
      for (const row of rows) {
        const grant = freespins.present(row);
        afterCommit(() => publishToPlayer(ctx.pubsub, row.userId, 'freespins_changes', grant));
      }
    });
    ctx.sweeps.every('bonuses.expiry', EXPIRY_SWEEP_MS, async () => {
      await lifecycle.sweep();
      await freespins.sweep();
    });

    await playerBonusRoutes(lifecycle)(app);
    await playerFreespinRoutes(freespins)(app);
    await bonusOfferRoutes(templates, issuing)(app, ctx);
    await bonusCodeRoutes(issuing)(app, ctx);
    await bonusSettingsRoutes(issuing)(app, ctx);
    await operatorTemplateRoutes(templates)(app, ctx);
    await operatorGrantRoutes(grants)(app, ctx);
  },
  seed: seedBonuses,
};
