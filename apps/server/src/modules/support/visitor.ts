/**
 * The visitor's chat cookie (docs/support.md "Visitors"): `orbit_chat`, whose value is the
 * visitor's restore id (24 random bytes, base64url: 32 characters). The server keeps only its
 * SHA-256 as the conversation's `visitor_key`, so a copy of the database opens no conversation.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { supportRestoreIdSchema } from '@orbit/contracts';
import type { Config } from '../../platform/config';
import { cookieOf } from '../identity';

export const CHAT_COOKIE = 'orbit_chat';
/** The cookie lasts a year: a visitor who comes back finds their conversation. */
const CHAT_COOKIE_MAX_AGE = 365 * 24 * 3600;

export const newRestoreId = (): string => randomBytes(24).toString('base64url');

/** The key a visitor's conversations are stored under: SHA-256 (hex) of the restore id. */
export const visitorKeyOf = (restoreId: string): string => createHash('sha256').update(restoreId).digest('hex');

/**
 * What the request's chat cookie holds: nothing, a restore id of the right shape, or something
 * else (`forged`: cleared by the answer, never used).
 */
export type ChatCookie = { kind: 'none' } | { kind: 'restore_id'; restoreId: string } | { kind: 'forged' };

export function chatCookieOf(request: FastifyRequest): ChatCookie {
  const raw = (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${CHAT_COOKIE}=`));
  if (!raw) return { kind: 'none' };
  const value = cookieOf(request, CHAT_COOKIE);
  return value !== undefined && supportRestoreIdSchema.safeParse(value).success
    ? { kind: 'restore_id', restoreId: value }
    : { kind: 'forged' };
}

/** Secure when the casino is served over https (the request's scheme as the trusted proxy tells it, or PUBLIC_URL's). */
const secureFor = (config: Config, request: FastifyRequest): boolean =>
  request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false);

/** HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it), the whole site, a year. */
export function setChatCookie(reply: FastifyReply, config: Config, restoreId: string): void {
  const secure = secureFor(config, reply.request);
  reply.header(
    'set-cookie',
    [
      `${CHAT_COOKIE}=${restoreId}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${CHAT_COOKIE_MAX_AGE}`,
      ...(secure ? ['Secure'] : []),
    ].join('; '),
  );
}

export function clearChatCookie(reply: FastifyReply, config: Config): void {
  const secure = secureFor(config, reply.request);
  reply.header(
    'set-cookie',
    [`${CHAT_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; '),
  );
}
