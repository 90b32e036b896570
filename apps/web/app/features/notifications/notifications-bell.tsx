/**
 * The notification center (docs/rules/page-shell.md "Notifications"): the header's bell with its
 * counter and the panel listing the player's notifications, and the watcher that keeps them: the
 * server's list after sign-in, the live `personal_notifications`, and a "New gift" when
 * `bonuses_changes` / `freespins_changes` brings a newly issued gift. Mount both only while a
 * player is signed in (routes/cashbox-header.tsx); the watcher's end (sign-out, a 401) clears them.
 */
import type { PlayerNotification } from '@orbit/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { currencyInfo, formatMoney, type CurrencyInfo } from '../../lib/money';
import { useSession } from '../../lib/session';
import { useRealtime } from '../../realtime/client';
import { Icon } from '../../ui/icons';
import {
  addOne,
  buttonKey,
  counterText,
  fromServer,
  localizedParams,
  giftNotification,
  isNotificationMessage,
  mergeServerList,
  titleKey,
  type StoredNotification,
} from './rules';
import { clearFor, currentNotifications, openFor, update, useNotifications, wasSeen } from './store';
import './notifications.css';

/** Keeps the signed-in player's notifications: stored ones, the server's list, live messages. */
export function NotificationsWatcher() {
  const { player } = useSession();
  const id = player?.id ?? null;
  const ready = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (id === null) return;
    ready.current = openFor(id).then(async () => {
      try {
        const list = await browserApi().get<PlayerNotification[]>('/api/player/notifications');
        update(id, (items) => mergeServerList(items, list, Date.now()));
      } catch {
        // Offline or signed out meanwhile: what the browser kept stays shown.
      }
    });
    return () => clearFor(id);
  }, [id]);
  const add = useCallback(
    (item: StoredNotification | null) => {
      if (id === null || item === null) return;
      void ready.current.then(() => {
        if (item.serverId === null && wasSeen(item.key)) return;
        update(id, (items) => addOne(items, item, Date.now()));
      });
    },
    [id],
  );
  const onPersonal = useCallback(
    (data: unknown) => {
      if (isNotificationMessage(data)) add(fromServer(data));
    },
    [add],
  );
  const onBonus = useCallback((data: unknown) => add(giftNotification('bonuses_changes', data, Date.now())), [add]);
  const onFreespin = useCallback(
    (data: unknown) => add(giftNotification('freespins_changes', data, Date.now())),
    [add],
  );
  useRealtime('personal_notifications', onPersonal);
  useRealtime('bonuses_changes', onBonus);
  useRealtime('freespins_changes', onFreespin);
  return null;
}

/** Dismisses one: gone from the page at once, and from the server's list (another player's or a gone id: nothing to do). */
function dismiss(item: StoredNotification): void {
  const { player } = currentNotifications();
  if (player === null) return;
  update(player, (items) => items.filter((n) => n.key !== item.key));
  if (item.serverId !== null)
    void browserApi()
      .delete(`/api/player/notifications/${item.serverId}`)
      .catch(() => undefined);
}

/** The header's bell: the counter (1..9, then "9+"), a bell-off drawing when empty; opens the panel. */
export function NotificationsBell({ currencies }: { currencies?: readonly CurrencyInfo[] | undefined }) {
  const { t, locale } = useI18n();
  const { items } = useNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const text = counterText(items.length);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);
  return (
    <div className="notifications" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button notifications__bell"
        aria-label={
          items.length > 0
            ? t('notifications.bell.labelCount', { number: items.length })
            : t('notifications.bell.label')
        }
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notifications-bell"
        data-empty={items.length === 0 ? 'true' : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon off={items.length === 0} />
        {text ? (
          <span className="notifications__count" aria-hidden="true" data-testid="notifications-count">
            {text}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        className="notifications__panel"
        role="region"
        aria-label={t('notifications.panel.title')}
        hidden={!open}
        data-testid="notifications-panel"
      >
        <p className="notifications__heading">{t('notifications.panel.title')}</p>
        {items.length === 0 ? (
          <p className="notifications__empty">{t('notifications.panel.empty')}</p>
        ) : (
          <ul className="notifications__list">
            {items.map((item) => {
              const tk = titleKey(item);
              const bk = buttonKey(item);
              const to = item.content.button.path;
              return (
                <li key={item.key} className="notifications__item" data-testid="notification">
                  <span className="notifications__icon" aria-hidden="true">
                    <Icon
                      name={
                        item.content.icon === 'gift' || item.content.icon === 'ticket' ? item.content.icon : 'trophy'
                      }
                    />
                  </span>
                  <div className="notifications__body">
                    <p className="notifications__title">{tk ? t(tk, undefined, item.title) : item.title}</p>
                    <p className="notifications__text">
                      {item.message
                        ? t(
                            item.message.key,
                            localizedParams(item.message.params, t, (cents, code) =>
                              formatMoney(cents, currencyInfo(code, currencies), locale),
                            ),
                            item.text,
                          )
                        : item.text}
                    </p>
                    {to ? (
                      <Link
                        className="notifications__link"
                        to={localizePath(to, locale)}
                        onClick={() => close(false)}
                        data-testid="notification-link"
                      >
                        {bk ? t(bk, undefined, item.content.button.title) : item.content.button.title}
                      </Link>
                    ) : null}
                  </div>
                  <button
                    type="button"
                    className="notifications__dismiss"
                    aria-label={t('notifications.dismiss')}
                    data-testid="notification-dismiss"
                    onClick={() => dismiss(item)}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The bell, struck through when there is nothing to tell (kept here, out of the lobby's first JavaScript). */
function BellIcon({ off }: { off: boolean }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={off ? 'bell-off' : 'bell'}
    >
      <path d="M6 16.5V11a6 6 0 0112 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 004 0" />
      {off ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
