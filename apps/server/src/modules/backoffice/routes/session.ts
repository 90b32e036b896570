/** The operator's session: sign-in with two-factor, sign-out, who am I, two-factor setup. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backofficeMeSchema,
  backofficeSignInRequestSchema,
  backofficeTwoFactorConfirmRequestSchema,
  backofficeTwoFactorSetupSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { metaOf } from '../../identity';
import { allow, type Operators } from '../operators';
import { operatorCookie, requireSession, signedInOperator, type BackofficeGuard } from './guard';

export function sessionRoutes(operators: Operators, guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const secure = ctx.config.env === 'production';
    const tags = ['backoffice'];
    const setCookie = (reply: FastifyReply, token: string, maxAge: number) =>
      reply.header('set-cookie', operatorCookie(token, secure, maxAge));

    app.post(
      '/api/backoffice/sign_in',
      {
        schema: {
          tags,
          summary:
            "An operator's sign-in: email, password and the authenticator's code (omitted only before two-factor is set up)",
          body: backofficeSignInRequestSchema,
          response: { 200: backofficeMeSchema },
        },
      },
      async (request, reply) => {
        const { email, password, otp } = request.body;
        const meta = metaOf(request);
        const { token, me } = await operators.signIn(email, password, otp, { ip: meta.ip, userAgent: meta.userAgent });
        setCookie(reply, token, 12 * 3600);
        return me;
      },
    );

    app.post(
      '/api/backoffice/sign_out',
      { schema: { tags, summary: "Ends the operator's session", response: { 204: z.null() } } },
      async (request, reply) => {
        const signedIn = await signedInOperator(request, guard);
        if (signedIn) await operators.signOut(signedIn, request.ip);
        setCookie(reply, '', 0);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/backoffice/me',
      {
        onRequest: requireSession(guard),
        schema: {
          tags,
          summary: 'The signed-in operator, their role and permissions',
          response: { 200: backofficeMeSchema },
        },
      },
      async (request) => operators.meOf(allow(await signedInOperator(request, guard), null).operator),
    );

    app.post(
      '/api/backoffice/two_factor/setup',
      {
        onRequest: requireSession(guard),
        schema: {
          tags,
          summary: 'A new authenticator secret for an operator without two-factor (first sign-in)',
          response: { 200: backofficeTwoFactorSetupSchema },
        },
      },
      async (request) => operators.startTwoFactor(allow(await signedInOperator(request, guard), null).operator),
    );

    app.post(
      '/api/backoffice/two_factor/confirm',
      {
        onRequest: requireSession(guard),
        schema: {
          tags,
          summary: 'A code from the new secret turns two-factor on',
          body: backofficeTwoFactorConfirmRequestSchema,
          response: { 200: backofficeMeSchema },
        },
      },
      async (request) => {
        const signedIn = allow(await signedInOperator(request, guard), null);
        await operators.confirmTwoFactor(signedIn.operator, request.body.otp, request.ip);
        request.orbitOperator = undefined;
        const refreshed = await signedInOperator(request, guard);
        return operators.meOf(allow(refreshed, null).operator);
      },
    );
  };
}
