/**
 * The promotions' rules without React (docs/rules/promotions.md): promo status and its timer,
 * the lists' order, the tabs of /tournaments, quests and achievements told from a tournament's
 * frontend identifier, quest levels and their states. Unit-tested in
 * apps/web/test/unit/promotions-rules.test.ts.
 */

export type PromoStatus = 'future' | 'active' | 'archive';

/** Anything with a running time (a tournament, a quest, a lottery). */
export type Timed = { start_at: string; end_at: string };

/** The status by the clock: future before the start, active until the end, archive afterwards. */
export function promoStatus(promo: Timed, now: number): PromoStatus {
  const start = Date.parse(promo.start_at);
  const end = Date.parse(promo.end_at);
  if (Number.isFinite(start) && now < start) return 'future';
  if (Number.isFinite(end) && now < end) return 'active';
  return 'archive';
}

const ORDER: Record<PromoStatus, number> = { active: 0, future: 1, archive: 2 };

/**
 * Lists show active before future before archive; within a status the one whose moment comes
 * first (active: ends sooner, future: starts sooner), archive: the latest finished first.
 */
export function sortPromos<T extends Timed>(list: readonly T[], now: number): T[] {
  const key = (p: T) => {
    const status = promoStatus(p, now);
    const moment = Date.parse(status === 'future' ? p.start_at : p.end_at) || 0;
    return { rank: ORDER[status], moment: status === 'archive' ? -moment : moment };
  };
  return [...list].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x.rank - y.rank || x.moment - y.moment;
  });
}

/**
 * The timer a card shows: future counts to the start ("start in"), active to the end ("time
 * left"), archive has none ("finished").
 */
export function promoTimer(
  promo: Timed,
  now: number,
): { label: 'startIn' | 'timeLeft' | 'finished'; until: string | null; status: PromoStatus } {
  const status = promoStatus(promo, now);
  if (status === 'future') return { label: 'startIn', until: promo.start_at, status };
  if (status === 'active') return { label: 'timeLeft', until: promo.end_at, status };
  return { label: 'finished', until: null, status };
}

// ---- kinds by the frontend identifier ------------------------------------------------------------

export type PromoKind = 'quest' | 'achievement' | 'tournament';

/** Quests' identifiers contain 'quest', achievements' 'achievement'; the rest are tournaments. */
export function promoKind(frontendIdentifier: string | null | undefined): PromoKind {
  const id = (frontendIdentifier ?? '').toLowerCase();
  if (id.includes('achievement')) return 'achievement';
  if (id.includes('quest')) return 'quest';
  return 'tournament';
}

/** Test quests (identifier containing 'ffc') show only with the test-quests flag on. */
export function isTestPromo(frontendIdentifier: string | null | undefined): boolean {
  return (frontendIdentifier ?? '').toLowerCase().includes('ffc');
}

export const QUEST_SIZES = ['xs', 's', 'm', 'robot-s', 'robot-m'] as const;
export type QuestSize = (typeof QUEST_SIZES)[number];

/**
 * A quest's size and slug from its frontend identifier split on '--': the size at index 1 (m
 * when missing or unknown), the slug at index 2 (else the whole identifier).
 */
export function parseQuestIdentifier(frontendIdentifier: string): { size: QuestSize; slug: string } {
  const parts = frontendIdentifier.split('--');
  const size = (QUEST_SIZES as readonly string[]).includes(parts[1] ?? '') ? (parts[1] as QuestSize) : 'm';
  const slug = parts[2] ? parts[2] : frontendIdentifier;
  return { size, slug };
}

/**
 * A player sees a promotion when they are in one of its groups (none: everybody); a player of
 * a special group sees only the quests of that group. `testQuests`: the flag.
 */
export function visiblePromos<T extends { frontend_identifier: string; group_ids?: readonly number[] | null }>(
  list: readonly T[],
  options: { testQuests: boolean; tester?: boolean; playerGroups?: readonly number[] },
): T[] {
  return list.filter((p) => {
    if (options.tester) return true;
    if (isTestPromo(p.frontend_identifier) && !options.testQuests) return false;
    const groups = p.group_ids ?? [];
    if (groups.length === 0) return true;
    return (options.playerGroups ?? []).some((g) => groups.includes(g));
  });
}

// ---- page paths ----------------------------------------------------------------------------------------

/**
 * A tournament's page slug: its identifier without the `tournament--` head (a tab's name keeps
 * the whole identifier, so that no page hides behind a tab).
 */
export function tournamentSlug(frontendIdentifier: string): string {
  const slug = frontendIdentifier.startsWith('tournament--') ? frontendIdentifier.slice('tournament--'.length) : '';
  return slug && !isTournamentTab(slug) ? slug : frontendIdentifier;
}

/** The page of a promotion (without locale): quests and achievements at /action/{slug}, tournaments at /tournaments/{slug}. */
export function promoPath(promo: { frontend_identifier: string }): string {
  const kind = promoKind(promo.frontend_identifier);
  if (kind !== 'tournament')
    return `/action/${encodeURIComponent(parseQuestIdentifier(promo.frontend_identifier).slug)}`;
  return `/tournaments/${encodeURIComponent(tournamentSlug(promo.frontend_identifier))}`;
}

/** The promotion a page's slug names (by its slug or its whole identifier), of the page's kind. */
export function findBySlug<T extends { frontend_identifier: string }>(
  list: readonly T[],
  slug: string,
  page: 'tournament' | 'action',
): T | undefined {
  return list.find((p) => {
    const kind = promoKind(p.frontend_identifier);
    if (p.frontend_identifier === slug) return page === 'action' ? kind !== 'tournament' : kind === 'tournament';
    if (page === 'action') return kind !== 'tournament' && parseQuestIdentifier(p.frontend_identifier).slug === slug;
    return kind === 'tournament' && tournamentSlug(p.frontend_identifier) === slug;
  });
}

