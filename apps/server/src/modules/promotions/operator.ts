/**
 * Operator calls that create promotions (docs/promotions.md "Operator calls"): a tournament,
 * quest or achievement, and a lottery whose seed is chosen and committed (its hash published)
 * the moment it is created. Prize tables name templates; each is checked to exist, to be of the
 * right kind and to have terms in every currency the promotion pays in, so the end job never
 * meets a prize it cannot pay for a reason the operator could have seen.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lotterySchema,
  operatorLotteryRequestSchema,
  operatorTournamentRequestSchema,
  tournamentSchema,
  type BonusTemplate,
  type OperatorLotteryRequest,
  type OperatorPrize,
  type OperatorTournamentRequest,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { AppError, conflict, unprocessable } from '../../platform/errors';
import { operatorGuard } from '../../platform/http/operator';
import type { BonusGrants } from '../bonuses';
import { newServerSeed, payoutCurrencies, seedHash, type LotteryService } from './lotteries';
import { promoLotteries, promoTournaments, type StoredPrize } from './schema';
import type { TournamentService } from './tournaments';

/**
 * The stored prize table: wager and spin count taken from the templates. Throws a 422 naming
 * the prize (`prizes.<i>.bonus_template`) when a template is unknown, retired, of the wrong kind
 * or without terms in one of `currencies`.
 */
export function storedPrizes(
  prizes: readonly OperatorPrize[],
  templates: readonly BonusTemplate[],
  currencies: readonly string[],
): StoredPrize[] {
  const errors: Record<string, string[]> = {};
  const usable = (key: string | null, freespins: boolean, field: string): BonusTemplate | undefined => {
    if (key === null) return undefined;
    const template = templates.find((t) => t.key === key && t.retired_at === null);
    const code = !template
      ? 'unknown_template'
      : (template.kind === 'freespins') !== freespins
        ? 'wrong_kind'
        : currencies.some((c) => !template.money[c])
          ? 'currency_not_covered'
          : null;
    if (code) errors[field] = [code];
    return code ? undefined : template;
  };
  const stored = prizes.map((p, i): StoredPrize => {
    const bonus = p.money_award_cents > 0 ? usable(p.bonus_template, false, `prizes.${i}.bonus_template`) : undefined;
    const spins = usable(p.freespins_template, true, `prizes.${i}.freespins_template`);
    return {
      award_place: p.award_place,
      money_award_cents: p.money_award_cents,
      wager_multiplier: bonus?.wager_multiplier ?? spins?.wager_multiplier ?? 0,
      bonus_template: bonus ? bonus.key : null,
      freespins_count: spins?.freespins_count ?? 0,
      freespins_template: spins ? spins.key : null,
      chargeable_comp_points: p.comp_points,
      persistent_comp_points: p.comp_points,
    };
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return stored.sort((a, b) => a.award_place - b.award_place);
}

const budgetOf = (prizes: StoredPrize[]) => prizes.reduce((sum, p) => sum + p.money_award_cents, 0);

/** A tournament's row as the operator API and the back office write it (one shape for both doors). */
export function tournamentRow(body: OperatorTournamentRequest, prizes: StoredPrize[], now: Date) {
  return {
    title: body.title,
    description: body.description,
    translations: body.translations,
    frontendIdentifier: body.frontend_identifier,
    strategy: body.strategy,
    currencies: body.currencies,
    currency: body.currency,
    gameCategories: body.game_categories,
    providers: body.providers,
    groupIds: body.group_ids,
    confirmationRequired: body.user_confirmation_required,
    moneyBudgetCents: budgetOf(prizes),
    prizes,
    startAt: new Date(body.start_at),
    endAt: new Date(body.end_at),
    createdAt: now,
  } satisfies typeof promoTournaments.$inferInsert;
}

/** A lottery's row; its server seed is chosen here, once, and only its hash is shown until the draw. */
export function lotteryRow(body: OperatorLotteryRequest, prizes: StoredPrize[], now: Date) {
  const serverSeed = newServerSeed();
  return {
    slug: body.slug,
    title: body.title,
    description: body.description,
    translations: body.translations,
    currency: body.currency,
    groupIds: body.group_ids,
    compPointsTicketPrice: body.comp_points_ticket_price,
    depositScaleRules: body.deposit_scale_rules,
    maxTicketsPerPlayer: body.max_tickets_count_to_player,
    moneyBudgetCents: budgetOf(prizes),
    prizes,
    serverSeed,
    serverSeedHash: seedHash(serverSeed),
    startAt: new Date(body.start_at),
    endAt: new Date(body.end_at),
    createdAt: now,
  } satisfies typeof promoLotteries.$inferInsert;
}

/** A promotion created already over would only be finished empty by the end job. */
export function endsAhead(endAt: string, now: Date): void {
  if (Date.parse(endAt) <= now.getTime()) throw unprocessable('must_end_in_future', 'end_at');
}

export function operatorPromotionRoutes(
  tournaments: TournamentService,
  lotteries: LotteryService,
  bonuses: BonusGrants,
) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = operatorGuard(ctx.config.operatorToken);

    app.post(
      '/api/operator/tournaments',
      {
        onRequest,
        schema: {
          tags: ['operator'],
          summary: 'Creates a tournament, quest or achievement with its prize table',
          body: operatorTournamentRequestSchema,
          response: { 201: tournamentSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        endsAhead(body.end_at, ctx.clock.now());
        const prizes = storedPrizes(body.prizes, await bonuses.templates(), body.currencies);
        const [row] = await ctx.db
          .insert(promoTournaments)
          .values(tournamentRow(body, prizes, ctx.clock.now()))
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict('taken', 'frontend_identifier');
        reply.status(201);
        return tournaments.present(ctx.db, row, null);
      },
    );

    app.post(
      '/api/operator/lotteries',
      {
        onRequest,
        schema: {
          tags: ['operator'],
          summary: 'Creates a lottery; its server seed is chosen now and only its hash shown until the draw',
          body: operatorLotteryRequestSchema,
          response: { 201: lotterySchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        endsAhead(body.end_at, ctx.clock.now());
        const currencies = payoutCurrencies({ currency: body.currency, depositScaleRules: body.deposit_scale_rules });
        const prizes = storedPrizes(body.prizes, await bonuses.templates(), currencies);
        const [row] = await ctx.db
          .insert(promoLotteries)
          .values(lotteryRow(body, prizes, ctx.clock.now()))
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict('taken', 'slug');
        reply.status(201);
        return lotteries.present(ctx.db, row, null);
      },
    );
  };
}
