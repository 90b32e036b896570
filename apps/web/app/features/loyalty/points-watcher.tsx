import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useRealtime } from '../../realtime/client';
import { Toast } from '../../ui/toast';
import {
  awardedPoints,
  clearPoints,
  isPointsState,
  loadPoints,
  loyaltyChanged,
  PointsBalance,
  putHeardLootbox,
  putHeardVipProgress,
  putPoints,
} from '../../lib/shell-loyalty';
import { currentSession, setPlayer } from '../../lib/session';

/**
 * The signed-in player's comp points, kept live (mount it only while a player is signed in):
 * loads them, listens to the private `comps_award` channel (and `groups_updates`, for the VIP
 * badge) and empties the store when unmounted
 * (sign-out, a 401). Points that arrive are told in a notice with the way to the shop
 * (docs/rules/comp-points.md "Points in the shell").
 */
/**
 * A `groups_updates` message: the player's groups and statuses after a change of VIP status or
 * level, put into the session (the VIP badge and the pages that read the groups follow).
 */
function onGroups(data: unknown) {
  const update = data as { groups?: unknown; statuses?: unknown } | null;
  const player = currentSession().player;
  if (!player || !Array.isArray(update?.groups) || !Array.isArray(update.statuses)) return;
  setPlayer({ ...player, groups: update.groups, statuses: update.statuses as typeof player.statuses });
  loyaltyChanged();
}

export function PointsWatcher() {
  const [notice, setNotice] = useState<{ points: number; n: number } | null>(null);
  const onAward = useCallback((data: unknown) => {
    const awarded = awardedPoints(data);
    if (isPointsState(data)) putPoints(data);
    else void loadPoints(true);
    if (awarded > 0) setNotice((shown) => ({ points: awarded, n: (shown?.n ?? 0) + 1 }));
    loyaltyChanged();
  }, []);
  useRealtime('comps_award', onAward);
  useRealtime('groups_updates', onGroups);
  // Payments and gifts move the VIP progress and the adventure's days (their pages reload on it).
  useRealtime('payments_changes', loyaltyChanged);
  useRealtime('bonuses_changes', loyaltyChanged);
  useRealtime('freespins_changes', loyaltyChanged);
  // A loot box issued, opened or expired: the wheel page and the bookmark's card reload on it.
  useRealtime('lootboxes_changes', putHeardLootbox);
  // The VIP club's progress after bets and deposits: the club's page shows it as it comes.
  useRealtime('vip_progress', putHeardVipProgress);
  useEffect(() => {
    void loadPoints();
    return clearPoints;
  }, []);
  const close = useCallback(() => setNotice(null), []);
  return notice ? <PointsToast key={notice.n} points={notice.points} onClose={close} /> : null;
}

function PointsToast({ points, onClose }: { points: number; onClose: () => void }) {
  const { t, locale } = useI18n();
  return (
    <Toast onClose={onClose} tone="info" testId="points-notice" className="points-notice">
      <p>{t('loyalty.notice.award', { count: points })}</p>
      <p>
        <Link to={localizePath('/rocket-mart', locale)} onClick={onClose}>
          {t('loyalty.notice.link')}
        </Link>
      </p>
    </Toast>
  );
}

/** The player menu's entry: the points and the way to the shop. */
export function PointsMenuLink() {
  const { locale } = useI18n();
  return (
    <Link to={localizePath('/rocket-mart', locale)} className="points-menu-link" data-testid="menu-points">
      <PointsBalance />
    </Link>
  );
}

/** The drawer's entry: the points to spend, the way to the shop. */
export function DrawerPoints() {
  const { locale } = useI18n();
  return (
    <Link to={localizePath('/rocket-mart', locale)} className="side-menu__points">
      <PointsBalance testId="drawer-points" />
    </Link>
  );
}
