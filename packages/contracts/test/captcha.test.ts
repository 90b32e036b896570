import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captchaWorkInput, hasLeadingZeroBits, powCaptchaToken } from '../src/captcha';

const digest = (text: string) => createHash('sha256').update(text).digest();

describe('proof-of-work captcha maths', () => {
  it('judges leading zero bits exactly, byte by byte and within a byte', () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    expect(hasLeadingZeroBits(bytes(0x00, 0x00, 0xff), 16)).toBe(true);
    expect(hasLeadingZeroBits(bytes(0x00, 0x00, 0xff), 17)).toBe(false);
    expect(hasLeadingZeroBits(bytes(0x00, 0x01), 15)).toBe(true);
    expect(hasLeadingZeroBits(bytes(0x00, 0x01), 16)).toBe(false);
    expect(hasLeadingZeroBits(bytes(0x10), 3)).toBe(true);
    expect(hasLeadingZeroBits(bytes(0x10), 4)).toBe(false);
    expect(hasLeadingZeroBits(bytes(0xff), 0)).toBe(true);
    expect(hasLeadingZeroBits(bytes(0x00), 9)).toBe(false); // more bits than the digest has
  });

  it('about 1 in 2^bits nonces passes (the work grows with the difficulty)', () => {
    const challenge = '8-1790000000000-00ff00ff00ff00ff00ff00ff00ff00ff-' + 'c'.repeat(64);
    let passing = 0;
    for (let n = 0; n < 4096; n++)
      if (hasLeadingZeroBits(digest(captchaWorkInput(challenge, n.toString(36))), 6)) passing++;
    // Expected 64; far outside 32..128 would mean the rule or the input is wrong.
    expect(passing).toBeGreaterThan(32);
    expect(passing).toBeLessThan(128);
  });

  it('builds the hashed text and the token in the documented shape', () => {
    expect(captchaWorkInput('abc', '1z')).toBe('abc:1z');
    expect(powCaptchaToken('abc', '1z')).toBe('abc.1z');
  });
});
