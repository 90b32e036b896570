import type { VipProgress, VipStatusKey } from '@orbit/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { ManagerPanel, useLoyaltyChanges, useManager, VIP_ORDER } from '../../lib/loyalty';
import { useSession } from '../../lib/session';
import { useDateTimeFormat } from '../../lib/use-clock';
import { AdventureCalendar } from './adventure';
import { hasProgressBar, vipCardState, vipFallback } from './rules';
import { VipEmblem } from './vip-art';
import './vip.css';

/** Minor units of a currency as the player reads them (the route hands the cashbox's formatting in). */
export type MoneyFormat = (cents: number, currency: string) => string;

type VipStatusCard = {
  key: VipStatusKey;
  currency: string;
  deposit_threshold_cents: number;
  bet_threshold_cents: number;
  life_long: boolean;
};

const vipApi = {
  progress: () => browserApi().get<VipProgress>('/jam/vip_status_progress'),
  statuses: () => browserApi().get<VipStatusCard[]>('/api/vip/statuses'),
};

/** Whole percent of a 0 … 1 share (floored). */
const percent = (share: number) => Math.max(0, Math.min(100, Math.floor(share * 100 + 1e-9)));

/**
 * The VIP club (docs/rules/vip-club.md): a visitor sees the statuses and the registration prompt;
 * a player their status, this quarter's progress to the next (none for diamond), the compare
 * carousel of the statuses (achieved, current, next, locked), their personal manager and the
 * adventure calendar. The progress is asked again when the player's groups, payments or points
 * change (realtime); when it cannot be loaded the page shows the spec's fallback.
 */
export function VipClub({ money }: { money: MoneyFormat }) {
  const { t, locale } = useI18n();
  const session = useSession();
  const player = session.player;
  const location = useLocation();
  const [progress, setProgress] = useState<{ value: VipProgress; fallback: boolean } | null>(null);
  const [statuses, setStatuses] = useState<VipStatusCard[]>([]);
  const manager = useManager(player ? player.groups : null);
  const playerId = player?.id ?? null;
  const currency = player?.currency ?? 'EUR';

  const load = useCallback(() => {
    void vipApi.statuses().then(
      (list) => Array.isArray(list) && setStatuses(list),
      () => undefined,
    );
    if (playerId === null) return;
    void vipApi.progress().then(
      (value) => setProgress({ value, fallback: false }),
      () => setProgress({ value: vipFallback(currency), fallback: true }),
    );
  }, [playerId, currency]);
  useEffect(load, [load]);

  // Live: a new status, a payment or points from bets (heard by the player's header) move the
  // progress. Asked again a second later, and once more a few seconds on: a deposit is counted by
  // the server after its payment's message, with nothing of its own to tell.
  const changes = useLoyaltyChanges();
  const first = useRef(changes);
  useEffect(() => {
    if (changes === first.current) return;
    const soon = setTimeout(load, 1_000);
    const later = setTimeout(load, 4_000);
    return () => {
      clearTimeout(soon);
      clearTimeout(later);
    };
  }, [changes, load]);

  const cards: VipStatusCard[] =
    statuses.length > 0
      ? statuses
      : VIP_ORDER.map(({ key }) => ({
          key,
          currency,
          deposit_threshold_cents: 0,
          bet_threshold_cents: 0,
          life_long: key === 'diamond',
        }));

  return (
    <div className="page vip" data-testid="vip-club">
      <section className="vip-hero" aria-labelledby="vip-title">
        <h1 id="vip-title">{t('vip.title')}</h1>
        <p>{t('vip.intro')}</p>
      </section>

      {session.status === 'unknown' ? (
        <p className="vip__loading" role="status">
          {t('common.loading')}
        </p>
      ) : !player ? (
        <section className="vip-card vip-prompt" data-testid="vip-register">
          <h2>{t('vip.prompt.title')}</h2>
          <p>{t('vip.prompt.text')}</p>
          <Link
            to={localizePath('/sign-up', locale)}
            state={{ background: location }}
            preventScrollReset
            className="button button--primary"
          >
            {t('auth.signUp')}
          </Link>
        </section>
      ) : progress ? (
        <StatusCard progress={progress.value} fallback={progress.fallback} money={money} />
      ) : (
        <p className="vip__loading" role="status">
          {t('common.loading')}
        </p>
      )}

      <section aria-labelledby="vip-compare-title">
        <h2 id="vip-compare-title">{t('vip.compare')}</h2>
        <ol className="vip-carousel" data-testid="vip-carousel">
          {cards.map((card) => {
            const state = player && progress ? vipCardState(card.key, progress.value.currentStatus) : null;
            return (
              <li
                key={card.key}
                className={`vip-level vip-level--${card.key}${state ? ` is-${state}` : ''}`}
                data-state={state ?? undefined}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <VipEmblem status={card.key} />
                <p className="vip-level__name">{t(`vip.status.${card.key}`)}</p>
                {state ? <p className="vip-level__state">{t(`vip.card.${state}`)}</p> : null}
                {card.key === 'regular' ? (
                  <p className="vip-level__terms">{t('vip.card.everyone')}</p>
                ) : card.deposit_threshold_cents > 0 ? (
                  <p className="vip-level__terms">
                    {t('vip.card.thresholds', {
                      deposit: money(card.deposit_threshold_cents, card.currency),
                      bets: money(card.bet_threshold_cents, card.currency),
                    })}
                  </p>
                ) : null}
                <p className="vip-level__kind">{t(card.life_long ? 'vip.card.lifeLong' : 'vip.card.quarter')}</p>
              </li>
            );
          })}
        </ol>
      </section>

      {player && manager ? <ManagerPanel manager={manager} /> : null}

      {player ? <AdventureCalendar money={money} manager={manager} /> : null}
    </div>
  );
}

