import { describe, expect, it } from 'vitest';
import {
  acceptedStep,
  codeAt,
  codeForStep,
  newOtpSecret,
  otpauthUri,
  qrDataUrl,
  stepAt,
} from '../../src/modules/identity/totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890", here in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_SHA1_VECTORS: Array<[seconds: number, step: number, code: string]> = [
  [59, 0x1, '94287082'],
  [1111111109, 0x23523ec, '07081804'],
  [1111111111, 0x23523ed, '14050471'],
  [1234567890, 0x273ef07, '89005924'],
  [2000000000, 0x3f940aa, '69279037'],
  [20000000000, 0x27bc86aa, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1)', () => {
  it.each(RFC_SHA1_VECTORS)('at %i s: step %i, code %s', (seconds, step, code) => {
    const at = new Date(seconds * 1000);
    expect(stepAt(at)).toBe(step);
    expect(codeAt(RFC_SECRET, at, 8)).toBe(code);
    // 6 digits: the same truncation modulo 10^6.
    expect(codeAt(RFC_SECRET, at)).toBe(code.slice(-6));
  });

  it('makes 20-byte base32 secrets, different each time', () => {
    const a = newOtpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newOtpSecret()).not.toBe(a);
  });
});

describe('acceptedStep', () => {
  const secret = RFC_SECRET;
  const now = new Date(1234567890 * 1000);
  const step = stepAt(now);

  it('accepts the current step and one either side', () => {
    expect(acceptedStep(secret, codeForStep(secret, step), now, null)).toBe(step);
    expect(acceptedStep(secret, codeForStep(secret, step - 1), now, null)).toBe(step - 1);
    expect(acceptedStep(secret, codeForStep(secret, step + 1), now, null)).toBe(step + 1);
  });

  it('refuses two steps away', () => {
    expect(acceptedStep(secret, codeForStep(secret, step - 2), now, null)).toBeNull();
    expect(acceptedStep(secret, codeForStep(secret, step + 2), now, null)).toBeNull();
  });

  it('refuses the last accepted step and earlier ones (each code once)', () => {
    expect(acceptedStep(secret, codeForStep(secret, step), now, step)).toBeNull();
    expect(acceptedStep(secret, codeForStep(secret, step - 1), now, step)).toBeNull();
    expect(acceptedStep(secret, codeForStep(secret, step - 1), now, step - 1)).toBeNull();
    expect(acceptedStep(secret, codeForStep(secret, step + 1), now, step)).toBe(step + 1);
  });

  it('refuses what is not six digits, tolerates spaces', () => {
    const code = codeForStep(secret, step);
    expect(acceptedStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(step);
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`])
      expect(acceptedStep(secret, bad, now, null)).toBeNull();
  });
});

describe('otpauth URI and QR', () => {
  it('names the issuer and the player, and carries the secret', async () => {
    const uri = otpauthUri(RFC_SECRET, 'ann@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Orbit:ann(%40|@)example\.com\?/);
    const params = new URL(uri).searchParams;
    expect(params.get('secret')).toBe(RFC_SECRET);
    expect(params.get('issuer')).toBe('Orbit');
    expect(await qrDataUrl(uri)).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
  });
});
