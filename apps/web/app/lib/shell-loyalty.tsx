/**
 * The signed-in player's loyalty as the shell (header menu, drawer) and the loyalty pages (shop,
 * level, VIP club) share it: the comp points store with its coin and balance line, the VIP status
 * read from the player's groups with its badge, and the personal manager with its panel
 * (docs/rules/comp-points.md, docs/rules/vip-club.md), and the promotions' state the player's
 * header hears for their pages (tournament messages, bounce hints). One module, so one small
 * chunk: the lobby's first JavaScript lists every chunk its lazy parts need. In lib, not in
 * features/loyalty: the shell's header and the loyalty, VIP, gifts, tournaments and wheels
 * features all read it, and features never import each other.
 *
 * The points: filled by `GET /api/player/comp_points`, by the exchange's answer and by the
 * realtime `comps_award` messages (the watcher, mounted only while a player is signed in);
 * emptied at sign-out. Typed by the contract, not validated: no zod in the header's code.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CompPoints as CompPointsState, Manager, VipProgress, VipStatusKey } from '@orbit/contracts';
import { browserApi } from './api';
import { useI18n } from './i18n';

export type PointsState = {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  chargeable: number | null;
  persistent: number | null;
};

const IDLE: PointsState = { status: 'idle', chargeable: null, persistent: null };
let state: PointsState = IDLE;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function set(next: PointsState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const pointsApi = {
  state: () => browserApi().get<CompPointsState>('/api/player/comp_points'),
};

/** Whether a value is the comp points state (`{chargeable:{points}, persistent:{points}}`). */
export function isPointsState(data: unknown): data is CompPointsState {
  const value = data as Partial<CompPointsState> | null;
  return typeof value?.chargeable?.points === 'number' && typeof value.persistent?.points === 'number';
}

/** Loads the player's points once (`force`: again); a failure leaves what was known. */
export function loadPoints(force = false): Promise<void> {
  if (!force && (state.status === 'ready' || loading)) return loading ?? Promise.resolve();
  set({ ...state, status: state.status === 'ready' ? 'ready' : 'loading' });
  const current: Promise<void> = pointsApi.state().then(
    (answer) => {
      if (loading === current && isPointsState(answer)) putPoints(answer);
    },
    () => {
      if (loading === current) set({ ...state, status: state.chargeable === null ? 'failed' : 'ready' });
    },
  );
  loading = current;
  return current.finally(() => {
    if (loading === current) loading = undefined;
  });
}

/** The points as the server last told them (a load, an exchange's answer, a message). */
export function putPoints(points: CompPointsState): void {
  set({ status: 'ready', chargeable: points.chargeable.points, persistent: points.persistent.points });
}

export function currentPoints(): PointsState {
  return state;
}

/** Sign-out clears the points: nothing of one player stays for the next one of this page. */
export function clearPoints(): void {
  loading = undefined;
  set(IDLE);
}

export function usePoints(): PointsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => IDLE,
  );
}

/**
 * How many points a `comps_award` message tells the player about: points earned (by bets or an
 * operator); an exchange's spending, a correction or a message of another shape tells nothing (0).
 */
export function awardedPoints(data: unknown): number {
  const message = data as { points?: unknown; reason?: unknown } | null;
  if (typeof message?.points !== 'number' || message.reason === 'exchange') return 0;
  return Math.max(0, message.points);
}

/** A small coin: the comp points' mark (decorative). */
export function CoinMark({ size = 16 }: { size?: number }) {
  return (
    <svg viewBox="0 0 16 16" width={size} height={size} aria-hidden="true" focusable="false" className="coin-mark">
      <circle cx="8" cy="8" r="7" fill="var(--accent)" />
      <circle cx="8" cy="8" r="4.6" fill="none" stroke="var(--on-accent)" strokeWidth="1.2" opacity="0.55" />
      <path d="M8 5.2v5.6M6.2 7h3.6" stroke="var(--on-accent)" strokeWidth="1.2" opacity="0.7" />
    </svg>
  );
}

/**
 * The signed-in player's comp points to spend as a short line with the coin ("1,250 points"),
 * from the points store; nothing until they are known (the header's menu, the drawer).
 */
export function PointsBalance({ className = '', testId = 'points-balance' }: { className?: string; testId?: string }) {
  const { t } = useI18n();
  const { chargeable } = usePoints();
  if (chargeable === null) return null;
  return (
    <span className={`points-balance ${className}`} data-testid={testId}>
      <CoinMark />
      {t('loyalty.points', { count: chargeable })}
    </span>
  );
}

// ---- changes heard -------------------------------------------------------------------------------

