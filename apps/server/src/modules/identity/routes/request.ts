/** What the identity's routes share: where a request comes from, and the answer to a sign-in. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../../platform/context';
import { fromTrustedProxy } from '../../../platform/http/proxy';
import { visitorCountry } from '../../cms';
import { clearedPendingTwoFactorCookie, sessionCookie } from '../cookies';
import { presentPlayer } from '../profile';
import type { RequestMeta, SignedIn } from '../service';

/** A header's first value. */
export const firstHeader = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Where the request comes from; the country from a trusted edge's header or the address (cms/geo.ts). */
export function metaOf(request: FastifyRequest): RequestMeta {
  const country = visitorCountry(request, fromTrustedProxy(request));
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null, country };
}

/** Answers a sign-in: the session cookie set (the pending two-factor one cleared with it) and the player. */
export function signedInAnswer(ctx: ModuleContext) {
  const secure = ctx.config.env === 'production';
  return (reply: FastifyReply, result: SignedIn, clearPending = false) => {
    reply.header(
      'set-cookie',
      clearPending
        ? [sessionCookie(result.token, secure), clearedPendingTwoFactorCookie(secure)]
        : sessionCookie(result.token, secure),
    );
    // With groups, tier and the terms rule (profile.ts).
    return presentPlayer(ctx.db, result.user, ctx.config);
  };
}
