/**
 * Two-factor recovery codes: 10 single-use codes handed out when two-factor is turned on (and
 * when the player asks for new ones), each 10 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), shown as `ABCDE-FGHJK`: about 49.5 bits each. Typed back, case, dashes and
 * spaces do not matter. Only a digest is stored (README "Two-factor", recovery codes).
 */
import { createHash, randomInt } from 'node:crypto';
import type { OtpBox } from './otp-box';

export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
/** 23 letters and 8 digits: none of them reads as another. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const SHAPE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** One new code, unformatted (node:crypto `randomInt`: uniform over the alphabet). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** A set of distinct new codes, unformatted. */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** `ABCDEFGHJK` → `ABCDE-FGHJK`, as the player sees it. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What the player typed as a code of the alphabet (upper case, without dashes and spaces), or null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  return SHAPE.test(code) ? code : null;
}

/**
 * The digests a typed code may be stored under, the one to store first: `k1:` HMAC-SHA-256 under a
 * key from OTP_ENCRYPTION_KEY when one is set (a copy of the database alone then cannot try the
 * 2^49.5 codes), and `s1:` SHA-256 (the only one without a key; with one, it still finds codes
 * handed out before the key was set). Both over the player's id and the code, so equal codes of
 * two players differ.
 */
export function recoveryCodeDigests(box: OtpBox, userId: number, code: string): string[] {
  const input = `recovery:${userId}:${code}`;
  const plain = `s1:${createHash('sha256').update(input).digest('base64url')}`;
  const keyed = box.mac(input);
  return keyed === null ? [plain] : [`k1:${keyed}`, plain];
}

/** What is stored for a new code of a player. */
export function recoveryCodeDigest(box: OtpBox, userId: number, code: string): string {
  return recoveryCodeDigests(box, userId, code)[0]!;
}
