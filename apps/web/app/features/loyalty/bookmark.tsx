import type { Lootbox, Tournament } from '@orbit/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { CoinMark, isVipStatus, useLoyaltyChanges, usePoints, vipStatusOf } from '../../lib/shell-loyalty';
import { useSession } from '../../lib/session';
import { Icon } from '../../ui/icons';

/** The tester group: it sees the adventures' card whatever its status. */
export const TESTER_GROUP = 21;

type BookmarkCard = 'shop' | 'adventures' | 'quests' | 'lootbox';

/** The player groups whose wheel segment set is their own: the loot-box card shows for them. */
export const WHEEL_GROUPS = [21, 1308, 1309];

/** Issued loot boxes whose group key starts `manual_wheel` or `wheel` count as active. */
export function activeLootboxes<T extends { stage: string; group_key: string }>(boxes: readonly T[]): T[] {
  return boxes.filter((b) => b.stage === 'issued' && /^(manual_wheel|wheel)/.test(b.group_key));
}

/**
 * Which of the bookmark widget's cards show (spec section 5): the shop's while its static page
 * is served; the loot box's for a player in a wheel group or with an active loot box; the
 * adventures' for a tester or a VIP player; the quests' while at least one quest runs.
 */
export function bookmarkCards(
  shopEnabled: boolean,
  groups: readonly unknown[],
  questRunning = false,
  activeBoxes = 0,
): BookmarkCard[] {
  const cards: BookmarkCard[] = [];
  if (shopEnabled) cards.push('shop');
  if (activeBoxes > 0 || groups.some((g) => WHEEL_GROUPS.includes(Number(g)))) cards.push('lootbox');
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

/** The player's active loot boxes, asked again when a loot box or a payment changes (`lib/shell-loyalty`). */
function useActiveBoxes(playerId: number | null): number {
  const [count, setCount] = useState(0);
  const changes = useLoyaltyChanges();
  useEffect(() => {
    if (playerId === null) return setCount(0);
    let live = true;
    browserApi()
      .get<Lootbox[]>('/api/player/lootboxes')
      .then(
        (list) => live && setCount(Array.isArray(list) ? activeLootboxes(list).length : 0),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [playerId, changes]);
  return count;
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

/** The bookmark cards the signed-in player has (`bookmarkCards`), with what they show; null: a guest. */
function useBookmarks() {
  const { player } = useSession();
  const { chargeable } = usePoints();
  const quest = useRunningQuest(player?.id ?? null);
  const boxes = useActiveBoxes(player?.id ?? null);
  const shell = useMatches().find((match) => match.id.startsWith('shell@'))?.data as
    { shopEnabled?: boolean } | undefined;
  if (!player) return null;
  const cards = bookmarkCards(shell?.shopEnabled === true, player.groups, quest !== null, boxes);
  return { cards, chargeable, quest, boxes };
}

/** The cards as links: the widget's column, or the drawer's list (`className` styles each). */
function BookmarkLinks({
  bookmarks,
  className,
  testIdPrefix,
}: {
  bookmarks: NonNullable<ReturnType<typeof useBookmarks>>;
  className: string;
  testIdPrefix: string;
}) {
  const { t, locale } = useI18n();
  const { cards, chargeable, quest, boxes } = bookmarks;
  return (
    <>
      {cards.includes('shop') ? (
        <Link to={localizePath('/rocket-mart', locale)} className={className} data-testid={`${testIdPrefix}-shop`}>
          <CoinMark size={22} />
          <span className="bookmarks__title">{t('loyalty.bookmarks.shop')}</span>
          {chargeable !== null ? (
            <span className="bookmarks__note">{t('loyalty.points', { count: chargeable })}</span>
          ) : null}
        </Link>
      ) : null}
      {cards.includes('lootbox') ? (
        <Link to={localizePath('/wheel', locale)} className={className} data-testid={`${testIdPrefix}-lootbox`}>
          <span className="bookmarks__icon" aria-hidden="true">
            ◎
          </span>
          <span className="bookmarks__title">{t('loyalty.bookmarks.lootbox')}</span>
          {boxes > 0 ? (
            <span className="bookmarks__note">{t('loyalty.bookmarks.lootboxes', { count: boxes })}</span>
          ) : null}
        </Link>
      ) : null}
      {cards.includes('adventures') ? (
        <Link
          to={localizePath('/vip-club', locale) + '#adventure'}
          className={className}
          data-testid={`${testIdPrefix}-adventures`}
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
          className={className}
          data-testid={`${testIdPrefix}-quests`}
        >
          <span className="bookmarks__icon" aria-hidden="true">
            ⚑
          </span>
          <span className="bookmarks__title">{t('loyalty.bookmarks.quests')}</span>
          <span className="bookmarks__note">{quest.title}</span>
        </Link>
      ) : null}
    </>
  );
}

/**
 * The floating bookmark widget of a signed-in player (docs/rules/comp-points.md "Bookmark
 * widget"): the shop's card with the points to spend, the adventures' card, the running quest's
 * card (docs/rules/promotions.md "Bookmark widget"). It comes with the
 * player's header (not in a guest's page: the lobby's first JavaScript has no room for it). The
 * shell layout's data says whether the shop's page is served.
 *
 * Folded by default to a narrow tab on the right edge, inside the page's margin, so that it covers
 * nothing (docs/page-shell.md "Layers"); the tab unfolds the cards over the page, and the close
 * button, Escape, a click elsewhere or another page fold them again. Not drawn on a game page,
 * nor on a phone, whose drawer lists the same cards (`DrawerBookmarks`).
 *
 * `support`: the support chat's tab (composed by the player's header from the support feature),
 * under the cards' tab; with it the widget is drawn even when no card is.
 */
export function BookmarkWidget({ support = null }: { support?: ReactNode }) {
  const { t } = useI18n();
  const bookmarks = useBookmarks();
  const [open, setOpen] = useState(false);
  const widget = useRef<HTMLElement>(null);
  const tab = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      tab.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!widget.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  const cards = bookmarks !== null && bookmarks.cards.length > 0;
  if (!bookmarks || (!cards && !support)) return null;
  return (
    <nav
      className="bookmarks"
      aria-label={t('loyalty.bookmarks.label')}
      data-testid="bookmarks"
      data-open={open ? '' : undefined}
      ref={widget}
    >
      <div className="bookmarks__tabs">
        {cards ? (
          <button
            type="button"
            ref={tab}
            className="bookmarks__tab"
            aria-label={t('loyalty.bookmarks.label')}
            aria-expanded={open}
            aria-controls="bookmarks-cards"
            onClick={() => setOpen((was) => !was)}
          >
            <Icon name="star" size={16} />
          </button>
        ) : null}
        {support}
      </div>
      {cards ? (
        <div className="bookmarks__cards" id="bookmarks-cards" hidden={!open}>
          <BookmarkLinks bookmarks={bookmarks} className="bookmarks__card" testIdPrefix="bookmark" />
        </div>
      ) : null}
    </nav>
  );
}

/**
 * The same cards in the drawer, where a phone (which has no widget) reaches them; the shop's
 * stays out, the drawer's points already lead there.
 */
export function DrawerBookmarks() {
  const { t } = useI18n();
  const found = useBookmarks();
  const bookmarks = found && { ...found, cards: found.cards.filter((card) => card !== 'shop') };
  if (!bookmarks || bookmarks.cards.length === 0) return null;
  return (
    <nav className="side-menu__bookmarks" aria-label={t('loyalty.bookmarks.label')} data-testid="drawer-bookmarks">
      <BookmarkLinks bookmarks={bookmarks} className="side-menu__bookmark" testIdPrefix="drawer-bookmark" />
    </nav>
  );
}
