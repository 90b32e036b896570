import { Link, useMatches } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { CoinMark, isVipStatus, usePoints, vipStatusOf } from '../../lib/loyalty';
import { useSession } from '../../lib/session';

/** The tester group: it sees the adventures' card whatever its status. */
export const TESTER_GROUP = 21;

/**
 * Which of the bookmark widget's cards show (spec section 5): the shop's while its static page
 * is served; the adventures' for a tester or a VIP player.
 */
export function bookmarkCards(shopEnabled: boolean, groups: readonly unknown[]): Array<'shop' | 'adventures'> {
  const cards: Array<'shop' | 'adventures'> = [];
  if (shopEnabled) cards.push('shop');
  if (groups.some((g) => Number(g) === TESTER_GROUP) || isVipStatus(vipStatusOf(groups))) cards.push('adventures');
  return cards;
}

/**
 * The floating bookmark widget of a signed-in player (docs/rules/comp-points.md "Bookmark
 * widget"): the shop's card with the points to spend, the adventures' card. It comes with the
 * player's header (not in a guest's page: the lobby's first JavaScript has no room for it). The
 * shell layout's data says whether the shop's page is served.
 */
export function BookmarkWidget() {
  const { t, locale } = useI18n();
  const { player } = useSession();
  const { chargeable } = usePoints();
  const shell = useMatches().find((match) => match.id.startsWith('shell@'))?.data as
    { shopEnabled?: boolean } | undefined;
  if (!player) return null;
  const cards = bookmarkCards(shell?.shopEnabled === true, player.groups);
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
    </nav>
  );
}
