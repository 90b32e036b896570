/**
 * The device toggle's rules (docs/rules/page-shell.md "Notifications", "On this device"), pure:
 * what it shows, and the server's key as the browser's push manager takes it.
 */

/** What the toggle shows: nothing, on, off, or blocked by the browser's settings. */
export type PushToggleState = 'hidden' | 'on' | 'off' | 'blocked';

export type PushSituation = {
  /** The browser has a service worker, the Push API and notifications. */
  supported: boolean;
  /** The server sends pushes (`GET /api/push/key` enabled); null while unknown. */
  enabled: boolean | null;
  /** `Notification.permission`. */
  permission: 'default' | 'granted' | 'denied';
  /** This browser holds a push subscription of the site. */
  subscribed: boolean;
};

export function pushToggleState(s: PushSituation): PushToggleState {
  if (!s.supported || s.enabled !== true) return 'hidden';
  if (s.permission === 'denied') return 'blocked';
  return s.subscribed && s.permission === 'granted' ? 'on' : 'off';
}

/** A base64url key (the server's VAPID public key) as bytes, for `applicationServerKey`. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (an old key's must be replaced before subscribing again). */
export function sameKey(held: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}
