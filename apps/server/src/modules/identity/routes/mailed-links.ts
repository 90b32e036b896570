import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmationQuerySchema,
  emptyResponseSchema,
  passwordChangeRequestSchema,
  passwordResetRequestSchema,
  resendConfirmationRequestSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { requireCaptcha, type CaptchaVerifier } from '../captcha';
import { clearedSessionCookie } from '../cookies';
import type { IdentityService } from '../service';

/** What the mailed links do: confirm the address, set a new password; and mailing them again. */
export function mailedLinkRoutes(service: IdentityService, captcha: CaptchaVerifier) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const secure = ctx.config.env === 'production';
    const auth = { tags: ['auth'] };

    app.get(
      '/api/users/confirmation',
      {
        schema: {
          ...auth,
          summary: 'Confirm the email address with the mailed token',
          querystring: confirmationQuerySchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await service.confirm(request.query.confirmation_token);
        return {};
      },
    );

    app.post(
      '/api/users/confirmation',
      {
        schema: {
          ...auth,
          summary: 'Mail a new confirmation link (answers the same whether or not the address is registered)',
          body: resendConfirmationRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await requireCaptcha(captcha, request.body.user.captcha, { ip: request.ip });
        await service.resendConfirmation(request.body.user.email, request.ip);
        return {};
      },
    );

    app.post(
      '/api/users/password',
      {
        schema: {
          ...auth,
          summary: 'Mail a password reset link (answers the same whether or not the address is registered)',
          body: passwordResetRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await requireCaptcha(captcha, request.body.user.captcha, { ip: request.ip });
        await service.requestPasswordReset(request.body.user.email, request.ip);
        return {};
      },
    );

    app.put(
      '/api/users/password',
      {
        schema: {
          ...auth,
          summary: 'Set a new password with the mailed token; ends every session',
          body: passwordChangeRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request, reply) => {
        const { reset_password_token, password } = request.body.user;
        await service.resetPassword(reset_password_token, password);
        reply.header('set-cookie', clearedSessionCookie(secure));
        return {};
      },
    );
  };
}
