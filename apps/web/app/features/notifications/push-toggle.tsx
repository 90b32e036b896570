/**
 * "Notifications on this device" in the notification panel (docs/rules/page-shell.md
 * "Notifications"): where the browser can take pushes and the casino sends them, the player turns
 * them on (the browser asks its permission, the service worker subscribes with the casino's key,
 * the server is told) or off (unsubscribed here and there). Shows blocked when the browser's
 * settings refuse notifications; nothing at all where pushes cannot work.
 */
import type { PushKeyResponse } from '@orbit/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { browserApi } from '../../lib/api';
import { currentPushSubscription, forgetPushDevice, pushRegistration, pushSupported } from '../../lib/push-device';
import { useI18n } from '../../lib/i18n';
import { keyBytes, pushToggleState, sameKey, type PushToggleState } from './push-rules';

export function PushToggle() {
  const { t } = useI18n();
  const id = useId();
  const [key, setKey] = useState<string | null>(null);
  const [state, setState] = useState<PushToggleState>('hidden');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const read = useCallback(async (publicKey: string | null) => {
    const subscription = pushSupported() ? await currentPushSubscription().catch(() => null) : null;
    setState(
      pushToggleState({
        supported: pushSupported(),
        enabled: publicKey !== null,
        permission: pushSupported() ? Notification.permission : 'default',
        subscribed: subscription !== null,
      }),
    );
  }, []);

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    browserApi()
      .get<PushKeyResponse>('/api/push/key')
      .then(async (answer) => {
        if (!live) return;
        const publicKey = answer.enabled ? answer.public_key : null;
        setKey(publicKey);
        await read(publicKey);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [read]);

  const turnOn = async (publicKey: string) => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return;
    const reg = await pushRegistration();
    if (!reg) throw new Error('no service worker');
    const bytes = keyBytes(publicKey);
    const held = await reg.pushManager.getSubscription();
    if (held && !sameKey(held.options.applicationServerKey, bytes)) await held.unsubscribe();
    const subscription =
      held && sameKey(held.options.applicationServerKey, bytes)
        ? held
        : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
    try {
      await browserApi().post('/api/push/subscriptions', subscription.toJSON());
    } catch (error) {
      await subscription.unsubscribe().catch(() => undefined);
      throw error;
    }
  };

  const toggle = async () => {
    if (busy || key === null) return;
    setBusy(true);
    setFailed(false);
    try {
      if (state === 'on') await forgetPushDevice();
      else await turnOn(key);
    } catch {
      setFailed(true);
    } finally {
      await read(key);
      setBusy(false);
    }
  };

  if (state === 'hidden') return null;
  return (
    <div className="notifications__device" data-testid="push-toggle" data-state={state}>
      <label className="notifications__device-row" htmlFor={id}>
        <span>{t('pwa.push.toggle')}</span>
        <span className="notifications__device-state" data-testid="push-toggle-state">
          {t(state === 'on' ? 'pwa.push.on' : state === 'off' ? 'pwa.push.off' : 'pwa.push.blocked')}
        </span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          disabled={busy || state === 'blocked'}
          aria-busy={busy}
          onChange={() => void toggle()}
          data-testid="push-toggle-input"
        />
      </label>
      {state === 'blocked' ? <p className="notifications__device-note">{t('pwa.push.denied')}</p> : null}
      {failed ? (
        <p className="notifications__device-note" role="alert">
          {t('pwa.push.failed')}
        </p>
      ) : null}
    </div>
  );
}
