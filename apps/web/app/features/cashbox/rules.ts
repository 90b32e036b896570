/**
 * The cashbox's rules without React: the route guard (docs/rules/routes-and-guards.md "The
 * cashbox"), the cancelled-payment notice (docs/rules/page-shell.md "Notices"), what a payment's
 * state means to the player, and the server's codes → messages.
 */
import {
  PAYMENT_RISK_DEFAULT_STATUS,
  PAYMENT_RISK_STATUS_NAMES,
  VIP_STATUS_GROUP_IDS,
  type Payment,
  type PaymentRiskData,
  type PaymentState,
  type Player,
  type PlayerBonus,
  type UserLimit,
} from '@orbit/contracts';

/**
 * The cashbox's popup views: /cashbox, /dashboard, /deposit, /deposit-bonus, /withdraw,
 * /deposit-fast (docs/rules/routes-and-guards.md "Popups").
 */
export const CASHBOX_VIEWS = ['cashbox', 'dashboard', 'deposit', 'deposit-bonus', 'withdraw', 'deposit-fast'] as const;
export type CashboxView = (typeof CASHBOX_VIEWS)[number];

/** Pages whose popups lead to the cashbox only through the sign-up: from them, a cashbox route goes to the lobby. */
const SIGN_UP_PATHS = ['/sign-up', '/registration'];

export type GuardInput = {
  /** The session: still loading, a guest, or a player. */
  status: 'unknown' | 'guest' | 'player';
  /** The path (locale prefix removed) of the page the popup was opened over; null when it has none. */
  from: string | null;
  /** A fiat player missing a personal field (phone, names, birth date, country, city, address, postal code); null while not known yet. */
  missingPersonalInfo: boolean | null;
};

export type GuardDecision = 'wait' | 'sign-up' | 'main' | 'draw-page-under' | 'personal-info' | 'cashbox';

/**
 * Where a cashbox route goes, in order (docs/rules/routes-and-guards.md "The cashbox"): a guest
 * to sign-up (login required, with the target as `redirect`); coming from the sign-up page to
 * the lobby; an entry with no page under it (loaded directly, reloaded, linked, or a game's
 * deposit link) first draws the page it names in `?from=` (else the lobby) and opens over it;
 * a fiat player missing personal details to the personal-info popup first; everyone else into
 * the cashbox.
 */
export function cashboxGuard({ status, from, missingPersonalInfo }: GuardInput): GuardDecision {
  if (status === 'unknown') return 'wait';
  if (status === 'guest') return 'sign-up';
  if (from !== null && SIGN_UP_PATHS.includes(from)) return 'main';
  if (from === null) return 'draw-page-under';
  if (missingPersonalInfo === null) return 'wait';
  return missingPersonalInfo ? 'personal-info' : 'cashbox';
}

/** The cancelled-payment window (docs/rules/page-shell.md "Notices"): 5 minutes. */
export const CANCELLED_NOTICE_WINDOW_MS = 5 * 60_000;
/** localStorage key of the last payment the notice was shown for. */
export const CANCELLED_NOTICE_KEY = 'orbit_cancelled_payment';

/**
 * The cancelled-payment notice shows only if the last deposit is canceled, finished less than 5
 * minutes ago, and is not the one it was last shown for (docs/rules/page-shell.md "Notices").
 */
export function shouldShowCancelledNotice(
  lastDeposit: Pick<Payment, 'id' | 'state' | 'finished_at' | 'action'> | null | undefined,
  lastShownId: string | null,
  now: number,
): boolean {
  if (!lastDeposit || lastDeposit.action !== 'deposit' || lastDeposit.state !== 'canceled' || !lastDeposit.finished_at)
    return false;
  const finished = Date.parse(lastDeposit.finished_at);
  if (Number.isNaN(finished) || now - finished >= CANCELLED_NOTICE_WINDOW_MS || now < finished - 60_000) return false;
  return String(lastDeposit.id) !== lastShownId;
}

export type Outcome = 'succeeded' | 'pending' | 'declined' | 'canceled' | 'recalled';