/**
 * A counter the player's header raises on every realtime message that may move the VIP progress
 * or the adventure (points, groups, payments, gifts): the VIP club reloads on it. Through here,
 * not by listening itself: the page's own import of the realtime client would split it out of
 * the chunk the lobby shares with the player's header (one more file in the lobby's JavaScript).
 */
let heard = 0;
const heardListeners = new Set<() => void>();

export function loyaltyChanged(): void {
  heard += 1;
  heardListeners.forEach((listener) => listener());
}

export function useLoyaltyChanges(): number {
  return useSyncExternalStore(
    (listener) => {
      heardListeners.add(listener);
      return () => heardListeners.delete(listener);
    },
    () => heard,
    () => 0,
  );
}

/** The last message of one realtime channel the header hears for a page (its pages read it here). */
function heardStore<T>() {
  let last: T | null = null;
  const listeners = new Set<() => void>();
  return {
    put(value: T) {
      last = value;
      listeners.forEach((listener) => listener());
    },
    use(): T | null {
      return useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => last,
        () => null,
      );
    },
  };
}

const vipProgressHeard = heardStore<VipProgress>();
/** A `vip_progress` message: the VIP club's progress as the server counted it after bets or a deposit. */
export const putHeardVipProgress = (data: unknown) => vipProgressHeard.put(data as VipProgress);
/** The last VIP progress pushed (null: none since the page loaded). */
export const useHeardVipProgress = () => vipProgressHeard.use();

const lootboxHeard = heardStore<{ n: number }>();
let lootboxMessages = 0;
/** A `lootboxes_changes` message: a box issued, opened or expired, already committed. */
export function putHeardLootbox(): void {
  lootboxMessages += 1;
  lootboxHeard.put({ n: lootboxMessages });
  loyaltyChanged();
}
/** Raised on every loot-box message (null: none yet): the wheel's page reloads its boxes on it. */
export const useHeardLootbox = () => lootboxHeard.use();

// ---- VIP status ------------------------------------------------------------------------------------

/**
 * The club's statuses in order with the player groups that mark them (the contract's
 * `VIP_STATUS_GROUP_IDS`, repeated here without its zod; a unit test keeps them equal).
 */
export const VIP_ORDER: ReadonlyArray<{ key: VipStatusKey; group: number }> = [
  { key: 'regular', group: 1117 },
  { key: 'bronze', group: 257 },
  { key: 'silver', group: 258 },
  { key: 'gold', group: 259 },
  { key: 'platinum', group: 255 },
  { key: 'diamond', group: 759 },
];

/** The player's VIP status by their groups: the highest one they are in; null when in none. */
export function vipStatusOf(groups: readonly unknown[]): VipStatusKey | null {
  const ids = new Set(groups.map(Number));
  for (let i = VIP_ORDER.length - 1; i >= 0; i--) if (ids.has(VIP_ORDER[i]!.group)) return VIP_ORDER[i]!.key;
  return null;
}

/** A VIP player (bronze and above; regular is every player's start). */
export function isVipStatus(status: VipStatusKey | null): status is Exclude<VipStatusKey, 'regular'> {
  return status !== null && status !== 'regular';
}

/** The badge by a VIP player's name ("VIP Gold"); nothing for other players. */
export function VipBadge({ groups }: { groups: readonly unknown[] }) {
  const { t } = useI18n();
  const status = vipStatusOf(groups);
  if (!isVipStatus(status)) return null;
  return (
    <span className={`vip-badge vip-badge--${status}`} data-testid="vip-badge">
      {t('vip.badge', { status: t(`vip.status.${status}`) })}
    </span>
  );
}

// ---- personal manager ------------------------------------------------------------------------------

const managers = new Map<string, Promise<Manager | null>>();

/** The player's personal manager (`POST /api/fe/config/managers {userGroups}`), asked once per set of groups; null: none. */
export function loadManager(groups: readonly unknown[]): Promise<Manager | null> {
  const userGroups = groups.map(Number).filter(Number.isInteger);
  const key = userGroups.join(',');
  let answer = managers.get(key);
  if (!answer) {
    answer = browserApi()
      .post<{ manager: Manager | null }>('/api/fe/config/managers', { userGroups })
      .then((a) => a?.manager ?? null)
      .catch(() => {
        managers.delete(key);
        return null;
      });
    managers.set(key, answer);
  }
  return answer;
}

/** The player's manager once known (null: none, or not known yet). */
export function useManager(groups: readonly unknown[] | null): Manager | null {
  const [manager, setManager] = useState<Manager | null>(null);
  const key = groups ? groups.join(',') : null;
  useEffect(() => {
    if (key === null) return setManager(null);
    let live = true;
    void loadManager(key ? key.split(',') : []).then((m) => live && setManager(m));
    return () => {
      live = false;
    };
  }, [key]);
  return manager;
}

