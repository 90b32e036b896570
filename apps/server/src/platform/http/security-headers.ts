import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type SecurityHeaderSettings = {
  /** Sites allowed to frame the casino besides itself (FRAME_ANCESTORS): origins such as `https://bet.casino.example`. */
  frameAncestors: readonly string[];
  /** HSTS: the casino's public address is https. */
  https: boolean;
  /**
   * The session cookies' names (the player's, the back office operator's): a request carrying one
   * gets a signed-in answer, never to be stored.
   */
  sessionCookies: readonly string[];
};

/**
 * The security headers of every answer, set in one place (docs/security.md):
 * - `X-Content-Type-Options: nosniff`;
 * - `Content-Security-Policy` `frame-ancestors 'self'` plus the configured sibling sites (no other
 *   site may frame the casino), `base-uri 'self'`, `object-src 'none'` and `script-src 'self'`
 *   (scripts only from the casino's own files: the studio's games, the API docs), unless the
 *   route set a policy of its own: the server-rendered pages set `pagePolicy` with their nonce;
 * - `Referrer-Policy: strict-origin-when-cross-origin`, and `no-referrer` on addresses that carry
 *   a token in their query (password reset, withdrawal link, limit confirmation, email confirmation):
 *   the token must not leave in a Referer;
 * - `Strict-Transport-Security` when the public address is https;
 * - `Cache-Control: no-store` on every answer to a request with a player's or an operator's session
 *   cookie, unless the route chose its own caching (static files).
 */
export function installSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings): void {
  const policy = contentSecurityPolicy(settings.frameAncestors, "script-src 'self'");
  const sessionCookie = new RegExp(`(?:^|;\\s*)(?:${settings.sessionCookies.join('|')})=`);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    reply.header('referrer-policy', carriesToken(request.url) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    if (settings.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (sessionCookie.test(request.headers.cookie ?? '') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}

/** Whether an address carries a token in its query (`reset_password_token=`, `withdrawal_token=`, `token=` …). */
export function carriesToken(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && /(?:^|[&?])[a-z_]*token=/i.test(url.slice(query));
}

/** The policy of every answer, with the script rule given (none: no script rule at all). */
export function contentSecurityPolicy(frameAncestors: readonly string[], scriptSrc: string | null): string {
  return [
    `frame-ancestors 'self'${frameAncestors.map((o) => ` ${o}`).join('')}`,
    "base-uri 'self'",
    "object-src 'none'",
    ...(scriptSrc ? [scriptSrc] : []),
  ].join('; ');
}

/** A fresh nonce for one server-rendered page's inline scripts (128 random bits). */
export const newScriptNonce = (): string => randomBytes(16).toString('base64');

/**
 * A server-rendered page's policy: its own files and the inline scripts it carries (loader data,
 * hydration), each marked with this response's nonce; nothing else runs. In development (Vite's
 * live reload injects scripts of its own) no script rule is set.
 */
export function pagePolicy(frameAncestors: readonly string[], nonce: string | null): string {
  return contentSecurityPolicy(frameAncestors, nonce === null ? null : `script-src 'self' 'nonce-${nonce}'`);
}
