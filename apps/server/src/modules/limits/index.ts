/**
 * The limits module's public face: responsible-gambling limits (deposit, loss, wager, session,
 * cooling-off, self-exclusion), their confirmation flow and timed transitions, reality checks,
 * and the rules it adds to every door: sign-in (identity), deposits (cashbox), real launches
 * and provider bets (games). docs/limits.md explains the choices.
 */
import type { CreateUserLimitRequest, UserLimit } from '@orbit/contracts';
import { publicBase } from '../../platform/config';
import type { Executor } from '../../platform/db/executor';
import { localePath, type MailLocale } from '../../platform/mail-layout';
import type { OrbitModule } from '../../platform/module';
import { withdrawalLink } from '../identity';
import { ACCOUNT_OPENED_TOPIC, TRANSFER_TOPIC, type AccountOpenedEvent, type TransferEvent } from '../wallet';
import { LIMIT_DEFAULTS_CHANGED_TOPIC, LimitDefaultsStore } from './defaults';
import { responsibleGamingRoutes, userLimitRoutes } from './routes';
import { EXCLUSION_STARTED_TOPIC, LimitsService } from './service';

export { wouldExceed } from './service';
export { LimitDefaultsStore } from './defaults';
export { periodWindow, exclusionEnd } from './periods';
export { PlayerLimits, restrictionsOf } from './player-limits';

/** Movements that change a limit's usage. */
const USAGE_KINDS = new Set(['deposit', 'bet', 'win', 'jackpot', 'rollback']);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The back office's door to a player's limits: a new or stricter limit or an exclusion at the
     * player's request, never a looser one (422 `would_loosen`); `within` runs in its transaction.
     */
    orbitLimitsDesk: {
      tighten(
        userId: number,
        request: CreateUserLimitRequest,
        within: (tx: Executor) => Promise<void>,
      ): Promise<UserLimit[]>;
    };
    /** The casino's limit defaults and their versions (docs/limits.md "Defaults the operator sets"). */
    orbitLimitDefaults: LimitDefaultsStore;
  }
}

export const limitsModule: OrbitModule = {
  name: 'limits',
  routes: async (app, ctx) => {
    const base = publicBase(ctx.config);
    // Each mailed link opens the page in the player's language.
    const links = {
      confirm: (token: string, locale: MailLocale) =>
        `${base}${localePath(locale, '/profile/limits/confirm')}?token=${encodeURIComponent(token)}`,
      withdrawal: (token: string, locale: MailLocale) => withdrawalLink(ctx.config, token, locale),
    };
    // The defaults, cached in this process; a change clears the cache here and, through the
    // pub/sub, on every other instance.
    const defaults = new LimitDefaultsStore(ctx.db, () => {
      ctx.pubsub
        .publish(LIMIT_DEFAULTS_CHANGED_TOPIC, { event: 'changed', data: null })
        .catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'limit defaults change not told to the other instances'),
        );
    });
    const unsubscribe = await ctx.pubsub.subscribe(LIMIT_DEFAULTS_CHANGED_TOPIC, () => defaults.forget());
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
    app.decorate('orbitLimitDefaults', defaults);
    const service = new LimitsService(ctx.db, ctx.clock, ctx.mailer, ctx.pubsub, links, ctx.log, defaults);
    app.decorate('orbitLimitsDesk', {
      tighten: (userId: number, request: CreateUserLimitRequest, within: (tx: Executor) => Promise<void>) =>
        service.set(userId, request, { within }),
    });
    app.orbitSignInChecks.add('limits', service.signInCheck);
    app.orbitDepositChecks.add('limits', service.depositCheck);
    app.orbitPreBetChecks.add('limits', service.betCheck);
    ctx.sweeps.every('limits.transitions', 60_000, () => service.sweep());
    // An exclusion that started cancels the player's deposits still waiting at the PSP, after its
    // commit (a call to the PSP). One the PSP cannot cancel any more ends as the PSP says.
    ctx.outbox.on(
      EXCLUSION_STARTED_TOPIC,
      'limits.cancel-pending-deposits',
      async (event, { afterCommit }) => {
        const { userId } = event.payload as { userId: number };
        afterCommit(async () => {
          const canceled = await app.orbitPendingDeposits.cancel(userId, 'player_excluded');
          if (canceled > 0) ctx.log.info({ userId, canceled }, 'pending deposits canceled: exclusion started');
        });
      },
      { readOnly: true },
    );
    // An account in a new currency takes the amount limits in force (docs/limits.md).
    ctx.outbox.on(ACCOUNT_OPENED_TOPIC, 'limits.extend-to-account', async (event, { tx, afterCommit }) => {
      const { userId, currency } = event.payload as AccountOpenedEvent;
      if (await service.extendToAccount(tx, userId, currency))
        afterCommit(async () => void (await service.changed(userId)));
    });
    // A player with limits sees their usage move live (`game_limits`) after each bet, win or deposit.
    ctx.outbox.onBatch(TRANSFER_TOPIC, 'limits.publish-usage', async (events, { tx, afterCommit }) => {
      const moved = new Set<number>();
      for (const event of events) {
        const transfer = event.payload as TransferEvent;
        if (!USAGE_KINDS.has(transfer.kind)) continue;
        const side = 'player' in transfer.from ? transfer.from : 'player' in transfer.to ? transfer.to : null;
        if (side) moved.add(side.player);
      }
      // Once per player and batch, after all its movements: the newest usage.
      for (const userId of await service.withUsageLimits(tx, [...moved]))
        afterCommit(await service.publishUsage(tx, userId));
    });
    await userLimitRoutes(service)(app, ctx);
    await responsibleGamingRoutes(service)(app);
  },
};
