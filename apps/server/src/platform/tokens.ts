import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, base64url: what the cookie or the mailed link carries. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the token: a stolen table opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