// ---- the tabs of /tournaments -----------------------------------------------------------------------

export const TOURNAMENT_TABS = ['all', 'producers', 'lotteries', 'actions', 'live', 'achievements'] as const;
export type TournamentTab = (typeof TOURNAMENT_TABS)[number];

export function isTournamentTab(value: string | undefined): value is TournamentTab {
  return (TOURNAMENT_TABS as readonly string[]).includes(value ?? '');
}

/**
 * Which promotions a tab lists: all → tournaments (not quests or achievements); producers →
 * tournaments bound to providers; live → tournaments running now; actions → quests;
 * achievements → achievements. Lotteries are their own list.
 */
export function promosOfTab<T extends Timed & { frontend_identifier: string; providers?: readonly string[] | null }>(
  list: readonly T[],
  tab: TournamentTab,
  now: number,
): T[] {
  switch (tab) {
    case 'actions':
      return list.filter((p) => promoKind(p.frontend_identifier) === 'quest');
    case 'achievements':
      return list.filter((p) => promoKind(p.frontend_identifier) === 'achievement');
    case 'producers':
      return list.filter((p) => promoKind(p.frontend_identifier) === 'tournament' && (p.providers?.length ?? 0) > 0);
    case 'live':
      return list.filter((p) => promoKind(p.frontend_identifier) === 'tournament' && promoStatus(p, now) === 'active');
    case 'lotteries':
      return [];
    default:
      return list.filter((p) => promoKind(p.frontend_identifier) === 'tournament');
  }
}

// ---- quest levels -------------------------------------------------------------------------------------

export type LevelState = 'completed' | 'active' | 'locked';

/**
 * The level states from the player's bets against the thresholds (ascending, the first 0): the
 * current level is the highest whose threshold the bets reach; it is active, the ones below
 * completed, the ones above locked. The last level, once reached, is completed.
 */
export function questLevelStates(bets: number, thresholds: readonly number[]): LevelState[] {
  let current = -1;
  thresholds.forEach((threshold, i) => {
    if (bets >= threshold) current = i;
  });
  return thresholds.map((_, i) => {
    if (i < current) return 'completed';
    if (i === current) return i === thresholds.length - 1 ? 'completed' : 'active';
    return 'locked';
  });
}

/** Progress (0 … 1) from the current level's threshold to the next one's; 1 at the last level. */
export function levelProgress(bets: number, thresholds: readonly number[]): number {
  const states = questLevelStates(bets, thresholds);
  const current = states.indexOf('active');
  if (current < 0) return states.length > 0 && states.every((s) => s === 'completed') ? 1 : 0;
  const from = thresholds[current]!;
  const to = thresholds[current + 1]!;
  return Math.max(0, Math.min(1, (bets - from) / (to - from)));
}

// ---- leaderboard ---------------------------------------------------------------------------------------

/** The leaderboard shows this many players by default (spec). */
export const LEADERBOARD_SIZE = 5;

/**
 * The leaderboard's rows: the first `size` players, and the player's own row below them when
 * their place is further down (from their status when the head does not carry it).
 */
export function leaderboardRows<P extends { award_place: number; nickname: string; points: number; me: boolean }>(
  top: readonly P[],
  mine: { award_place: number | null; nickname: string; points: number } | null,
  size = LEADERBOARD_SIZE,
): { head: P[]; own: { award_place: number; nickname: string; points: number } | null } {
  const head = [...top].sort((a, b) => a.award_place - b.award_place).slice(0, size);
  if (head.some((p) => p.me)) return { head, own: null };
  const listed = top.find((p) => p.me);
  if (listed) return { head, own: listed };
  if (mine && mine.award_place !== null) return { head, own: { ...mine, award_place: mine.award_place } };
  return { head, own: null };
}

// ---- lotteries -------------------------------------------------------------------------------------

type ScaleRule = { from_amount_cents: number; price_cents: number };

/** The deposit scale of the player's currency, EUR when it has none; sorted by its threshold. */
export function depositScale(
  rules: Record<string, ScaleRule[]>,
  currency: string,
): { currency: string; rules: ScaleRule[] } {
  const own = rules[currency];
  if (own && own.length > 0)
    return { currency, rules: [...own].sort((a, b) => a.from_amount_cents - b.from_amount_cents) };
  return { currency: 'EUR', rules: [...(rules.EUR ?? [])].sort((a, b) => a.from_amount_cents - b.from_amount_cents) };
}

export type DrawCheck = { hashMatches: boolean; winners: number[]; winnersMatch: boolean };

/**
 * Re-runs a lottery's draw from what it published (docs/promotions.md "The draw"): the seed's
 * SHA-256 against the hash published before the draw, and the winning tickets recomputed with the
 * shared `drawTickets` against the published ones. The crypto is handed in (WebCrypto in the page).
 */
export async function checkDraw(
  draw: { server_seed_hash: string; server_seed: string | null; tickets_count: number; winning_tickets: number[] },
  lotteryId: number,
  places: number,
  crypto: {
    sha256: (text: string) => Promise<string>;
    drawTickets: (seed: string, lotteryId: number, tickets: number, places: number) => Promise<number[]>;
  },
): Promise<DrawCheck | null> {
  if (!draw.server_seed) return null;
  const [hash, winners] = await Promise.all([
    crypto.sha256(draw.server_seed),
    crypto.drawTickets(draw.server_seed, lotteryId, draw.tickets_count, places),
  ]);
  return {
    hashMatches: hash === draw.server_seed_hash.toLowerCase(),
    winners,
    winnersMatch:
      winners.length === draw.winning_tickets.length && winners.every((t, i) => t === draw.winning_tickets[i]),
  };
}
