/**
 * The signed-in player's gifts in the browser: the API calls (typed by the contracts, not
 * validated: no zod in the header's code) and one small store read by the header's counter and
 * balance, the gifts page and the notices. Filled by `GET /api/player/bonuses` and
 * `GET /api/player/freespins`, by the answers of every action and by the realtime
 * `bonuses_changes` / `freespins_changes` messages; emptied when the player signs out
 * (`clearGifts`, from the watcher, mounted only while a player is signed in).
 */
import type {
  BonusCancelInfo,
  BonusStage,
  CouponResponse,
  FreespinStage,
  PlayerBonus,
  PlayerFreespin,
  PromoCodeResponse,
} from '@orbit/contracts';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { browserApi } from '../../lib/api';
import { shownBonuses, upsert, type DisabledBonusGroups } from './rules';

/** The answer of the bonus settings and bonus code calls. */
export type BonusSettings = { deposit_bonus_code: string | null; can_issue_bonuses: boolean };

export const giftsApi = {
  bonuses: () => browserApi().get<PlayerBonus[]>('/api/player/bonuses'),
  freespins: () => browserApi().get<PlayerFreespin[]>('/api/player/freespins'),
  cancelInfo: (id: number) => browserApi().get<BonusCancelInfo>(`/api/player/bonuses/${id}/cancel_info`),
  activateBonus: (id: number) => browserApi().post<PlayerBonus>(`/api/player/bonuses/${id}/activation`, {}),
  cancelBonus: (id: number) => browserApi().delete<PlayerBonus>(`/api/player/bonuses/${id}`),
  activateFreespin: (id: number) => browserApi().post<PlayerFreespin>(`/api/player/freespins/${id}/activation`, {}),
  cancelFreespin: (id: number) => browserApi().delete<PlayerFreespin>(`/api/player/freespins/${id}`),
  promoCode: (code: string) => browserApi().post<PromoCodeResponse>('/api/v2/bonuses/promo-code', { code }),
  coupon: (code: string) => browserApi().post<CouponResponse>('/api/bonuses/coupon', { coupon_code: code }),
  bonusSettings: (canIssue: boolean) =>
    browserApi().patch<BonusSettings>('/api/player/update_bonus_settings', { can_issue: canIssue }),
};

export type GiftsState = {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  bonuses: readonly PlayerBonus[];
  freespins: readonly PlayerFreespin[];
};

const IDLE: GiftsState = { status: 'idle', bonuses: [], freespins: [] };
let state: GiftsState = IDLE;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();
/**
 * The stage each gift had when the page last heard of it (a load or a message; not the page's
 * own actions, whose message is still to come): a message with another stage is news.
 */
const heard = new Map<string, BonusStage | FreespinStage>();

function set(next: GiftsState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function currentGifts(): GiftsState {
  return state;
}

/**
 * Loads both lists once (`force`: again). A list that fails to load is shown empty, as the
 * other lists of the site are; the other one still shows.
 */
export function loadGifts(force = false): Promise<void> {
  if (!force && (state.status === 'ready' || loading)) return loading ?? Promise.resolve();
  set({ ...state, status: 'loading' });
  const current: Promise<void> = Promise.allSettled([giftsApi.bonuses(), giftsApi.freespins()]).then(
    ([bonuses, freespins]) => {
      if (loading !== current) return;
      const next: GiftsState = {
        status: bonuses.status === 'rejected' && freespins.status === 'rejected' ? 'failed' : 'ready',
        bonuses: bonuses.status === 'fulfilled' && Array.isArray(bonuses.value) ? bonuses.value : [],
        freespins: freespins.status === 'fulfilled' && Array.isArray(freespins.value) ? freespins.value : [],
      };
      for (const bonus of next.bonuses) heard.set(`bonus:${bonus.id}`, bonus.stage);
      for (const freespin of next.freespins) heard.set(`freespin:${freespin.id}`, freespin.stage);
      set(next);
    },
  );
  loading = current;
  return current.finally(() => {
    if (loading === current) loading = undefined;
  });
}

/** A bonus as the server last told it (an action's answer or a message). */
export function putBonus(bonus: PlayerBonus): void {
  set({ ...state, bonuses: upsert(state.bonuses, bonus) });
}

export function putFreespin(freespin: PlayerFreespin): void {
  set({ ...state, freespins: upsert(state.freespins, freespin) });
}

/** The stage the page last heard for a gift, and from now on this one. */
export function noteHeard(
  kind: 'bonus' | 'freespin',
  id: number,
  stage: BonusStage | FreespinStage,
): BonusStage | FreespinStage | undefined {
  const key = `${kind}:${id}`;
  const previous = heard.get(key);
  heard.set(key, stage);
  return previous;
}

/** Sign-out clears the gifts: nothing of one player stays for the next one of this page. */
export function clearGifts(): void {
  loading = undefined;
  heard.clear();
  set(IDLE);
}

export function useGifts(): GiftsState {
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
 * The `disabled-bonuses` groups (fe config), asked once a page; a config that cannot be read hides
 * nothing. One value for every component (the header's counters and the gifts page render from
 * the same one, never one of them before the other); `null` while it is not known yet.
 */
let disabledGroups: DisabledBonusGroups | null = null;
let askedGroups = false;
const groupListeners = new Set<() => void>();

function askDisabledGroups(): void {
  if (askedGroups) return;
  askedGroups = true;
  void browserApi()
    .get<{ groups?: DisabledBonusGroups }>('/api/fe/config/disabled-bonuses')
    .then((config) => (Array.isArray(config.groups) ? config.groups : []))
    .catch(() => [])
    .then((groups) => {
      disabledGroups = groups;
      groupListeners.forEach((listener) => listener());
    });
}

export function useDisabledBonusGroups(): DisabledBonusGroups | null {
  useEffect(askDisabledGroups, []);
  return useSyncExternalStore(
    (listener) => {
      groupListeners.add(listener);
      return () => groupListeners.delete(listener);
    },
    () => disabledGroups,
    () => null,
  );
}

/**
 * The gifts as the player sees them (docs/rules/gifts.md "Disabled bonus groups"): the store's
 * lists with the bonuses of disabled groups at their listed stage left out. The gifts page and the
 * header's counters read this one hook, so a hidden gift is neither listed nor counted.
 */
export function useShownGifts(): GiftsState {
  const gifts = useGifts();
  const groups = useDisabledBonusGroups();
  // Until the hidden groups are known nothing is shown or counted: a hidden gift never flashes.
  return useMemo(
    () =>
      groups === null
        ? { status: gifts.status === 'idle' ? 'idle' : 'loading', bonuses: [], freespins: [] }
        : { ...gifts, bonuses: shownBonuses(gifts.bonuses, groups) },
    [gifts, groups],
  );
}
