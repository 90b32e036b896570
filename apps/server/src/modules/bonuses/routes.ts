import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bonusCancelInfoSchema,
  bonusIdParamsSchema,
  bonusOffersResponseSchema,
  bonusTemplateInputSchema,
  bonusTemplateSchema,
  bonusTemplatesResponseSchema,
  couponRequestSchema,
  couponResponseSchema,
  grantBonusRequestSchema,
  playerBonusesResponseSchema,
  playerBonusSchema,
  playerFreespinSchema,
  playerFreespinsResponseSchema,
  promoCodeRequestSchema,
  promoCodeResponseSchema,
  setBonusCodeRequestSchema,
  updateBonusSettingsRequestSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { operatorGuard } from '../../platform/http/operator';
import { requestLocale } from '../cms';
import { requirePlayer, type CurrentPlayer } from '../identity';
import { DEFAULT_CURRENCY, listAccounts } from '../wallet';
import type { FreespinsService } from './freespins';
import type { BonusesService } from './service';
import { noStore } from '../../platform/http/no-store';

const tags = ['bonuses'];
const settingsSchema = z.object({ deposit_bonus_code: z.string().nullable(), can_issue_bonuses: z.boolean() });

export function bonusesRoutes(service: BonusesService, freespins: FreespinsService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    /** The currency the player plays in now (their active account). */
    const activeCurrency = async (player: CurrentPlayer): Promise<string> =>
      (await listAccounts(ctx.db, player.user.id)).find((a) => a.active)?.currency ?? player.user.currency;

    app.get(
      '/api/player/bonuses',
      {
        schema: { tags, summary: "The player's bonuses, newest first", response: { 200: playerBonusesResponseSchema } },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.list(player.user.id, requestLocale(request));
      },
    );
    app.get(
      '/api/player/bonuses/:id/cancel_info',
      {
        schema: {
          tags,
          summary: 'What cancelling the bonus would remove and what stays withdrawable',
          params: bonusIdParamsSchema,
          response: { 200: bonusCancelInfoSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.cancelInfo(player.user.id, request.params.id);
      },
    );
    app.post(
      '/api/player/bonuses/:id/activation',
      {
        schema: {
          tags,
          summary: 'Activates an issued bonus: its money moves to the bonus balance and wagering starts',
          params: bonusIdParamsSchema,
          response: { 200: playerBonusSchema },
        },
      },
      async (request) => service.activate((await requirePlayer(request)).user.id, request.params.id),
    );
    app.delete(
      '/api/player/bonuses/:id',
      {
        schema: {
          tags,
          summary: 'Cancels a bonus: its bonus money and winnings are forfeited',
          params: bonusIdParamsSchema,
          response: { 200: playerBonusSchema },
        },
      },
      async (request) => service.cancel((await requirePlayer(request)).user.id, request.params.id),
    );

    app.get(
      '/api/player/freespins',
      {
        schema: {
          tags,
          summary: "The player's free spins, newest first",
          response: { 200: playerFreespinsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return freespins.list(player.user.id, requestLocale(request));
      },
    );
    app.post(
      '/api/player/freespins/:id/activation',
      {
        schema: {
          tags,
          summary: 'Activates free spins: the studio offers them in their games',
          params: bonusIdParamsSchema,
          response: { 200: playerFreespinSchema },
        },
      },
      async (request) => freespins.activate((await requirePlayer(request)).user.id, request.params.id),
    );
    app.delete(
      '/api/player/freespins/:id',
      {
        schema: {
          tags,
          summary: 'Cancels free spins: the spins left are withdrawn and their wins so far are not paid',
          params: bonusIdParamsSchema,
          response: { 200: playerFreespinSchema },
        },
      },
      async (request) => freespins.cancel((await requirePlayer(request)).user.id, request.params.id),
    );

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
      async (request) => service.registrationOffers(request.query.currency ?? DEFAULT_CURRENCY, requestLocale(request)),
    );
    app.delete(
      '/api/bonuses/registration/:id',
      { schema: { tags, summary: 'Declines a registration gift not yet activated', params: bonusIdParamsSchema } },
      async (request, reply) => {
        await service.declineRegistration((await requirePlayer(request)).user.id, request.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/api/bonuses/deposit',
      {
        schema: {
          tags,
          summary: "The deposit offers for the player's next deposit",
          response: { 200: bonusOffersResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.depositOffers(
          player.user.id,
          await activeCurrency(player),
          player.groupIds,
          requestLocale(request),
        );
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
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.depositOffers(
          player.user.id,
          await activeCurrency(player),
          player.groupIds,
          requestLocale(request),
        );
      },
    );
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

    // ---- operator --------------------------------------------------------------------------------
    const operator = { tags: ['operator'], onRequest: operatorGuard(ctx.config.operatorToken) };
    app.get(
      '/api/operator/bonus_templates',
      {
        onRequest: operator.onRequest,
        schema: {
          tags: operator.tags,
          summary: 'The bonus templates',
          response: { 200: bonusTemplatesResponseSchema },
        },
      },
      () => service.templates(),
    );
    app.put(
      '/api/operator/bonus_templates/:key',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Creates or changes a bonus template (bonuses already given keep their terms)',
          params: z.object({ key: z.string() }),
          body: bonusTemplateInputSchema.omit({ key: true }),
          response: { 200: bonusTemplateSchema },
        },
      },
      (request) => service.saveTemplate({ ...request.body, key: request.params.key }),
    );
    app.delete(
      '/api/operator/bonus_templates/:key',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Retires a bonus template: no longer offered',
          params: z.object({ key: z.string() }),
          response: { 200: bonusTemplateSchema },
        },
      },
      (request) => service.retireTemplate(request.params.key),
    );
    app.post(
      '/api/operator/players/:id/bonuses',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Gives a player a bonus from a template',
          params: bonusIdParamsSchema,
          body: grantBonusRequestSchema,
          response: { 200: playerBonusSchema },
        },
      },
      (request) =>
        service.grant(
          request.params.id,
          request.body.template_key,
          request.body.currency,
          request.body.idempotency_key,
          request.body.amount_cents,
        ),
    );
    app.post(
      '/api/operator/players/:id/freespins',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Gives a player free spins from a free-spins template',
          params: bonusIdParamsSchema,
          body: grantBonusRequestSchema.omit({ amount_cents: true }),
          response: { 200: playerFreespinSchema },
        },
      },
      (request) =>
        service.grantFreespins(
          request.params.id,
          request.body.template_key,
          request.body.currency,
          request.body.idempotency_key,
        ),
    );
  };
}
