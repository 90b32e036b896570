import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cryptoAddressRequestSchema,
  cryptoAddressResponseSchema,
  depositRequestSchema,
  depositResponseSchema,
  paymentMethodsQuerySchema,
  paymentMethodsResponseSchema,
  waitingDepositsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { refuseBlockedCountry, requestLocale } from '../../cms';
import { requirePlayer } from '../../identity';
import { publishThreeDsChallenge } from '../live';
import { waitingDeposits } from '../playthrough';
import type { CashboxService } from '../service';
import { noStore } from '../../../platform/http/no-store';

const cashbox = { tags: ['cashbox'] };

/** Deposits: the methods, starting one, the deposits a cashout would give up, a crypto address. */
export function depositRoutes(service: CashboxService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/cashbox/methods',
      {
        schema: {
          ...cashbox,
          summary: 'Payment methods for a currency and an action',
          querystring: paymentMethodsQuerySchema,
          response: { 200: paymentMethodsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return service.methods(player, request.query.action, request.query.currency);
      },
    );

    app.post(
      '/api/cashbox/deposits',
      {
        schema: {
          ...cashbox,
          summary: "Starts a deposit; answers the PSP's page to send the player to",
          body: depositRequestSchema,
          response: { 201: depositResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        // A player in a blocked country deposits nothing (451); their withdrawals stay open.
        refuseBlockedCountry(request, ctx.config);
        const { payment, redirectUrl, challenge } = await service.deposit(player, request.body, requestLocale(request));
        // The card asks for its 3-D Secure challenge: the player's other tabs hear it too (live.ts).
        if (challenge && redirectUrl) await publishThreeDsChallenge(ctx, player.user.id, payment, redirectUrl);
        return reply.status(201).send({ payment, redirect_url: redirectUrl });
      },
    );

    // What a cashout now would give up, and what the wheel's and lotteries' pages wait for.
    app.get(
      '/api/cashbox/deposits/waiting',
      {
        schema: {
          ...cashbox,
          summary: "The player's deposits not yet played through (their rewards wait for it), oldest first",
          response: { 200: waitingDepositsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return { deposits: await waitingDeposits(ctx.db, player.user.id) };
      },
    );

    app.post(
      '/api/cashbox/crypto_address',
      {
        schema: {
          ...cashbox,
          summary: "The player's deposit address in a crypto currency, with its QR code",
          body: cryptoAddressRequestSchema,
          response: { 200: cryptoAddressResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        // A deposit address is a deposit's start: not in a blocked country.
        refuseBlockedCountry(request, ctx.config);
        return service.cryptoAddress(player, request.body.currency);
      },
    );
  };
}
