import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cashoutRequestSchema,
  cashoutReviewRequestSchema,
  cryptoAddressRequestSchema,
  cryptoAddressResponseSchema,
  depositRequestSchema,
  depositResponseSchema,
  paymentIdParamsSchema,
  paymentMethodsQuerySchema,
  paymentMethodsResponseSchema,
  paymentSchema,
  paymentsQuerySchema,
  paymentsResponseSchema,
  paymentsWithPagesRequestSchema,
  paymentsWithPagesResponseSchema,
  waitingDepositsResponseSchema,
  withdrawalQuerySchema,
  withdrawalRequestSchema,
  withdrawalResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { operatorGuard } from '../../platform/http/operator';
import { requirePlayer, withdrawalPlayer } from '../identity';
import { waitingDeposits } from './playthrough';
import { presentPayment, type CashboxService } from './service';
import { noStore } from '../../platform/http/no-store';

const cashbox = { tags: ['cashbox'] };

export function cashboxRoutes(service: CashboxService) {
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
        const { payment, redirectUrl } = await service.deposit(player, request.body);
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
      async (request) => service.cryptoAddress(await requirePlayer(request), request.body.currency),
    );

    // A player who may not sign in (cooling-off, self-exclusion) withdraws through the mailed link.
    app.get(
      '/api/cashbox/withdrawal',
      {
        schema: {
          ...cashbox,
          summary: "A withdrawal link's player: masked address, real money per account, cashout methods",
          querystring: withdrawalQuerySchema,
          response: { 200: withdrawalResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return service.withdrawal(await withdrawalPlayer(ctx.db, request.query.withdrawal_token, ctx.clock.now()));
      },
    );
    app.post(
      '/api/cashbox/withdrawal',
      {
        schema: {
          ...cashbox,
          summary: 'Requests a cashout through a withdrawal link (no session)',
          body: withdrawalRequestSchema,
          response: { 201: paymentSchema },
        },
      },
      async (request, reply) => {
        const { withdrawal_token: token, ...cashout } = request.body;
        const player = await withdrawalPlayer(ctx.db, token, ctx.clock.now());
        return reply.status(201).send(await service.cashout(player, cashout));
      },
    );

    app.post(
      '/api/cashbox/cashouts',
      {
        schema: {
          ...cashbox,
          summary: 'Requests a cashout: the amount is reserved until it is paid, recalled or rejected',
          body: cashoutRequestSchema,
          response: { 201: paymentSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.cashout(await requirePlayer(request), request.body)),
    );

    app.get(
      '/api/player/payments',
      {
        schema: {
          tags: ['player'],
          summary: "The player's payments, newest first",
          querystring: paymentsQuerySchema,
          response: { 200: paymentsResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const { page, page_size, currency, type } = request.query;
        reply.headers(noStore);
        return (await service.list(player.user.id, { currency, type }, page, page_size)).data;
      },
    );

    app.post(
      '/api/player/payments/with_pages',
      {
        schema: {
          tags: ['player'],
          summary: "The player's payments, paged",
          body: paymentsWithPagesRequestSchema,
          response: { 200: paymentsWithPagesResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        const { page, page_size, filter } = request.body;
        const { data, total } = await service.list(player.user.id, filter, page, page_size);
        return { data, pagination: { page, per_page: page_size, total_count: total } };
      },
    );

    app.post(
      '/api/player/payments/:id/recall',
      {
        schema: {
          tags: ['player'],
          summary: 'Recalls a pending cashout: the money returns to the balance',
          params: paymentIdParamsSchema,
          response: { 200: paymentSchema },
        },
      },
      async (request) => service.recall(await requirePlayer(request), request.params.id),
    );

    app.post(
      '/api/player/payments/:id/check',
      {
        schema: {
          tags: ['player'],
          summary: 'Asks the PSP where a payment stands (the page calls it on return from the PSP)',
          params: paymentIdParamsSchema,
          response: { 200: paymentSchema },
        },
      },
      async (request) => service.check(await requirePlayer(request), request.params.id),
    );

    // The PSP's notifications: the signature is over the raw body, so this route keeps it as text.
    await app.register(async (webhooks) => {
      webhooks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: 256 * 1024 },
        (_request, body, done) => done(null, body),
      );
      webhooks.post(
        '/api/cashbox/webhooks/:provider',
        { config: { csrf: false }, schema: { hide: true } },
        async (request, reply) => {
          const { provider } = request.params as { provider: string };
          if (provider !== service.provider) throw notFound();
          const ok = await service.notify(typeof request.body === 'string' ? request.body : '', request.headers);
          if (!ok) throw new AppError(401, 'invalid_signature');
          return reply.status(200).send({ received: true });
        },
      );
    });

    const operator = { tags: ['operator'], onRequest: operatorGuard(ctx.config.operatorToken) };
    app.get(
      '/api/operator/cashouts',
      {
        onRequest: operator.onRequest,
        schema: {
          tags: operator.tags,
          summary: 'Open cashouts, oldest first (Authorization: Bearer OPERATOR_TOKEN)',
          response: { 200: paymentsResponseSchema },
        },
      },
      () => service.pendingCashouts(),
    );
    app.post(
      '/api/operator/payments/:id/review',
      {
        onRequest: operator.onRequest,
        config: { csrf: false },
        schema: {
          tags: operator.tags,
          summary: 'Approves or rejects a pending cashout',
          params: paymentIdParamsSchema,
          body: cashoutReviewRequestSchema,
          response: { 200: paymentSchema },
        },
      },
      async (request) => {
        const { decision, reason } = request.body;
        const row =
          decision === 'approve'
            ? await service.approve(request.params.id)
            : await service.reject(request.params.id, reason);
        if (!row) throw new AppError(409, 'not_pending');
        return presentPayment(row);
      },
    );
  };
}
