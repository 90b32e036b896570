import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawTickets } from '@orbit/contracts';
import { activeLootboxes, bookmarkCards, runningQuest } from '../../app/features/loyalty/bookmark';
import { runningTournaments } from '../../app/features/tournaments/tournaments-watcher';
import { hintDue } from '../../app/lib/shell-loyalty';
import {
  lootboxShown,
  segmentAt,
  segmentChances,
  segmentSetFor,
  wheelLandingAngle,
  wheelTier,
  wonIndex,
} from '../../app/features/wheels/rules';
import {
  checkDraw,
  depositScale,
  findBySlug,
  isTestPromo,
  leaderboardRows,
  levelProgress,
  parseQuestIdentifier,
  promoKind,
  promoPath,
  promosOfTab,
  promoStatus,
  promoTimer,
  questLevelStates,
  sortPromos,
  visiblePromos,
} from '../../app/features/tournaments/rules';
import { activeNavHref, isTournamentsPath } from '../../app/features/shell/nav';
import { timeLeft } from '../../app/lib/use-clock';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
const promo = (id: number, start: number, end: number, frontend_identifier = `tournament--t${id}`) => ({
  id,
  start_at: at(start),
  end_at: at(end),
  frontend_identifier,
  providers: [] as string[],
  group_ids: [] as number[],
});

describe('promo status and timers', () => {
  it('derives the status from the times', () => {
    expect(promoStatus(promo(1, 1, 2), NOW)).toBe('future');
    expect(promoStatus(promo(1, -1, 2), NOW)).toBe('active');
    expect(promoStatus(promo(1, 0, 2), NOW)).toBe('active');
    expect(promoStatus(promo(1, -2, 0), NOW)).toBe('archive');
    expect(promoStatus(promo(1, -2, -1), NOW)).toBe('archive');
  });
  it('labels the timer: start in to the start, time left to the end, finished without one', () => {
    expect(promoTimer(promo(1, 1, 2), NOW)).toEqual({ label: 'startIn', until: at(1), status: 'future' });
    expect(promoTimer(promo(1, -1, 2), NOW)).toEqual({ label: 'timeLeft', until: at(2), status: 'active' });
    expect(promoTimer(promo(1, -2, -1), NOW)).toEqual({ label: 'finished', until: null, status: 'archive' });
    expect(timeLeft(at(26.5), NOW)).toEqual({ days: 1, clock: '02:30:00' });
  });
  it('sorts active before future before archive', () => {
    const list = [promo(1, -5, -1), promo(2, 2, 3), promo(3, -1, 5), promo(4, 1, 3), promo(5, -1, 2), promo(6, -9, -3)];
    expect(sortPromos(list, NOW).map((p) => p.id)).toEqual([5, 3, 4, 2, 1, 6]);
  });
});

