import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emptyResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorRecoveryCodesLeftResponseSchema,
  twoFactorRecoveryCodesRequestSchema,
  twoFactorRecoveryCodesResponseSchema,
  twoFactorSetupResponseSchema,
} from '@orbit/contracts';
import { z } from 'zod';
import { requirePlayer } from '../session';
import type { IdentityService } from '../service';
import { metaOf } from './request';

const player = { tags: ['player'] };

/** Two-factor sign-in turned on and off. */
export function twoFactorRoutes(service: IdentityService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/v2/player/two_factor',
      {
        schema: {
          ...player,
          summary: 'A new TOTP secret and its QR code (PNG data URL); 204 when two-factor is already on',
          response: { 200: twoFactorSetupResponseSchema, 204: z.null().describe('two-factor is already on') },
        },
      },
      async (request, reply) => {
        const setup = await service.twoFactorSetup((await requirePlayer(request)).user);
        // The secret must not linger in any cache.
        reply.header('cache-control', 'no-store');
        if (!setup) return reply.status(204).send(null);
        return setup;
      },
    );

    app.post(
      '/api/v2/player/two_factor',
      {
        schema: {
          ...player,
          summary:
            'Turn two-factor on: the secret from the GET and a code from it; answers the 10 recovery codes, once',
          body: twoFactorEnableRequestSchema,
          response: { 200: twoFactorEnableResponseSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        const { otp_secret, authentication_code } = request.body.two_factor;
        const recoveryCodes = await service.enableTwoFactor(user, otp_secret, authentication_code);
        // The codes are shown once and must not linger in any cache.
        reply.header('cache-control', 'no-store');
        return { recovery_codes: recoveryCodes };
      },
    );

    app.delete(
      '/api/v2/player/two_factor',
      {
        schema: {
          ...player,
          summary: 'Turn two-factor off with a current code or a recovery code; deletes the recovery codes',
          body: twoFactorDisableRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        const { user } = await requirePlayer(request);
        await service.disableTwoFactor(user, request.body.two_factor.authentication_code, metaOf(request));
        return {};
      },
    );
  };
}

/** The two-factor recovery codes: how many are left, and new ones. */
export function recoveryCodeRoutes(service: IdentityService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/v2/player/two_factor/recovery_codes',
      {
        schema: {
          ...player,
          summary: 'How many recovery codes are still unused (never the codes)',
          response: { 200: twoFactorRecoveryCodesLeftResponseSchema },
        },
      },
      async (request, reply) => {
        const left = await service.recoveryCodesLeft((await requirePlayer(request)).user);
        reply.header('cache-control', 'no-store');
        return { left };
      },
    );

    app.post(
      '/api/v2/player/two_factor/recovery_codes',
      {
        schema: {
          ...player,
          summary:
            'Replace all recovery codes with 10 new ones (a current code or a recovery code); answers them, once',
          body: twoFactorRecoveryCodesRequestSchema,
          response: { 200: twoFactorRecoveryCodesResponseSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requirePlayer(request);
        const recoveryCodes = await service.renewRecoveryCodes(
          user,
          request.body.two_factor.authentication_code,
          metaOf(request),
        );
        reply.header('cache-control', 'no-store');
        return { recovery_codes: recoveryCodes };
      },
    );
  };
}
