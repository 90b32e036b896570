/**
 * TOTP two-factor codes (RFC 6238 over RFC 4226 HOTP): HMAC-SHA-1, 6 digits, 30-second steps,
 * ±1 step of drift, each step accepted once (docs/identity.md). The HOTP arithmetic and
 * base32 come from `otpauth`; the window and the replay rule are ours, judged against the
 * injectable clock.
 */
import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Orbit';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the current one that still count (clock drift, a code typed late). */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, as RFC 4226 recommends for HMAC-SHA-1. */
export const TOTP_SECRET_BYTES = 20;

/** A fresh random secret in base32 (32 characters, no padding). */
export function newOtpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The 30-second step a moment falls in (T in RFC 6238, T0 = 0). */
export function stepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one step. `digits` other than 6 only for the RFC's test vectors. */
export function codeForStep(secretBase32: string, step: number, digits: number = TOTP_DIGITS): string {
  return HOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits, counter: step });
}

export function codeAt(secretBase32: string, at: Date, digits: number = TOTP_DIGITS): string {
  return codeForStep(secretBase32, stepAt(at), digits);
}

/**
 * The step a code belongs to when it is one of the steps within ±1 of `now` and later than
 * `lastStep` (the last one accepted: the same code, or an earlier one, is never accepted twice);
 * otherwise null. Whitespace inside the code is tolerated (apps show "123 456").
 */
export function acceptedStep(secretBase32: string, code: string, now: Date, lastStep: number | null): number | null {
  const typed = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return null;
  const current = stepAt(now);
  // Newest first: of two steps with the same code (a 1-in-a-million chance), the later is kept.
  for (let step = current + TOTP_DRIFT_STEPS; step >= current - TOTP_DRIFT_STEPS; step--) {
    if (lastStep !== null && step <= lastStep) continue;
    const expected = codeForStep(secretBase32, step);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(typed))) return step;
  }
  return null;
}

/** `otpauth://totp/Orbit:<email>?secret=...&issuer=Orbit&algorithm=SHA1&digits=6&period=30`. */
export function otpauthUri(secretBase32: string, email: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

/** The URI as a QR code, a PNG data URL made locally (the secret never leaves the server for a QR service). */
export async function qrDataUrl(uri: string): Promise<string> {
  // Loaded when first asked for: most starts never draw a code (docs/performance.md "Start").
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
