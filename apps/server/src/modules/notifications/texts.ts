/**
 * What a promotion's result or a player's new lottery tickets say (docs/notifications.md "What
 * makes one"): the English text, kept as the fallback, and the message key with its parameters
 * that the page translates.
 */
import type { NotificationContent } from '@orbit/contracts';
import { FIAT_CURRENCY_CODES } from '../wallet';
import type { LotteryTicketsEvent, PromoResultEvent, PromoResultPrize } from '../promotions';

/** The gifts tab of the profile, where prizes wait. */
export const GIFTS_PATH = '/profile/gifts';

export type NotificationText = {
  title: string;
  text: string;
  content: NotificationContent;
  messageKey: string;
  messageParams: Record<string, string | number>;
};

/** Crypto amounts are in 10^-8 units, the stablecoins and ADA/TRX in 10^-6 (the wallet's currencies). */
const MICRO_UNITS = new Set(['USDT', 'USDC', 'ADA', 'TRX']);

/** An amount in minor units as English reads it (`€30.00`, `¥500`, `0.001 BTC`). */
export function moneyText(cents: number, currency: string): string {
  if (FIAT_CURRENCY_CODES.includes(currency)) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(cents / 10 ** digits);
  }
  const units = cents / (MICRO_UNITS.has(currency) ? 1e6 : 1e8);
  return `${units.toLocaleString('en', { maximumFractionDigits: 8 })} ${currency}`;
}

/** A prize in words: `€30.00 bonus`, `10 free spins`, `70 comp points`, joined by commas. */
export function prizeText(prize: PromoResultPrize): string {
  const parts: string[] = [];
  if (prize.money_award_cents > 0) parts.push(`${moneyText(prize.money_award_cents, prize.currency)} bonus`);
  if (prize.freespins_count > 0) parts.push(`${prize.freespins_count} free spins`);
  if (prize.comp_points > 0) parts.push(`${prize.comp_points} comp points`);
  return parts.join(', ');
}

/** The notification of a tournament's or a lottery's result for one player. */
export function resultText(event: PromoResultEvent): NotificationText {
  const place = event.places[0] ?? 0;
  const paid = event.prizes.filter((p) => p.outcome === 'paid');
  const skipped = event.prizes.some((p) => p.outcome === 'skipped');
  const prize = paid.map(prizeText).filter(Boolean).join('; ');
  // The prize's parts too, so the page can say it in the player's language and money format.
  const params = {
    title: event.title,
    place,
    prize,
    prize_currency: paid[0]?.currency ?? '',
    prize_money_cents: paid.reduce((sum, p) => sum + p.money_award_cents, 0),
    prize_freespins: paid.reduce((sum, p) => sum + p.freespins_count, 0),
    prize_comp_points: paid.reduce((sum, p) => sum + p.comp_points, 0),
  };
  const toGifts = paid.length > 0;
  const button = toGifts
    ? { path: GIFTS_PATH, title: 'To my gifts' }
    : { path: event.path, title: event.kind === 'lottery' ? 'To the lottery' : 'To the tournament' };
  let title: string;
  let text: string;
  let key: string;
  if (event.kind === 'lottery') {
    title = 'Lottery won';
    key = toGifts ? 'notifications.lottery.wonPrize' : 'notifications.lottery.won';
    text = toGifts
      ? `You won in the lottery ${event.title} — your prize: ${prize} is in your gifts`
      : `You won in the lottery ${event.title}`;
  } else {
    title = 'Tournament finished';
    key = toGifts ? 'notifications.tournament.prize' : 'notifications.tournament.placed';
    text = toGifts
      ? `Tournament ${event.title} finished — you placed ${place}, your prize: ${prize} is in your gifts`
      : `Tournament ${event.title} finished — you placed ${place}`;
  }
  if (skipped && !toGifts) {
    key = event.kind === 'lottery' ? 'notifications.lottery.skipped' : 'notifications.tournament.skipped';
    text += ' (your prize could not be given: bonuses are turned off)';
  }
  return {
    title,
    text,
    content: {
      icon: event.kind === 'lottery' ? 'ticket' : 'trophy',
      title,
      button: { path: button.path, title: button.title },
    },
    messageKey: key,
    messageParams: params,
  };
}

/** The notification of lottery tickets just issued: "You got 3 tickets in {title}", to the lottery's page. */
export function ticketsText(event: LotteryTicketsEvent): NotificationText {
  const title = 'Lottery tickets';
  const tickets = event.count === 1 ? '1 ticket' : `${event.count} tickets`;
  return {
    title,
    text: `You got ${tickets} in ${event.title}`,
    content: {
      icon: 'ticket',
      title,
      button: { path: `/lottery/${encodeURIComponent(event.slug)}`, title: 'To the lottery' },
    },
    messageKey: 'notifications.lottery.tickets',
    messageParams: { count: event.count, title: event.title, total: event.total },
  };
}
