/** The device toggle's rules (docs/rules/page-shell.md "Notifications"). */
import { describe, expect, it } from 'vitest';
import { keyBytes, pushToggleState, sameKey } from '../../app/features/notifications/push-rules';

const base = { supported: true, enabled: true, permission: 'default', subscribed: false } as const;

describe('the push toggle', () => {
  it('shows nothing where pushes cannot work, blocked when the browser refuses, else on or off', () => {
    expect(pushToggleState({ ...base, supported: false })).toBe('hidden');
    expect(pushToggleState({ ...base, enabled: false })).toBe('hidden');
    expect(pushToggleState({ ...base, enabled: null })).toBe('hidden');
    expect(pushToggleState({ ...base, permission: 'denied', subscribed: true })).toBe('blocked');
    expect(pushToggleState(base)).toBe('off');
    expect(pushToggleState({ ...base, permission: 'granted' })).toBe('off');
    expect(pushToggleState({ ...base, permission: 'granted', subscribed: true })).toBe('on');
    // A subscription left from before the permission was taken back counts as off.
    expect(pushToggleState({ ...base, permission: 'default', subscribed: true })).toBe('off');
  });

  it('reads the base64url key into bytes and tells a subscription of another key', () => {
    const key = Buffer.from(Array.from({ length: 65 }, (_, i) => (i * 37) % 256));
    const bytes = keyBytes(key.toString('base64url'));
    expect([...bytes]).toEqual([...key]);
    expect(sameKey(new Uint8Array(key).buffer, bytes)).toBe(true);
    expect(sameKey(new Uint8Array(64).buffer, bytes)).toBe(false);
    expect(sameKey(null, bytes)).toBe(false);
  });
});
