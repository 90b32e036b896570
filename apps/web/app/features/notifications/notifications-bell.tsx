/**
 * The notification center (docs/rules/page-shell.md "Notifications"): the header's bell with its
 * counter and the panel listing the player's notifications, and the watcher that keeps them: the
 * server's list after sign-in, the live `personal_notifications`, and a "New gift" when
 * `bonuses_changes` / `freespins_changes` brings a newly issued gift. Mount both only while a
 * player is signed in (routes/cashbox-header.tsx); the watcher's end (sign-out, a 401) clears them.
 */
import type { PlayerNotification } from '@orbit/contracts';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { currencyInfo, formatMoney, type CurrencyInfo } from '../../lib/money';
import { useSession } from '../../lib/session';
import { useRealtime } from '../../realtime/client';
import { IconFrame } from '../../ui/icon-frame';
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
import { PushToggle } from './push-toggle';
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

/** The panel closes on Escape (the focus back on the bell) and on a press outside it. */
function usePanelClosing(
  open: boolean,
  setOpen: (open: boolean) => void,
  button: RefObject<HTMLButtonElement | null>,
  root: RefObject<HTMLDivElement | null>,
) {
  const close = useCallback(
    (refocus: boolean) => {
      setOpen(false);
      if (refocus) button.current?.focus();
    },
    [setOpen, button],
  );
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
  return close;
}

/** The header's bell: the counter (1..9, then "9+"), a bell-off drawing when empty; opens the panel. */
export function NotificationsBell({ currencies }: { currencies?: readonly CurrencyInfo[] | undefined }) {
  const { t } = useI18n();
  const { items } = useNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const text = counterText(items.length);
  const close = usePanelClosing(open, setOpen, button, root);
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
          <span className="icon-button__count" aria-hidden="true" data-testid="notifications-count">
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
        {open ? <PushToggle /> : null}
        {items.length === 0 ? (
          <p className="notifications__empty">{t('notifications.panel.empty')}</p>
        ) : (
          <ul className="notifications__list">
            {items.map((item) => (
              <NotificationItem key={item.key} item={item} currencies={currencies} onLeave={() => close(false)} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** One notification: its kind, title and text (in the page's language), its link, and dismiss. */
function NotificationItem({
  item,
  currencies,
  onLeave,
}: {
  item: StoredNotification;
  currencies: readonly CurrencyInfo[] | undefined;
  onLeave: () => void;
}) {
  const { t, locale } = useI18n();
  const tk = titleKey(item);
  const bk = buttonKey(item);
  const to = item.content.button.path;
  return (
    <li className="notifications__item" data-testid="notification">
      <span className="notifications__icon" aria-hidden="true">
        <KindIcon kind={item.content.icon} />
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
            onClick={onLeave}
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
}

/** A notification's kind drawn as the ui kit's drawings are (here, not imported: see `BellIcon`). */
const KIND_PATHS: Record<string, string> = {
  trophy: 'M8 4h8v5a4 4 0 01-8 0zM8 6H5a3 3 0 003 4M16 6h3a3 3 0 01-3 4M12 13v4M8.5 20h7M10 17h4',
  gift: 'M4 9h16v11H4zM3 9h18M12 9v11M12 9c-1-3-5-4.5-5.5-2S9.5 9 12 9c2.5 0 6 0 5.5-2.5S13 6 12 9z',
  ticket: 'M4 7h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4zM14 7v2M14 11v2M14 15v2',
};
function KindIcon({ kind }: { kind: string }) {
  return (
    <IconFrame size={18}>
      <path d={KIND_PATHS[kind] ?? KIND_PATHS.trophy} />
    </IconFrame>
  );
}

/**
 * The bell, struck through when there is nothing to tell. Drawn here: importing the ui kit's
 * icons from the player's header splits them out of the lobby's first JavaScript into a file of
 * their own (over the lobby's budget, docs/performance.md).
 */
function BellIcon({ off }: { off: boolean }) {
  return (
    <IconFrame size={20} icon={off ? 'bell-off' : 'bell'}>
      <path d="M6 16.5V11a6 6 0 0112 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 004 0" />
      {off ? <path d="M4 4l16 16" /> : null}
    </IconFrame>
  );
}