/** Initials of a name ("Nova Reyes" → "NR"). */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');
}

/**
 * The personal manager's panel: name, picture (initials when there is none or it does not load),
 * hours, and only the contacts the server sent (WhatsApp, Telegram, email).
 */
export function ManagerPanel({ manager }: { manager: Manager }) {
  const { t } = useI18n();
  const [pictureFailed, setPictureFailed] = useState(false);
  const contacts = [
    manager.whatsAppLink ? { key: 'whatsapp', href: manager.whatsAppLink } : null,
    manager.telegramLink ? { key: 'telegram', href: manager.telegramLink } : null,
    manager.email ? { key: 'email', href: `mailto:${manager.email}` } : null,
  ].filter((c): c is { key: string; href: string } => c !== null);
  return (
    <section className="manager-panel" aria-label={t('vip.manager.title')} data-testid="manager-panel">
      <div className="manager-panel__who">
        {manager.avatar && !pictureFailed ? (
          <img className="manager-panel__avatar" src={manager.avatar} alt="" onError={() => setPictureFailed(true)} />
        ) : (
          <span className="manager-panel__avatar" aria-hidden="true">
            {initials(manager.managerName)}
          </span>
        )}
        <div>
          <p className="manager-panel__kicker">{t('vip.manager.title')}</p>
          <p className="manager-panel__name">{manager.managerName}</p>
          {manager.time ? <p className="manager-panel__hours">{manager.time}</p> : null}
        </div>
      </div>
      {contacts.length > 0 ? (
        <ul className="manager-panel__contacts">
          {contacts.map((contact) => (
            <li key={contact.key}>
              <a href={contact.href} target={contact.key === 'email' ? undefined : '_blank'} rel="noopener noreferrer">
                {t(`vip.manager.${contact.key}`)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

// ---- tournaments heard -----------------------------------------------------------------------------

/**
 * The last `tournaments_statuses` message of each tournament, as the player's header hears it
 * (features/tournaments TournamentsWatcher) and the tournament's page reads it
 * (docs/rules/promotions.md "Live"). Here, beside the loyalty's changes, for the same reason:
 * a page listening itself, or a module of its own shared with the header, would add a file to
 * the lobby's first JavaScript (the header's list of chunks). Emptied at sign-out.
 */
let messages = new Map<number, unknown>();
const messageListeners = new Set<() => void>();

function changed(): void {
  messageListeners.forEach((listener) => listener());
}

/** A `tournaments_statuses` message heard (kept by its tournament id; anything else is dropped). */
export function tournamentStatusHeard(data: unknown): void {
  const id = (data as { tournament_id?: unknown } | null)?.tournament_id;
  if (typeof id !== 'number') return;
  messages = new Map(messages).set(id, data);
  changed();
}

export function clearTournamentStatuses(): void {
  messages = new Map();
  changed();
}

/** The last message heard about one tournament (undefined: none since the page loaded). */
export function useTournamentMessage(id: number): unknown {
  return useSyncExternalStore(
    (listener) => {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    () => messages.get(id),
    () => undefined,
  );
}

// ---- bounce hints ----------------------------------------------------------------------------------

/**
 * The bounce hint on the tournaments menu item and on the gifts (docs/rules/promotions.md
 * "Bounce hints"): the current count of running tournaments or of gifts against the count the
 * player last saw (kept in the browser); more than then bounces, until the page is seen again.
 * Here for the same reason as the tournaments' messages (one shared module, no file more).
 */
export type HintName = 'tournaments' | 'gifts';

export function hintDue(current: number, seen: number | null): boolean {
  return current > (seen ?? 0);
}

let hintVersion = 0;
const hintListeners = new Set<() => void>();
const hintKey = (name: HintName) => `orbit_seen_${name}`;

export function seenCount(name: HintName): number | null {
  try {
    const raw = window.localStorage.getItem(hintKey(name));
    return raw === null || !/^\d+$/.test(raw) ? null : Number(raw);
  } catch {
    return null;
  }
}

/** The page of `name` was seen with `count` of them: no hint until there are more. */
export function markSeen(name: HintName, count: number): void {
  try {
    if (seenCount(name) === count) return;
    window.localStorage.setItem(hintKey(name), String(count));
  } catch {
    // Storage refused (private mode): the hint then stays as it is.
  }
  hintVersion += 1;
  hintListeners.forEach((listener) => listener());
}

/** Whether `count` calls for the hint (false on the server and until the browser's value is read). */
export function useHint(name: HintName, count: number): boolean {
  const version = useSyncExternalStore(
    (listener) => {
      hintListeners.add(listener);
      return () => hintListeners.delete(listener);
    },
    () => hintVersion,
    () => -1,
  );
  return version >= 0 && hintDue(count, seenCount(name));
}
