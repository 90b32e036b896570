import { describe, expect, it } from 'vitest';
import { OtpBox } from '../../src/modules/identity/otp-box';
import {
  formatRecoveryCode,
  newRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodeDigest,
  recoveryCodeDigests,
} from '../../src/modules/identity/recovery-codes';

describe('recovery codes', () => {
  it('draws 10 characters from an alphabet without look-alikes', () => {
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newRecoveryCode();
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
      for (const c of code) seen.add(c);
    }
    // Every character turns up (31 characters, 20 000 draws).
    expect(seen.size).toBe(RECOVERY_CODE_ALPHABET.length);
  });

  it('hands out 10 distinct codes, shown in two groups of five', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(formatRecoveryCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });

  it('reads a typed code whatever its case, dashes and spaces', () => {
    for (const typed of ['ABCDE-FGHJK', 'abcde-fghjk', 'abcdefghjk', ' ABCDE FGHJK ', 'ab-cde-fg-hjk'])
      expect(normalizeRecoveryCode(typed)).toBe('ABCDEFGHJK');
    // Not a code: too short or long, a look-alike, a TOTP code.
    for (const typed of ['ABCDE-FGHJ', 'ABCDE-FGHJKM', 'ABCDE-FGHJ0', 'ABCDE-FGHJI', '123456', ''])
      expect(normalizeRecoveryCode(typed)).toBeNull();
  });

  it('stores a digest per player: SHA-256 without a key, HMAC under OTP_ENCRYPTION_KEY', () => {
    const plain = new OtpBox(undefined);
    const keyed = new OtpBox('k'.repeat(32));
    const digest = recoveryCodeDigest(plain, 7, 'ABCDEFGHJK');
    expect(digest).toMatch(/^s1:[A-Za-z0-9_-]{43}$/);
    expect(digest).not.toContain('ABCDEFGHJK');
    expect(recoveryCodeDigest(plain, 8, 'ABCDEFGHJK')).not.toBe(digest);
    expect(recoveryCodeDigests(plain, 7, 'ABCDEFGHJK')).toEqual([digest]);

    const sealed = recoveryCodeDigest(keyed, 7, 'ABCDEFGHJK');
    expect(sealed).toMatch(/^k1:[A-Za-z0-9_-]{43}$/);
    expect(recoveryCodeDigest(new OtpBox('j'.repeat(32)), 7, 'ABCDEFGHJK')).not.toBe(sealed);
    // With a key, codes handed out before it was set are still found.
    expect(recoveryCodeDigests(keyed, 7, 'ABCDEFGHJK')).toEqual([sealed, digest]);
  });
});
