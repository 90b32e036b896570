import type { Tournament } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link, useMatches } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { CoinMark, isVipStatus, usePoints, vipStatusOf } from '../../lib/loyalty';
import { useSession } from '../../lib/session';

/** The tester group: it sees the adventures' card whatever its status. */
export const TESTER_GROUP = 21;

type BookmarkCard = 'shop' | 'adventures' | 'quests';

/**
 * Which of the bookmark widget's cards show (spec section 5): the shop's while its static page
 * is served; the adventures' for a tester or a VIP player; the quests' while at least one quest runs.
 */
export function bookmarkCards(shopEnabled: boolean, groups: readonly unknown[], questRunning = false): BookmarkCard[] {
  const cards: BookmarkCard[] = [];
  if (shopEnabled) cards.push('shop');
  if (groups.some((g) => Number(g) === TESTER_GROUP) || isVipStatus(vipStatusOf(groups))) cards.push('adventures');
  if (questRunning) cards.push('quests');
  return cards;
}

/** The first quest running at `now` (the server's list, which shows test quests only to testers). */
export function runningQuest<T extends Pick<Tournament, 'kind' | 'start_at' | 'end_at'>>(
  list: readonly T[],
  now: number,
): T | undefined {
  return list.find((t) => t.kind === 'quest' && Date.parse(t.start_at) <= now && now < Date.parse(t.end_at));
}

/** The player's running quest (`GET /api/tournaments`, once per player; null: none or not known). */
function useRunningQuest(playerId: number | null): Tournament | null {
  const [quest, setQuest] = useState<Tournament | null>(null);
  useEffect(() => {
    if (playerId === null) return setQuest(null);
    let live = true;
    browserApi()
      .get<Tournament[]>('/api/tournaments')
      .then(
        (list) => live && setQuest((Array.isArray(list) && runningQuest(list, Date.now())) || null),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [playerId]);
  return quest;
}

/**
 * The floating bookmark widget of a signed-in player (docs/rules/comp-points.md "Bookmark
 * widget"): the shop's card with the points to spend, the adventures' card, the running quest's
 * card (docs/rules/promotions.md "Bookmark widget"). It comes with the
 * player's header (not in a guest's page: the lobby's first JavaScript has no room for it). The
 * shell layout's data says whether the shop's page is served.
 */
export function BookmarkWidget() {
  const { t, locale } = useI18n();
  const { player } = useSession();
  const { chargeable } = usePoints();
  const quest = useRunningQuest(player?.id ?? null);
  const shell = useMatches().find((match) => match.id.startsWith('shell@'))?.data as
    { shopEnabled?: boolean } | undefined;
  if (!player) return null;
  const cards = bookmarkCards(shell?.shopEnabled === true, player.groups, quest !== null);
  if (cards.length === 0) return null;
  return (
    <nav className="bookmarks" aria-label={t('loyalty.bookmarks.label')} data-testid="bookmarks">
      {cards.includes('shop') ? (
        <Link to={localizePath('/rocket-mart', locale)} className="bookmarks__card" data-testid="bookmark-shop">
          <CoinMark size={22} />
          <span className="bookmarks__title">{t('loyalty.bookmarks.shop')}</span>
          {chargeable !== null ? (
            <span className="bookmarks__note">{t('loyalty.points', { count: chargeable })}</span>
          ) : null}
        </Link>
      ) : null}
      {cards.includes('adventures') ? (
        <Link
          to={localizePath('/vip-club', locale) + '#adventure'}
          className="bookmarks__card"
          data-testid="bookmark-adventures"
        >
          <span className="bookmarks__icon" aria-hidden="true">
            ★
          </span>
          <span className="bookmarks__title">{t('loyalty.bookmarks.adventures')}</span>
        </Link>
      ) : null}
      {cards.includes('quests') && quest ? (
        <Link
          to={localizePath(`/action/${encodeURIComponent(quest.questSlug ?? quest.frontend_identifier)}`, locale)}
          className="bookmarks__card"
          data-testid="bookmark-quests"
        >
          <span className="bookmarks__icon" aria-hidden="true">
            ⚑
          </span>
          <span className="bookmarks__title">{t('loyalty.bookmarks.quests')}</span>
          <span className="bookmarks__note">{quest.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
