/**
 * This browser's push subscription to the casino (docs/notifications.md "Push to a device"): read
 * from the site's service worker, and forgotten on both sides when the player turns pushes off or
 * signs out (a shared device must not go on showing the last player's news).
 */
import { browserApi } from './api';

/** Whether this browser can take pushes at all. */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The site's service worker registration, or null when none (never waits for one that will not come). */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration('/');
  if (!found) return null;
  return found.active ? found : navigator.serviceWorker.ready;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await pushRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/**
 * Tells the casino to stop pushing to this browser (while the session still exists) and drops the
 * browser's subscription. Nothing to do where there is none.
 */
export async function forgetPushDevice(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await browserApi().delete('/api/push/subscriptions', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
