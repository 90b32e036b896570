import type { VipProgress, VipStatusKey } from '@orbit/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { SignUpLink } from '../../ui/sign-up-link';
import { ManagerPanel, useHeardVipProgress, useManager, VIP_ORDER } from '../../lib/shell-loyalty';
import { useSession } from '../../lib/session';
import { useDateTimeFormat } from '../../lib/use-clock';
import type { MoneyFormat } from '../../lib/money-format';
import { AdventureCalendar } from './adventure';
import { hasProgressBar, vipCardState, vipFallback } from './rules';
import { VipEmblem } from './vip-art';
import './vip.css';

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
 * The club's statuses and the player's progress (a guest: none; failing: the spec's fallback),
 * then the progress the server pushes.
 */
function useVipProgress(playerId: number | null, currency: string) {
  const [progress, setProgress] = useState<{ value: VipProgress; fallback: boolean } | null>(null);
  const [statuses, setStatuses] = useState<VipStatusCard[]>([]);
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

  // Live: the server pushes the progress after every batch of bets and every deposit it counts
  // (`vip_progress`, heard by the player's header); a new status (the quarter's end) is asked for.
  const pushed = useHeardVipProgress();
  useEffect(() => {
    if (pushed && pushed.userId === playerId) setProgress({ value: pushed, fallback: false });
  }, [pushed, playerId]);
  const groups = useSession().player?.groups.join(',');
  const knownGroups = useRef(groups);
  useEffect(() => {
    if (groups === knownGroups.current) return;
    knownGroups.current = groups;
    load();
  }, [groups, load]);
  return { progress, statuses };
}

/**
 * The VIP club (docs/rules/vip-club.md): a visitor sees the statuses and the registration prompt;
 * a player their status, this quarter's progress to the next (none for diamond), the compare
 * carousel of the statuses (achieved, current, next, locked), their personal manager and the
 * adventure calendar. The progress is asked again when the player's groups, payments or points
 * change (realtime); when it cannot be loaded the page shows the spec's fallback.
 */
export function VipClub({ money }: { money: MoneyFormat }) {
  const { t } = useI18n();
  const session = useSession();
  const player = session.player;
  const manager = useManager(player ? player.groups : null);
  const playerId = player?.id ?? null;
  const currency = player?.currency ?? 'EUR';

  const { progress, statuses } = useVipProgress(playerId, currency);

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
          <SignUpLink />
        </section>
      ) : progress ? (
        <StatusCard progress={progress.value} fallback={progress.fallback} money={money} />
      ) : (
        <p className="vip__loading" role="status">
          {t('common.loading')}
        </p>
      )}

      <CompareCarousel cards={cards} current={player && progress ? progress.value.currentStatus : null} money={money} />

      {player && manager ? <ManagerPanel manager={manager} /> : null}

      {player ? <AdventureCalendar money={money} manager={manager} /> : null}
    </div>
  );
}

/** The statuses compared: what each asks and lasts, and (for a player) achieved, current, next or locked. */
function CompareCarousel({
  cards,
  current,
  money,
}: {
  cards: VipStatusCard[];
  /** The player's status (null: a guest's page, or not known yet). */
  current: VipStatusKey | null;
  money: MoneyFormat;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="vip-compare-title">
      <h2 id="vip-compare-title">{t('vip.compare')}</h2>
      <ol className="vip-carousel" data-testid="vip-carousel">
        {cards.map((card) => {
          const state = current ? vipCardState(card.key, current) : null;
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
