/**
 * The notification center's rules (docs/rules/page-shell.md "Notifications"), pure: what is
 * kept, what the counter says, what a gift message adds, and which texts the page shows.
 */
import type { NotificationContent, NotificationMessage, NotificationType, PlayerNotification } from '@orbit/contracts';
import type { MoneyFormat } from '../../lib/money-format';

/** How long a notification is kept in the browser (spec: two hours). */
export const NOTIFICATION_TTL_MS = 2 * 60 * 60 * 1000;
export const GIFTS_PATH = '/profile/gifts';

/** A notification as the page keeps it: the server's (`server:<id>`) or the page's own (`gift:bonus:<id>`). */
export type StoredNotification = {
  key: string;
  serverId: number | null;
  type: NotificationType;
  title: string;
  text: string;
  identifier: string | null;
  content: NotificationContent;
  message: NotificationMessage | null;
  created_at: string;
  expiry: string;
};

/** The counter on the bell: nothing when empty, the count up to 9, then "9+". */
export function counterText(count: number): string | null {
  if (!(count > 0)) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

export const isExpired = (n: { expiry: string }, now: number) => !(Date.parse(n.expiry) > now);

/** Newest first, the expired left out. */
export function sortAlive(items: readonly StoredNotification[], now: number): StoredNotification[] {
  return items
    .filter((n) => !isExpired(n, now))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.key.localeCompare(a.key));
}

export function fromServer(n: PlayerNotification): StoredNotification {
  return { ...n, key: `server:${n.id}`, serverId: n.id };
}

/** Whether a realtime message's data is a whole notification of the server's. */
export function isNotificationMessage(data: unknown): data is PlayerNotification {
  const n = data as Partial<PlayerNotification> | null;
  return (
    typeof n?.id === 'number' &&
    typeof n.title === 'string' &&
    typeof n.text === 'string' &&
    typeof n.expiry === 'string' &&
    typeof n.created_at === 'string' &&
    typeof n.content?.button?.title === 'string'
  );
}

/**
 * The server's list after sign-in merged with what the page kept: the server's notifications as
 * it lists them now (one dismissed elsewhere goes), the page's own gift notifications kept.
 */
export function mergeServerList(
  kept: readonly StoredNotification[],
  server: readonly PlayerNotification[],
  now: number,
): StoredNotification[] {
  return sortAlive([...kept.filter((n) => n.serverId === null), ...server.map(fromServer)], now);
}

/** Adds one, unless a notification of that key is there already. */
export function addOne(items: readonly StoredNotification[], item: StoredNotification, now: number) {
  return items.some((n) => n.key === item.key) ? sortAlive(items, now) : sortAlive([...items, item], now);
}

type GiftMessage = { id: number; title: string; stage: string };

/**
 * A `bonuses_changes` / `freespins_changes` message that brings a newly issued gift: "New gift:
 * {title}", its button to the gifts tab. Any other stage adds nothing.
 */
export function giftNotification(
  type: 'bonuses_changes' | 'freespins_changes',
  data: unknown,
  now: number,
): StoredNotification | null {
  const gift = data as Partial<GiftMessage> | null;
  if (typeof gift?.id !== 'number' || typeof gift.title !== 'string' || gift.stage !== 'issued') return null;
  const title = 'New gift';
  return {
    key: `gift:${type === 'bonuses_changes' ? 'bonus' : 'freespin'}:${gift.id}`,
    serverId: null,
    type,
    title,
    text: `New gift: ${gift.title}`,
    identifier: null,
    content: { icon: 'gift', title, button: { path: GIFTS_PATH, title: 'To my gifts' } },
    message: { key: 'notifications.gift.new', params: { title: gift.title } },
    created_at: new Date(now).toISOString(),
    expiry: new Date(now + NOTIFICATION_TTL_MS).toISOString(),
  };
}

/** The page's own key for a notification's title (by its message's kind; new lottery tickets their own), or null. */
export function titleKey(n: StoredNotification): string | null {
  if (n.message?.key === 'notifications.lottery.tickets') return 'notifications.title.tickets';
  const kind = n.message?.key.split('.')[1];
  return kind === 'tournament' || kind === 'lottery' || kind === 'gift' ? `notifications.title.${kind}` : null;
}

/** The page's own key for the button's title (by where it leads). */
export function buttonKey(n: StoredNotification): string | null {
  const path = n.content.button.path ?? '';
  if (path === GIFTS_PATH) return 'notifications.button.gifts';
  if (path.startsWith('/lottery/')) return 'notifications.button.lottery';
  if (path.startsWith('/tournaments/') || path.startsWith('/action/')) return 'notifications.button.tournament';
  return null;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A result's parameters with `prize` said in the page's language: the server's English words
 * are replaced by the parts it sends (`prize_money_cents` in `prize_currency`, free spins, comp
 * points), the money in the page's format (`money`). Other parameters pass unchanged.
 */
export function localizedParams(
  params: Record<string, string | number>,
  t: Translate,
  money: MoneyFormat,
): Record<string, string | number> {
  if (!('prize_money_cents' in params)) return params;
  const cents = Number(params.prize_money_cents) || 0;
  const spins = Number(params.prize_freespins) || 0;
  const points = Number(params.prize_comp_points) || 0;
  const parts = [
    cents > 0 ? t('notifications.prize.bonus', { amount: money(cents, String(params.prize_currency)) }) : null,
    spins > 0 ? t('notifications.prize.freespins', { count: spins }) : null,
    points > 0 ? t('notifications.prize.compPoints', { count: points }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? { ...params, prize: parts.join(', ') } : params;
}
