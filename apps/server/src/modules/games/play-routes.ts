import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gameRoundDetailSchema,
  gameRoundParamsSchema,
  gameRoundsQuerySchema,
  gameRoundsResponseSchema,
  launchParamsSchema,
  launchRequestSchema,
  launchResponseSchema,
  missingPlayerFields,
  WALLET_SIGNATURE_HEADER,
  walletActionSchema,
  walletAuthenticateRequestSchema,
  walletBalanceRequestSchema,
  walletBetRequestSchema,
  walletRollbackRequestSchema,
  walletFreespinRequestSchema,
  walletWinRequestSchema,
  type WalletErrorResponse,
} from '@orbit/contracts';
import { eq } from 'drizzle-orm';
import type { ModuleContext } from '../../platform/context';
import { publicBase } from '../../platform/config';
import { notFound } from '../../platform/errors';
import { operatorGuard } from '../../platform/http/operator';
import { newToken } from '../../platform/tokens';
import { licenceOf, refuseBlockedCountry } from '../cms';
import { currentPlayer, requirePlayer, toPlayer } from '../identity';
import type { PlayService } from './play';
import { isMarkedExcluded } from '../../platform/http/exclusion-mark';
import { ProviderWallet, walletError, WalletError } from './provider-wallet';
import { providers } from './schema';
import { noStore } from '../../platform/http/no-store';

