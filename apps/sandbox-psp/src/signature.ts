import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Sandbox-Signature` value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signSandboxPayload(rawBody: string, secret: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * True when `header` is a valid signature of `rawBody` made with `secret` no more than
 * `toleranceSeconds` away from `now` (an old, replayed notification is refused).
 */
export function verifySandboxSignature(
  rawBody: string,
  header: string,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) parts.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const tText = parts.get('t');
  const v1 = parts.get('v1');
  if (!tText || !/^\d{1,12}$/.test(tText) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const t = Number(tText);
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