/** The player's status, how long it holds and this quarter's progress to the next. */
function StatusCard({ progress, fallback, money }: { progress: VipProgress; fallback: boolean; money: MoneyFormat }) {
  const { t } = useI18n();
  const format = useDateTimeFormat();
  const status = progress.currentStatus;
  const value = percent(progress.overallProgress);
  return (
    <section className="vip-card vip-status" aria-labelledby="vip-status-title" data-testid="vip-status">
      <p className="vip-status__kicker">{t('vip.yourStatus')}</p>
      <h2
        id="vip-status-title"
        className={`vip-status__name vip-status__name--${status}`}
        data-testid="vip-status-name"
      >
        {t(`vip.status.${status}`)}
      </h2>
      {fallback ? (
        <p className="vip__hint" data-testid="vip-fallback">
          {t('vip.fallback')}
        </p>
      ) : null}
      {status === 'diamond' ? (
        <p>{t('vip.diamond')}</p>
      ) : progress.validUntil ? (
        <p className="vip__hint">{t('vip.validUntil', { at: format(progress.validUntil) })}</p>
      ) : null}
      {hasProgressBar(status) && progress.nextStatus ? (
        <>
          <div
            className="vip-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-label={t('vip.progressLabel', { status: t(`vip.status.${progress.nextStatus}`) })}
            data-testid="vip-progress"
          >
            <span className="vip-bar__fill" style={{ width: `${value}%` }} />
          </div>
          <p className="vip-status__percent">
            {t('vip.progress', { percent: value, status: t(`vip.status.${progress.nextStatus}`) })}
          </p>
          <ul className="vip-sums">
            <li data-testid="vip-deposits">
              {t('vip.deposits', {
                amount: money(progress.depositAmountCents, progress.currency),
                threshold: money(progress.depositThresholdCents, progress.currency),
              })}
            </li>
            <li data-testid="vip-bets">
              {t('vip.bets', {
                amount: money(progress.betSumCents, progress.currency),
                threshold: money(progress.betSumThresholdCents, progress.currency),
              })}
            </li>
          </ul>
        </>
      ) : null}
    </section>
  );
}
