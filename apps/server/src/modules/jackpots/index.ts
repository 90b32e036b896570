/**
 * The jackpots module's public face: pooled three-level jackpots fed by bets (the provider
 * wallet's bet statement feeds them and pays hits: `sql/jackpot_bet.sql`), `GET /api/jackpots`,
 * `GET /api/jackpot_wins`, and the live `public:jackpots_changes`, `public:wins` and
 * `jackpot_win_award` messages.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { jackpotsResponseSchema, jackpotWinsQuerySchema, jackpotWinsResponseSchema } from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import type { ModuleContext } from '../../platform/context';
import type { OrbitModule } from '../../platform/module';
import { publishPublic, publishToPlayer } from '../../platform/realtime/channels';
import { systemClock } from '../../platform/clock';
import { Ledger, listCurrencies } from '../wallet';
import { jackpotLevels, jackpots } from './schema';
import { JACKPOT_WON_TOPIC, JackpotService, maskedName, type JackpotWonEvent } from './service';

export { JackpotService, maskedName, type JackpotAmount } from './service';

/** The jackpot the seed opens in each of these currencies, fed by the catalogue's jackpot games. */
export const JACKPOT_CURRENCIES = ['EUR', 'USD', 'CAD', 'AUD', 'NZD', 'NOK', 'BRL'];
/** Levels grand first: seed (in units of the currency), share of each bet (basis points), hit chance per bet (1 in n). */
export const JACKPOT_LEVELS = [
  { identifier: 'grand', name: 'Grand', position: 2, seedUnits: 2_000, contributionBp: 20, oneIn: 1_000_000 },
  { identifier: 'major', name: 'Major', position: 1, seedUnits: 200, contributionBp: 30, oneIn: 50_000 },
  { identifier: 'mini', name: 'Mini', position: 0, seedUnits: 20, contributionBp: 50, oneIn: 2_000 },
] as const;
export const JACKPOT_GAMES = ['orbit/stellar-sevens'];

async function seedJackpots(db: Db): Promise<void> {
  const service = new JackpotService(new Ledger(systemClock));
  const units = new Map((await listCurrencies(db)).map((c) => [c.code, c.subunitsToUnit]));
  for (const currency of JACKPOT_CURRENCIES) {
    const subunits = units.get(currency);
    if (!subunits) continue;
    await db.transaction(async (tx) => {
      const [jackpot] = await tx
        .insert(jackpots)
        .values({
          identifier: `orbit-${currency.toLowerCase()}`,
          name: 'Orbit Jackpot',
          currency,
          games: JACKPOT_GAMES,
        })
        .onConflictDoUpdate({ target: jackpots.identifier, set: { games: JACKPOT_GAMES } })
        .returning({ id: jackpots.id });
      for (const level of JACKPOT_LEVELS) {
        const seedCents = level.seedUnits * subunits;
        const [created] = await tx
          .insert(jackpotLevels)
          .values({
            jackpotId: jackpot!.id,
            identifier: level.identifier,
            name: level.name,
            position: level.position,
            seedCents,
            amountCents: seedCents,
            contributionBp: level.contributionBp,
            hitWeight: Math.floor(2 ** 32 / level.oneIn),
          })
          .onConflictDoNothing()
          .returning({ id: jackpotLevels.id });
        // A new level's seed comes from the house's promotions account, once.
        if (created) await service.fundSeed(tx, created.id, currency, seedCents);
      }
    });
  }
}

function jackpotsRoutes(service: JackpotService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['jackpots'];
    app.get(
      '/api/jackpots',
      {
        schema: {
          tags,
          summary: 'Jackpots with their levels and current amounts',
          response: { 200: jackpotsResponseSchema },
        },
      },
      () => service.list(ctx.db),
    );
    app.get(
      '/api/jackpot_wins',
      {
        schema: {
          tags,
          summary: 'Latest jackpot wins (winner names masked)',
          querystring: jackpotWinsQuerySchema,
          response: { 200: jackpotWinsResponseSchema },
        },
      },
      (request) => service.wins(ctx.db, request.query.limit, request.query.sort),
    );

    ctx.outbox.on(
      JACKPOT_WON_TOPIC,
      'jackpots.publish-win',
      async (event, { tx, afterCommit }) => {
        const { winId } = event.payload as JackpotWonEvent;
        const row = await service.win(tx, winId);
        if (!row) return;
        const list = await service.list(tx);
        const award = {
          amount_cents: row.win.amountCents,
          currency: row.win.currency,
          jackpot_name: row.jackpotName,
          jackpot_level_name: row.levelName,
          level: row.levelIdentifier,
          created_at: row.win.createdAt.toISOString(),
        };
        afterCommit(async () => {
          await publishToPlayer(ctx.pubsub, row.win.userId, 'jackpot_win_award', award);
          await publishPublic(ctx.pubsub, 'wins', {
            ...award,
            kind: 'jackpot',
            user_name: maskedName(row.win.userName),
          });
          await publishPublic(ctx.pubsub, 'jackpots_changes', list);
        });
      },
      { readOnly: true },
    );

    // Amounts grow with every bet: the lobby hears of it at most every few seconds, when they changed.
    let last = '';
    ctx.sweeps.every('jackpots.publish-changes', 3_000, async () => {
      const list = await service.list(ctx.db);
      const snapshot = JSON.stringify(list);
      if (snapshot !== last) {
        if (last !== '') await publishPublic(ctx.pubsub, 'jackpots_changes', list);
        last = snapshot;
      }
    });
  };
}

/** One service per app: the games module receives the same instance for its bets. */
export function jackpotService(ctx: Pick<ModuleContext, 'clock'>): JackpotService {
  return new JackpotService(new Ledger(ctx.clock));
}

export const jackpotsModule: OrbitModule = {
  name: 'jackpots',
  routes: async (app, ctx) => jackpotsRoutes(jackpotService(ctx))(app, ctx),
  seed: seedJackpots,
};
