/** The browser's side of installing: the service worker's registration, the install prompt, standalone. */
import { registersServiceWorker } from './rules';

export const isFramed = (): boolean => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

export const isStandalone = (): boolean =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Registers `/sw.js` once the page has loaded (never in a frame or the back office). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !registersServiceWorker(window.location.pathname, isFramed())) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Chromium's install prompt event (not in the DOM's types). */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/** Keeps the browser's install prompt for the notice's Install button (listened to from the start). */
export function listenForInstallPrompt(): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    listeners.forEach((l) => l());
  };
  const onInstalled = () => {
    deferred = null;
    listeners.forEach((l) => l());
  };
  window.addEventListener('beforeinstallprompt', onPrompt);
  window.addEventListener('appinstalled', onInstalled);
  return () => {
    window.removeEventListener('beforeinstallprompt', onPrompt);
    window.removeEventListener('appinstalled', onInstalled);
  };
}

export const installPrompt = (): BeforeInstallPromptEvent | null => deferred;
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's own install dialog; the prompt can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  listeners.forEach((l) => l());
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
