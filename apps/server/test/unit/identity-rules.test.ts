import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../src/modules/identity/passwords';
import { isUsable, lockedForSeconds, needsTouch, sessionState } from '../../src/modules/identity/rules';
import { hashToken, newToken } from '../../src/platform/tokens';
import { sameHost } from '../../src/platform/http/csrf';

const at = (iso: string) => new Date(iso);
const MIN = 60_000;

describe('sessionState', () => {
  const created = at('2026-01-01T00:00:00Z');
  it('is active until 30 minutes without activity, then idle', () => {
    const s = { createdAt: created, lastSeenAt: created, endedAt: null };
    expect(sessionState(s, new Date(created.getTime() + 30 * MIN - 1))).toBe('active');
    expect(sessionState(s, new Date(created.getTime() + 30 * MIN))).toBe('idle');
  });
  it('expires 30 days after creation however recent the activity', () => {
    const now = new Date(created.getTime() + 30 * 24 * 60 * MIN);
    expect(sessionState({ createdAt: created, lastSeenAt: now, endedAt: null }, now)).toBe('expired');
  });
  it('stays ended', () => {
    expect(sessionState({ createdAt: created, lastSeenAt: created, endedAt: created }, created)).toBe('ended');
  });
  it('touches at most once a minute', () => {
    expect(needsTouch(created, new Date(created.getTime() + 59_999))).toBe(false);
    expect(needsTouch(created, new Date(created.getTime() + MIN))).toBe(true);
  });
});

describe('lockedForSeconds', () => {
  const now = at('2026-01-01T01:00:00Z');
  const ago = (m: number) => new Date(now.getTime() - m * MIN);
  it('does not lock below the maximum', () => {
    expect(lockedForSeconds([ago(1), ago(2), ago(3), ago(4)], 5, now)).toBe(0);
  });
  it('locks at the maximum until the failure that keeps it there leaves the 15-minute window', () => {
    expect(lockedForSeconds([ago(1), ago(2), ago(3), ago(4), ago(10)], 5, now)).toBe(5 * 60);
    // Six failures: the fifth newest (ago 4) decides, not the oldest.
    expect(lockedForSeconds([ago(1), ago(2), ago(3), ago(4), ago(4), ago(14)], 5, now)).toBe(11 * 60);
  });
  it('ignores failures outside the window', () => {
    expect(lockedForSeconds([ago(1), ago(2), ago(3), ago(4), ago(15)], 5, now)).toBe(0);
  });
});

describe('mailed tokens', () => {
  it('are usable once and before they expire', () => {
    const now = at('2026-01-01T00:00:00Z');
    expect(isUsable({ expiresAt: new Date(now.getTime() + 1), usedAt: null }, now)).toBe(true);
    expect(isUsable({ expiresAt: now, usedAt: null }, now)).toBe(false);
    expect(isUsable({ expiresAt: new Date(now.getTime() + MIN), usedAt: now }, now)).toBe(false);
  });
  it('are 256-bit base64url, stored as their SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).not.toBe(token);
    expect(newToken()).not.toBe(token);
  });
});

describe('passwords', () => {
  it('hash with argon2id, m=19456 KiB, t=2, p=1, and verify', async () => {
    const hash = await hashPassword('Correct-Horse-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct-Horse-42')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-42')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await verifyAgainstDummy('Correct-Horse-42')).toBe(false);
  });
});

describe('sameHost (CSRF)', () => {
  it('compares the Origin or Referer host and port with the Host header', () => {
    expect(sameHost('https://casino.example', 'casino.example')).toBe(true);
    expect(sameHost('https://casino.example/path?q=1', 'casino.example')).toBe(true);
    expect(sameHost('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(sameHost('http://localhost:3001', 'localhost:3000')).toBe(false);
    expect(sameHost('https://casino.example.evil.com', 'casino.example')).toBe(false);
    expect(sameHost('null', 'casino.example')).toBe(false);
  });
});