/** `catalogueChanged`: what a provider's change tells (this process's caches, the other instances). */
export function playRoutes(play: PlayService, wallet: ProviderWallet, catalogueChanged: () => void) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/games/:id/launch',
      {
        schema: {
          tags: ['games'],
          summary: "A one-time URL of the game's page: real play (signed in) or demo (anyone, where the game has it)",
          params: launchParamsSchema,
          body: launchRequestSchema,
          response: { 200: launchResponseSchema },
        },
      },
      async (request, reply) => {
        // Real money is not played from a blocked country (451); demo play stays open to everyone.
        if (request.body.mode !== 'demo') refuseBlockedCountry(request, ctx.config);
        const session = await currentPlayer(request);
        const base = publicBase(ctx.config);
        const player = session
          ? {
              userId: session.user.id,
              sessionId: session.session.id,
              nickname: session.user.nickname ?? session.user.email.split('@')[0]!,
              language: session.user.language,
            }
          : null;
        reply.headers(noStore);
        return play.launch(player, request.params.id, request.body.mode, {
          lang: request.body.lang,
          licence: await licenceOf(request, ctx.config),
          excludedDevice: isMarkedExcluded(request, ctx.clock.now()),
          lobbyUrl: `${base}/`,
          depositUrl: `${base}/deposit`,
          // The game's provider may need details first (docs/rules/fields.md "Before real play").
          ...(session && {
            missingFields: (provider: string) =>
              missingPlayerFields(toPlayer(session.user), ctx.config.providerPlayerFields[provider] ?? []),
          }),
        });
      },
    );

    app.get(
      '/api/player/game_rounds',
      {
        schema: {
          tags: ['player'],
          summary: "The player's game rounds, newest first, paged and filtered",
          querystring: gameRoundsQuerySchema,
          response: { 200: gameRoundsResponseSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        reply.headers(noStore);
        return play.rounds(user.id, request.query);
      },
    );
    app.get(
      '/api/player/game_rounds/:id',
      {
        schema: {
          tags: ['player'],
          summary: 'One round for recall: transactions, outcome and provably fair inputs',
          params: gameRoundParamsSchema,
          response: { 200: gameRoundDetailSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        reply.headers(noStore);
        return play.round(user.id, request.params.id);
      },
    );

    // The providers' wallet calls: signed over the raw body, so the body is kept as bytes.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 256 * 1024 },
        (_request, body, done) => done(null, body),
      );
      scope.post(
        '/api/wallet/:provider/:action',
        { config: { csrf: false }, schema: { hide: true } },
        async (request, reply) => {
          const { provider: identifier, action } = request.params as { provider: string; action: string };
          try {
            const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
            const signature = request.headers[WALLET_SIGNATURE_HEADER];
            const provider = await wallet.verify(
              identifier,
              raw,
              typeof signature === 'string' ? signature : undefined,
            );
            const parsedAction = walletActionSchema.safeParse(action);
            if (!parsedAction.success) throw walletError('invalid_request');
            let body: unknown;
            try {
              body = JSON.parse(raw.toString('utf8'));
            } catch {
              throw walletError('invalid_request');
            }
            switch (parsedAction.data) {
              case 'authenticate':
                return await wallet.authenticate(provider, parse(walletAuthenticateRequestSchema, body), newToken());
              case 'balance':
                return await wallet.balance(provider, parse(walletBalanceRequestSchema, body));
              case 'bet':
                return await wallet.bet(provider, parse(walletBetRequestSchema, body));
              case 'win':
                return await wallet.win(provider, parse(walletWinRequestSchema, body));
              case 'rollback':
                return await wallet.rollback(provider, parse(walletRollbackRequestSchema, body));
              case 'freespin':
                return await wallet.freespin(provider, parse(walletFreespinRequestSchema, body));
            }
          } catch (error) {
            return sendWalletError(reply, error, request.log);
          }
        },
      );
    });

    // Registering a provider needs no code: its secret and game page are data.
    app.put(
      '/api/operator/providers/:identifier',
      {
        onRequest: operatorGuard(ctx.config.operatorToken),
        config: { csrf: false },
        schema: {
          tags: ['operator'],
          summary: "Sets a provider's wallet secret, game page and state (Authorization: Bearer OPERATOR_TOKEN)",
          params: z.object({ identifier: z.string().max(100) }),
          body: providerSettingsSchema,
          response: {
            200: z.object({
              identifier: z.string(),
              launchable: z.boolean(),
              enabled: z.boolean(),
              launch_url: z.string().nullable(),
              freespins_url: z.string().nullable(),
            }),
          },
        },
      },
      async (request) => {
        const b = request.body;
        const [row] = await ctx.db
          .update(providers)
          .set({
            ...(b.wallet_secret !== undefined ? { walletSecret: b.wallet_secret } : {}),
            ...(b.launch_url !== undefined ? { launchUrl: b.launch_url } : {}),
            ...(b.freespins_url !== undefined ? { freespinsUrl: b.freespins_url } : {}),
            ...(b.launchable !== undefined ? { launchable: b.launchable } : {}),
            ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
          })
          .where(eq(providers.identifier, request.params.identifier))
          .returning();
        if (!row) throw notFound();
        catalogueChanged();
        return {
          identifier: row.identifier,
          launchable: row.launchable,
          enabled: row.enabled,
          launch_url: row.launchUrl,
          freespins_url: row.freespinsUrl,
        };
      },
    );
  };
}

const providerSettingsSchema = z.object({
  wallet_secret: z.string().min(32, 'too_short').max(200, 'too_long').optional(),
  launch_url: z
    .string()
    .min(1)
    .max(500, 'too_long')
    .refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'invalid_url')
    .optional(),
  freespins_url: z
    .string()
    .min(1)
    .max(500, 'too_long')
    .refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'invalid_url')
    .nullable()
    .optional(),
  launchable: z.boolean().optional(),
  enabled: z.boolean().optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw walletError('invalid_request');
  return parsed.data;
}

function sendWalletError(
  reply: FastifyReply,
  error: unknown,
  log: { error(o: object, m: string): void },
): FastifyReply {
  if (error instanceof WalletError) {
    const body: WalletErrorResponse = { status: 'error', code: error.code, ...(error.balance ?? {}) };
    return reply.status(error.status).send(body);
  }
  log.error({ err: error }, 'wallet call failed');
  return reply.status(500).send({ status: 'error', code: 'internal_error' } satisfies WalletErrorResponse);
}