/** What a payment's state means on the return page and in the history. */
export function outcomeOf(state: PaymentState): Outcome {
  switch (state) {
    case 'succeeded':
      return 'succeeded';
    case 'declined':
    case 'rejected':
      return 'declined';
    case 'canceled':
      return 'canceled';
    case 'recalled':
      return 'recalled';
    default:
      return 'pending';
  }
}

/** The return page asks the PSP every 2 s while the payment is open, for about 30 s. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT_MS = 30_000;

/** Whether to ask again: still open and the time is not up. */
export function shouldPoll(state: PaymentState, startedAt: number, now: number): boolean {
  return outcomeOf(state) === 'pending' && now - startedAt < POLL_LIMIT_MS;
}

/**
 * The message key of a server code on a cashbox form field: the cashbox's own wording first
 * (`cashbox.errors.amount_cents.too_small`), then the shared one (`errors.<code>`).
 */
export function cashboxErrorKeys(field: string, code: string): string[] {
  return [`cashbox.errors.${field}.${code}`, `cashbox.errors.${code}`, `errors.${code}`];
}

/** `redirect` for the sign-up popup: the full target of the cashbox route (path, query, hash). */
export function signUpTarget(signUpPath: string, location: { pathname: string; search: string; hash: string }): string {
  return `${signUpPath}?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}

/**
 * The page a cashbox address loaded without one is drawn over: its `?from=` when that is a path of
 * this site (a game's deposit link names the game), else the lobby. Never another site: `//host`,
 * `/\\host` and absolute URLs are refused.
 */
export function pageUnderCashbox(search: string, lobbyPath: string): string {
  const from = new URLSearchParams(search).get('from');
  return from && /^\/(?![/\\])/.test(from) && !/[\s]/.test(from) ? from : lobbyPath;
}

/** The cashbox's own address without the `from` it was loaded with. */
export function withoutFrom(location: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete('from');
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/**
 * What the player's deposit limits still allow in a currency: the least room left among them
 * (amount minus what this period counted), with that limit's period; null without a deposit limit
 * for the currency. Told with a refused deposit, so the player knows what would pass.
 */
export function depositRoom(limits: readonly UserLimit[], currency: string): { cents: number; period: string } | null {
  let room: { cents: number; period: string } | null = null;
  for (const limit of limits) {
    if (limit.type !== 'deposit') continue;
    const account = limit.accounts.find((a) => a.currency === currency);
    if (!account) continue;
    const cents = Math.max(0, account.amount_cents - account.current_value_amount_cents);
    if (room === null || cents < room.cents) room = { cents, period: limit.period };
  }
  return room;
}

/**
 * A limit's period label ("Per day", "Pro Tag") inside a sentence: only its first letter goes
 * lower case, so German nouns keep their capital ("pro Tag", not "pro tag").
 */
export function periodInSentence(label: string, locale: string): string {
  return label.charAt(0).toLocaleLowerCase(locale) + label.slice(1);
}

/**
 * A reached deposit limit pauses deposits (docs/rules/page-shell.md "Player protection"): the
 * deposit step says until when instead of offering a deposit the server would refuse. A limit is
 * reached when one of its amounts is used up (usage counts every currency, so any amount binds);
 * deposits start again when every reached limit's period has ended, so `until` is the latest end
 * among them (null when the server gave none), with that limit's period. Null: deposits are open.
 */
export function depositPause(limits: readonly UserLimit[]): { until: string | null; period: string } | null {
  let pause: { until: string | null; period: string } | null = null;
  for (const limit of limits) {
    if (limit.type !== 'deposit') continue;
    const used = limit.accounts.filter((a) => a.amount_cents - a.current_value_amount_cents <= 0);
    if (used.length === 0) continue;
    const until = used.map((a) => a.active_until).find(Boolean) ?? limit.active_until ?? null;
    if (!pause || (until && (!pause.until || Date.parse(until) > Date.parse(pause.until))))
      pause = { until, period: limit.period };
  }
  return pause;
}

/** The wagering bonus as the header's balance is told it (the gifts' rule): its currency and percent done. */
export type WageringView = { currency: string; percent: number };

/** The header's common-balance view: real and bonus money, and the wagering percent of the wagering bonus. */
export type CommonBalance = { real: number; bonus: number; percent: number | null };

/**
 * The common-balance view of an account (docs/rules/gifts.md "Header"): shown while the account
 * holds bonus money or a bonus of its currency wagers; real money is the account's amount less
 * its bonus money. Null: the plain balance.
 */
export function commonBalance(
  account: { currency: string; amount_cents: number; bonus_cents?: number } | undefined,
  wagering: WageringView | null,
): CommonBalance | null {
  if (!account) return null;
  const bonus = Math.max(0, account.bonus_cents ?? 0);
  const percent = wagering && wagering.currency === account.currency ? wagering.percent : null;
  if (bonus === 0 && percent === null) return null;
  return { real: account.amount_cents - bonus, bonus, percent };
}

/** A deposit offer chosen by the player's deposit bonus code (codes are compared without case), or null. */
export function chosenOffer<T extends { code: string | null }>(offers: readonly T[], code: string | null): T | null {
  if (!code) return null;
  const wanted = code.trim().toLowerCase();
  return offers.find((offer) => offer.code !== null && offer.code.toLowerCase() === wanted) ?? null;
}

/**
 * The deposit bonuses a cashout in this currency forfeits (docs/bonuses.md "Cashouts"): those still
 * waiting to be activated. The withdrawal form names them before the player confirms.
 */
export function bonusesForfeitedByCashout(bonuses: readonly PlayerBonus[], currency: string): PlayerBonus[] {
  return bonuses.filter((b) => b.type === 'deposit_bonus' && b.stage === 'issued' && b.currency === currency);
}

/** How many times the cashbox asks for the payment methods in all when an answer lists none. */
export const METHODS_ATTEMPTS = 3;

/**
 * Loads the payment methods, asking again (at most `attempts` calls in all) while the answer
 * lists none: a list that comes back empty is often a provider's list not ready yet, not a
 * currency with no method (docs/rules/fields.md "Payment methods"). The last answer is returned
 * as it is; a failed call is not retried here (the API client retries network failures).
 */
export async function loadMethodsRetryingEmpty<T extends { methods: readonly unknown[] }>(
  load: () => Promise<T>,
  attempts: number = METHODS_ATTEMPTS,
): Promise<T> {
  let answer = await load();
  for (let call = 1; call < attempts && answer.methods.length === 0; call += 1) answer = await load();
  return answer;
}

/**
 * The payment risk data the page sends before a deposit (`POST /api/users/transaction`,
 * docs/rules/fields.md "Payment risk data"): the player as the page has them, the device
 * fingerprint, a saved card's last 4 digits, the amount and method, and the VIP status name of
 * the player's highest VIP group (`Regular` in none).
 */
export function paymentRiskData(
  player: Pick<Player, 'country' | 'first_name' | 'last_name' | 'email' | 'statuses'>,
  payment: {
    type: PaymentRiskData['type'];
    currency: string;
    amountCents: number;
    paymentSystem: string;
    dfpc?: string | undefined;
    card?: { last4: string } | undefined;
    url?: string | undefined;
  },
): PaymentRiskData {
  const ids = new Set(player.statuses.map((s) => Number(s.id)));
  const vip = Object.values(VIP_STATUS_GROUP_IDS).filter((id) => ids.has(id));
  const top = vip[vip.length - 1];
  return {
    ...(player.country ? { country: player.country } : {}),
    ...(player.first_name ? { first_name: player.first_name } : {}),
    ...(player.last_name ? { last_name: player.last_name } : {}),
    email: player.email,
    ...(payment.dfpc ? { dfpc: payment.dfpc } : {}),
    ...(payment.card ? { card_last4: payment.card.last4 } : {}),
    ...(payment.url ? { url: payment.url.slice(0, 2000) } : {}),
    currency: payment.currency,
    amount: payment.amountCents,
    payment_system: payment.paymentSystem,
    type: payment.type,
    custom_player_status: top === undefined ? PAYMENT_RISK_DEFAULT_STATUS : PAYMENT_RISK_STATUS_NAMES[top]!,
  };
}
