import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableBonusesResponseSchema,
  bonusIdParamsSchema,
  bonusOfferKeyParamsSchema,
  bonusOfferSchema,
  bonusOffersResponseSchema,
  couponRequestSchema,
  couponResponseSchema,
  promoCodeRequestSchema,
  promoCodeResponseSchema,
  setBonusCodeRequestSchema,
  updateBonusSettingsRequestSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { requestLocale } from '../../cms';
import { currentPlayer, requirePlayer, type CurrentPlayer } from '../../identity';
import { DEFAULT_CURRENCY, listAccounts } from '../../wallet';
import type { BonusIssuing } from '../issuing';
import type { BonusTemplates } from '../templates';
import { noStore } from '../../../platform/http/no-store';

const tags = ['bonuses'];
const settingsSchema = z.object({ deposit_bonus_code: z.string().nullable(), can_issue_bonuses: z.boolean() });
/** The currency the player plays in now (their active account). */
const activeCurrencyOf =
  (ctx: ModuleContext) =>
  async (player: CurrentPlayer): Promise<string> =>
    (await listAccounts(ctx.db, player.user.id)).find((a) => a.active)?.currency ?? player.user.currency;

/** The offers a player may take: registration gifts (declined too) and the next deposit's offers. */
export function bonusOfferRoutes(offers: BonusTemplates, service: BonusIssuing) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const activeCurrency = activeCurrencyOf(ctx);
    app.get(
      '/api/bonuses/registration',
      {
        schema: {
          tags,
          summary: 'The registration gifts a new player in this currency gets (guests too)',
          querystring: z.object({
            currency: z
              .string()
              .regex(/^[A-Z]{3,5}$/)
              .optional(),
          }),
          response: { 200: bonusOffersResponseSchema },
        },
      },
      async (request) => offers.registrationOffers(request.query.currency ?? DEFAULT_CURRENCY, requestLocale(request)),
    );
    // The single bonus page (docs/rules/content-pages.md "Bonus page"): an offer open to everyone.
    app.get(
      '/api/bonuses/offers/:key',
      {
        schema: {
          tags,
          summary: 'One offer open to everyone, by its key (the single bonus page; guests too)',
          params: bonusOfferKeyParamsSchema,
          querystring: z.object({
            currency: z
              .string()
              .regex(/^[A-Z]{3,5}$/, { error: 'invalid' })
              .optional(),
          }),
          response: { 200: bonusOfferSchema },
        },
      },
      async (request) => {
        const offer = await offers.publicOffer(
          request.params.key,
          request.query.currency ?? DEFAULT_CURRENCY,
          requestLocale(request),
        );
        if (!offer) throw notFound();
        return offer;
      },
    );
    app.delete(
      '/api/bonuses/registration/:id',
      { schema: { tags, summary: 'Declines a registration gift not yet activated', params: bonusIdParamsSchema } },
      async (request, reply) => {
        await service.declineRegistration((await requirePlayer(request)).user.id, request.params.id);
        return reply.status(204).send();
      },
    );
    // The next deposit's offers, under both paths the front ends of this API family call.
    const nextDepositOffers = async (request: FastifyRequest, reply: FastifyReply) => {
      const player = await requirePlayer(request);
      reply.headers(noStore);
      return offers.depositOffers(
        player.user.id,
        await activeCurrency(player),
        player.groupIds,
        requestLocale(request),
      );
    };
    app.get(
      '/api/bonuses/deposit',
      {
        schema: {
          tags,
          summary: "The deposit offers for the player's next deposit",
          response: { 200: bonusOffersResponseSchema },
        },
      },
      nextDepositOffers,
    );
    // Whether there is anything to take: a guest, the registration gifts of the default currency;
    // a player who allows bonuses, the next deposit's offers (docs/bonuses.md "Offers").
    app.get(
      '/api/bonuses/available_bonuses',
      {
        schema: {
          tags,
          summary: 'Whether the visitor or player has an offer to take now',
          response: { 200: availableBonusesResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const player = await currentPlayer(request);
        const locale = requestLocale(request);
        if (!player)
          return { available_bonuses: (await offers.registrationOffers(DEFAULT_CURRENCY, locale)).length > 0 };
        if (!player.user.canIssueBonuses) return { available_bonuses: false };
        const next = await offers.depositOffers(player.user.id, await activeCurrency(player), player.groupIds, locale);
        return { available_bonuses: next.length > 0 };
      },
    );
    app.get(
      '/api/v2/bonuses',
      {
        schema: {
          tags,
          summary: 'The offers the player can take now (deposit offers of the next deposit)',
          response: { 200: bonusOffersResponseSchema },
        },
      },
      nextDepositOffers,
    );
  };
}

/** Gifts by a promo code or a coupon. */
export function bonusCodeRoutes(service: BonusIssuing) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const activeCurrency = activeCurrencyOf(ctx);
    app.post(
      '/api/v2/bonuses/promo-code',
      {
        schema: {
          tags,
          summary: 'A gift by its promo code',
          body: promoCodeRequestSchema,
          response: { 200: promoCodeResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        return service.promoCode(player.user.id, await activeCurrency(player), player.groupIds, request.body.code);
      },
    );
    app.post(
      '/api/bonuses/coupon',
      {
        schema: {
          tags,
          summary: 'Activates a coupon',
          body: couponRequestSchema,
          response: { 200: couponResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        return service.coupon(player.user.id, await activeCurrency(player), player.groupIds, request.body.coupon_code);
      },
    );
  };
}

/** The player's bonus settings: the next deposit's offer, and bonuses on or off. */
export function bonusSettingsRoutes(service: BonusIssuing) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const activeCurrency = activeCurrencyOf(ctx);
    app.patch(
      '/api/player/set_bonus_code',
      {
        schema: {
          tags,
          summary: 'Chooses the deposit offer (by its code) the next deposit takes',
          body: setBonusCodeRequestSchema,
          response: { 200: settingsSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        return service.setDepositCode(
          player.user.id,
          await activeCurrency(player),
          player.groupIds,
          request.body.deposit_bonus_code,
        );
      },
    );
    app.delete(
      '/api/player/clear_bonus_code',
      { schema: { tags, summary: 'The next deposit takes no deposit offer', response: { 200: settingsSchema } } },
      async (request) => service.clearDepositCode((await requirePlayer(request)).user.id),
    );
    app.patch(
      '/api/player/update_bonus_settings',
      {
        schema: {
          tags,
          summary: 'Turns bonuses on or off for the player',
          body: updateBonusSettingsRequestSchema,
          response: { 200: settingsSchema },
        },
      },
      async (request) => service.changeCanIssue((await requirePlayer(request)).user.id, request.body.can_issue),
    );
  };
}