describe('kinds, quests and tabs', () => {
  it('tells quests and achievements from their identifier; test quests by ffc', () => {
    expect(promoKind('quest--s--spin-week')).toBe('quest');
    expect(promoKind('achievement--xs--first-win')).toBe('achievement');
    expect(promoKind('tournament--weekly')).toBe('tournament');
    expect(isTestPromo('quest--m--ffc-check')).toBe(true);
    expect(isTestPromo('quest--m--spin')).toBe(false);
  });
  it('parses size (index 1, default m) and slug (index 2)', () => {
    expect(parseQuestIdentifier('quest--xs--starter')).toEqual({ size: 'xs', slug: 'starter' });
    expect(parseQuestIdentifier('quest--robot-m--steel')).toEqual({ size: 'robot-m', slug: 'steel' });
    expect(parseQuestIdentifier('quest--huge--x')).toEqual({ size: 'm', slug: 'x' });
    expect(parseQuestIdentifier('quest')).toEqual({ size: 'm', slug: 'quest' });
  });
  it('gives each promotion its page and finds it again by the slug', () => {
    const list = [
      promo(1, -1, 1, 'tournament--weekly'),
      promo(2, -1, 1, 'quest--s--spin'),
      promo(3, -1, 1, 'tournament--live'),
    ];
    expect(promoPath(list[0]!)).toBe('/tournaments/weekly');
    expect(promoPath(list[1]!)).toBe('/action/spin');
    // A slug that is a tab's name keeps the whole identifier.
    expect(promoPath(list[2]!)).toBe('/tournaments/tournament--live');
    expect(findBySlug(list, 'weekly', 'tournament')?.id).toBe(1);
    expect(findBySlug(list, 'spin', 'action')?.id).toBe(2);
    expect(findBySlug(list, 'spin', 'tournament')).toBeUndefined();
    expect(findBySlug(list, 'tournament--live', 'tournament')?.id).toBe(3);
  });
  it('lists each tab its own', () => {
    const list = [
      { ...promo(1, -1, 1), providers: ['orbit'] },
      promo(2, 1, 2),
      promo(3, -1, 1, 'quest--s--a'),
      promo(4, -1, 1, 'achievement--xs--b'),
    ];
    const ids = (tab: Parameters<typeof promosOfTab>[1]) => promosOfTab(list, tab, NOW).map((p) => p.id);
    expect(ids('all')).toEqual([1, 2]);
    expect(ids('producers')).toEqual([1]);
    expect(ids('live')).toEqual([1]);
    expect(ids('actions')).toEqual([3]);
    expect(ids('achievements')).toEqual([4]);
    expect(ids('lotteries')).toEqual([]);
  });
  it('hides test quests unless the flag (or the tester flag) is on, and group promotions from others', () => {
    const list = [
      promo(1, -1, 1, 'quest--m--ffc-try'),
      { ...promo(2, -1, 1, 'quest--m--vip'), group_ids: [259] },
      promo(3, -1, 1),
    ];
    expect(visiblePromos(list, { testQuests: false }).map((p) => p.id)).toEqual([3]);
    expect(visiblePromos(list, { testQuests: true }).map((p) => p.id)).toEqual([1, 3]);
    expect(visiblePromos(list, { testQuests: false, playerGroups: [259] }).map((p) => p.id)).toEqual([2, 3]);
    expect(visiblePromos(list, { testQuests: false, tester: true }).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('quest levels', () => {
  const xs = [0, 15_000, 50_000, 100_000, 500_000, 1_500_000];
  it('marks the highest reached level active, the ones below completed, the rest locked', () => {
    expect(questLevelStates(0, xs)).toEqual(['active', 'locked', 'locked', 'locked', 'locked', 'locked']);
    expect(questLevelStates(15_000, xs)).toEqual(['completed', 'active', 'locked', 'locked', 'locked', 'locked']);
    expect(questLevelStates(499_999, xs)).toEqual([
      'completed',
      'completed',
      'completed',
      'active',
      'locked',
      'locked',
    ]);
    expect(questLevelStates(9_000_000, xs)).toEqual(Array(6).fill('completed'));
  });
  it('measures the way to the next level', () => {
    expect(levelProgress(0, xs)).toBe(0);
    expect(levelProgress(32_500, xs)).toBeCloseTo(0.5);
    expect(levelProgress(2_000_000, xs)).toBe(1);
    expect(levelProgress(10, [])).toBe(0);
  });
});

describe('leaderboard', () => {
  const row = (award_place: number, me = false) => ({
    award_place,
    nickname: `p${award_place}`,
    points: 100 - award_place,
    me,
  });
  it('shows the first five and the player below them when further down', () => {
    const top = [row(3), row(1), row(2), row(4), row(5), row(6)];
    expect(leaderboardRows(top, null).head.map((r) => r.award_place)).toEqual([1, 2, 3, 4, 5]);
    expect(leaderboardRows(top, null).own).toBeNull();
    expect(leaderboardRows([...top.slice(0, 5), row(9, true)], null).own?.award_place).toBe(9);
    expect(leaderboardRows(top, { award_place: 14, nickname: 'me', points: 1 }).own?.award_place).toBe(14);
    expect(leaderboardRows([row(1, true), row(2)], { award_place: 1, nickname: 'me', points: 1 }).own).toBeNull();
    expect(leaderboardRows(top, { award_place: null, nickname: 'me', points: 0 }).own).toBeNull();
  });
});

describe('navigation highlight of the tournaments item', () => {
  const menu = ['/', '/pokies/top', '/live/live', '/tournaments'];
  it('is active for /arena, /promo, /tournaments, /quests and /leaderboard, not /promotions', () => {
    for (const path of ['/arena', '/promo/x', '/tournaments', '/tournaments/weekly', '/quests', '/leaderboard/1'])
      expect(activeNavHref(menu, path), path).toBe('/tournaments');
    expect(activeNavHref(menu, '/promotions')).toBeNull();
    expect(activeNavHref(['/de', '/de/tournaments'], '/de/arena')).toBe('/de/tournaments');
    expect(activeNavHref(menu, '/pokies/top')).toBe('/pokies/top');
    expect(isTournamentsPath('/promo')).toBe(true);
    expect(isTournamentsPath('/promotions')).toBe(false);
    expect(isTournamentsPath('/profile')).toBe(false);
  });
});

describe('lotteries', () => {
  const sha256 = async (text: string) => createHash('sha256').update(text).digest('hex');
  const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
  const crypto = {
    sha256,
    drawTickets: (seed: string, id: number, tickets: number, places: number) =>
      drawTickets(hmac, seed, id, tickets, places),
  };
  it("takes the player's currency's deposit scale, else EUR's, by threshold", () => {
    const rules = {
      EUR: [
        { from_amount_cents: 10_000, price_cents: 1_000 },
        { from_amount_cents: 2_000, price_cents: 2_000 },
      ],
    };
    expect(depositScale(rules, 'USD')).toEqual({ currency: 'EUR', rules: [rules.EUR[1], rules.EUR[0]] });
    expect(depositScale({ ...rules, USD: [{ from_amount_cents: 500, price_cents: 500 }] }, 'USD').currency).toBe('USD');
  });
  it('recomputes the draw from the revealed seed and catches a seed or a result that does not match', async () => {
    const seed = 'a'.repeat(64);
    const winning = await drawTickets(hmac, seed, 7, 30, 5);
    expect(new Set(winning).size).toBe(5);
    const draw = {
      server_seed_hash: await sha256(seed),
      server_seed: seed,
      tickets_count: 30,
      winning_tickets: winning,
    };
    expect(await checkDraw(draw, 7, 5, crypto)).toEqual({ hashMatches: true, winners: winning, winnersMatch: true });
    expect((await checkDraw({ ...draw, winning_tickets: [...winning].reverse() }, 7, 5, crypto))?.winnersMatch).toBe(
      false,
    );
    expect((await checkDraw(draw, 8, 5, crypto))?.winnersMatch).toBe(false);
    expect((await checkDraw({ ...draw, server_seed_hash: await sha256('other') }, 7, 5, crypto))?.hashMatches).toBe(
      false,
    );
    expect(await checkDraw({ ...draw, server_seed: null }, 7, 5, crypto)).toBeNull();
  });
});

describe('shell: bounce hints and the quests bookmark', () => {
  it('bounces while there are more than the player last saw', () => {
    expect(hintDue(2, null)).toBe(true);
    expect(hintDue(0, null)).toBe(false);
    expect(hintDue(2, 2)).toBe(false);
    expect(hintDue(3, 2)).toBe(true);
    expect(hintDue(1, 2)).toBe(false);
  });
  it('counts running tournaments (not quests, not future or finished ones)', () => {
    const kind = (p: ReturnType<typeof promo>) => ({ ...p, kind: promoKind(p.frontend_identifier) });
    const list = [
      promo(1, -1, 1),
      promo(2, 1, 2),
      promo(3, -2, -1),
      promo(4, -1, 1, 'quest--s--a'),
      promo(5, -1, 3),
    ].map(kind);
    expect(runningTournaments(list, NOW)).toBe(2);
  });
  it('shows the quests card only while a quest runs', () => {
    const quest = (start: number, end: number) => ({ kind: 'quest' as const, start_at: at(start), end_at: at(end) });
    expect(
      runningQuest([{ ...quest(-1, 1), kind: 'tournament' as const }, quest(1, 2), quest(-2, -1)], NOW),
    ).toBeUndefined();
    expect(runningQuest([quest(1, 2), quest(-1, 1)], NOW)).toEqual(quest(-1, 1));
    expect(bookmarkCards(false, [1117], true)).toEqual(['quests']);
    expect(bookmarkCards(true, [21], false)).toEqual(['shop', 'lootbox', 'adventures']);
    // The loot box's card: a wheel group (21, 1308, 1309) or an active wheel box.
    expect(bookmarkCards(false, [1308])).toEqual(['lootbox']);
    expect(bookmarkCards(false, [1117], false, 1)).toEqual(['lootbox']);
    const box = (stage: string, group_key: string) => ({ stage, group_key });
    expect(
      activeLootboxes([
        box('issued', 'wheel_rocket_pro'),
        box('issued', 'manual_wheel_x'),
        box('activated', 'wheel_rocket_lite'),
        box('issued', 'shop_box'),
      ]),
    ).toHaveLength(2);
  });
});

describe('loot-box wheel', () => {
  const box = (
    stage: 'issued' | 'activated' | 'canceled' | 'expired',
    activated: number | null = null,
    validUntil: number | null = 24,
  ) => ({
    stage,
    activated_at: activated === null ? null : at(activated),
    valid_until: validUntil === null ? null : at(validUntil),
  });
  it('shows a box only if not expired and not opened, or opened the same day (its activated_at)', () => {
    expect(lootboxShown(box('issued'), NOW)).toBe(true);
    expect(lootboxShown(box('issued', null, null), NOW)).toBe(true);
    expect(lootboxShown(box('issued', null, -1), NOW)).toBe(false);
    expect(lootboxShown(box('expired'), NOW)).toBe(false);
    expect(lootboxShown(box('activated', -1), NOW)).toBe(true);
    expect(lootboxShown(box('activated', -48), NOW)).toBe(false);
    expect(lootboxShown(box('activated'), NOW)).toBe(false);
  });
  it('turns the wheel to land the drawn segment under the pointer, after whole turns', () => {
    for (const count of [6, 8, 12])
      for (let index = 0; index < count; index++) {
        const angle = wheelLandingAngle(index, count, 0);
        expect(angle).toBeGreaterThanOrEqual(5 * 360);
        expect(segmentAt(angle, count), `${index} of ${count}`).toBe(index);
        const again = wheelLandingAngle((index + 1) % count, count, angle);
        expect(again).toBeGreaterThan(angle + 5 * 360 - 1);
        expect(segmentAt(again, count)).toBe((index + 1) % count);
      }
    expect(wheelLandingAngle(1, 4, 0)).toBe(5 * 360 + 270);
    expect(wheelTier('wheel_rocket_pro')).toBe('PRO');
    expect(wheelTier('shop_box')).toBeNull();
    expect(wonIndex({ items: [{ prize: false }, { prize: true }] as never })).toBe(1);
  });
});

describe('segments wheel', () => {
  it("picks the player's first wheel group's set, else the default", () => {
    const sets = { '21': ['a'], '1309': ['c'], default: ['d'] };
    expect(segmentSetFor(sets, [1117, 1309, 21])).toEqual(['a']);
    expect(segmentSetFor(sets, [1309])).toEqual(['c']);
    expect(segmentSetFor(sets, [1308])).toEqual(['d']);
    expect(segmentSetFor({}, [21])).toEqual([]);
  });
  it('chances by weight', () => {
    expect(segmentChances([5000, 2000, 1400, 820, 470, 250, 50, 10])).toEqual([
      '50',
      '20',
      '14',
      '8',
      '5',
      '3',
      '<1',
      '<1',
    ]);
  });
});
