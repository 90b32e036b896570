/**
 * Deposits played through (docs/promotions.md "Deposits played through"): what a deposit brings
 * (a wheel to spin, lottery tickets, VIP club and adventure progress) comes once the player's
 * real-money bets after it add up to its amount; a cashout in its currency before then gives it
 * up. Shared by the pages that promise something for a deposit (the wheel, a lottery) and the
 * cashout form's warning: `GET /api/cashbox/deposits/waiting`, typed by the contract.
 */
import { useEffect, useState } from 'react';
import type { WaitingDeposit, WaitingDepositsResponse } from '@orbit/contracts';
import { browserApi } from './api';
import { useI18n } from './i18n';
import type { MoneyFormat } from './money-format';

export const waitingDepositsApi = {
  list: () => browserApi().get<WaitingDepositsResponse>('/api/cashbox/deposits/waiting'),
};

/**
 * The signed-in player's deposits not yet played through, oldest first; asked again when the
 * player changes. Null for a guest, until the answer, or when it fails (nothing is claimed then).
 */
export function useWaitingDeposits(playerId: number | null): WaitingDeposit[] | null {
  const [deposits, setDeposits] = useState<WaitingDeposit[] | null>(null);
  useEffect(() => {
    setDeposits(null);
    if (playerId === null) return;
    let live = true;
    waitingDepositsApi.list().then(
      (answer) => live && setDeposits(Array.isArray(answer?.deposits) ? answer.deposits : []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [playerId]);
  return deposits;
}

/** A currency's waiting deposits together: how many, their amount, what is left to bet. */
export function waitingIn(
  deposits: readonly WaitingDeposit[],
  currency: string,
): { count: number; amountCents: number; leftCents: number } {
  const mine = deposits.filter((d) => d.currency === currency);
  return {
    count: mine.length,
    amountCents: mine.reduce((sum, d) => sum + d.amount_cents, 0),
    leftCents: mine.reduce((sum, d) => sum + Math.max(0, d.amount_cents - d.played_cents), 0),
  };
}

/**
 * The rule as list items for a page's rules (the wheel's, a lottery's), and for a signed-in
 * player each deposit still waiting with what is left to bet.
 */
export function PlayThroughRules({ playerId, money }: { playerId: number | null; money: MoneyFormat }) {
  const { t } = useI18n();
  const deposits = useWaitingDeposits(playerId);
  return (
    <>
      <li data-testid="play-through-rule">{t('playThrough.rule')}</li>
      {(deposits ?? []).map((d) => (
        <li key={d.payment_id} data-testid="deposit-waiting">
          {t('playThrough.waiting', {
            amount: money(d.amount_cents, d.currency),
            left: money(Math.max(0, d.amount_cents - d.played_cents), d.currency),
          })}
        </li>
      ))}
    </>
  );
}
