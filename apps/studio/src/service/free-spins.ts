/**
 * Free spins (docs/provider-protocol.md "Free spins"): the grants the platform issues and cancels,
 * kept in the studio's state by `freespin_id`, and which of them a session may play now. Playing a
 * spin is a round like any other (`engine.ts`, `playFreeSpin`); this part keeps the books: what is
 * offered, what the platform's answers and refusals leave of a grant, and when a grant is gone.
 */
import type { FreespinIssueRequest, WalletErrorCode } from '@orbit/contracts';
import { isStepGame, type AnyGameMath } from '../games/types';
import type { FreeSpins } from '../protocol';
import type { StudioLog } from './options';
import type { FreespinGrant, StudioSession, StudioState } from './store';

/** A grant is forgotten this long after its `valid_until` (an issue sent again by then offers nothing). */
export const GRANT_KEPT_MS = 7 * 24 * 3_600_000;

/** What the grants' books need of the engine's core. */
export type FreeSpinDeps = {
  options: { provider: string };
  state: StudioState;
  clock: () => Date;
  nowIso: () => string;
  slotGames: ReadonlySet<string>;
  findGame: (slug: string) => AnyGameMath | undefined;
  logger: () => StudioLog;
};

/** What a free spin of a grant plays on a game: the game's bet at the grant's bet level. */
export type FreeSpinPlay = { grant: FreespinGrant; bet: unknown; stake: number };

export type FreeSpinGrants = ReturnType<typeof freeSpinGrants>;

export function freeSpinGrants(deps: FreeSpinDeps) {
  const offers = grantOffers(deps);
  const books = grantBooks(deps, offers.offersFreeSpins);
  return {
    offersFreeSpins: offers.offersFreeSpins,
    usableGrant: offers.usableGrant,
    freeSpinsView: offers.freeSpinsView,
    issue: books.issue,
    cancel: books.cancel,
    noteLeft: books.noteLeft,
    noteRefused: books.noteRefused,
    pruneGrants: books.pruneGrants,
  };
}

const grantsOf = (state: StudioState): Record<string, FreespinGrant> => (state.freespins ??= {});

/** The game's bet staking exactly `stake`, or undefined when the game takes no such bet (not a multiple of its coin). */
function betAt(game: AnyGameMath, stake: number): unknown {
  try {
    const bet: unknown = game.parseBet({ stake });
    return game.stake(bet) === stake ? bet : undefined;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** Whether a spin of the grant may be played now (not cancelled, refused, used up or expired). */
const live = (g: FreespinGrant, now: Date) =>
  !g.canceled && g.refused === undefined && g.left > 0 && now.getTime() < Date.parse(g.valid_until);

/** What a session is offered: its usable grant, as its answers show it. */
function grantOffers({ options, state, clock, slotGames, findGame }: FreeSpinDeps) {
  /** Free spins are a slot's: one-shot rounds staking only a stake (never a step game nor the crash table). */
  const offersFreeSpins = (game: AnyGameMath) => slotGames.has(game.slug) && !isStepGame(game);

  const listsGame = (g: FreespinGrant, slug: string) =>
    g.games.some((listed) => listed === slug || listed === `${options.provider}/${slug}`);

  /**
   * The grant the session's next free spin plays: the first issued of its player's live grants for
   * its currency and game; undefined in demo play, for a game without free spins, or when none.
   */
  function usableGrant(s: StudioSession): FreeSpinPlay | undefined {
    const game = findGame(s.game);
    if (s.mode !== 'real' || s.player_id === undefined || !game || !offersFreeSpins(game)) return undefined;
    const now = clock();
    const candidates = Object.values(grantsOf(state))
      .filter(
        (g) => g.player_id === s.player_id && g.currency === s.currency && listsGame(g, game.slug) && live(g, now),
      )
      .sort((a, b) => a.issued_at.localeCompare(b.issued_at) || a.id.localeCompare(b.id));
    for (const grant of candidates) {
      const bet = betAt(game, grant.bet_level_cents);
      if (bet !== undefined) return { grant, bet, stake: grant.bet_level_cents };
    }
    return undefined;
  }

  /** The session's free spins as its answers show them (null: none to play). */
  function freeSpinsView(s: StudioSession): FreeSpins | null {
    const usable = usableGrant(s);
    if (!usable) return null;
    const { grant } = usable;
    return {
      id: grant.id,
      left: grant.left,
      total: grant.count,
      bet_level_cents: grant.bet_level_cents,
      won_cents: grant.won_cents,
    };
  }

  return { offersFreeSpins, usableGrant, freeSpinsView };
}

/** A grant as the platform's issue call sends it, nothing played yet. */
function issuedGrant(request: FreespinIssueRequest, issuedAt: string): FreespinGrant {
  return {
    id: request.freespin_id,
    player_id: request.player_id,
    currency: request.currency,
    games: [...request.games],
    count: request.count,
    left: request.count,
    bet_level_cents: request.bet_level_cents,
    valid_until: new Date(Date.parse(request.valid_until)).toISOString(),
    canceled: false,
    won_cents: 0,
    issued_at: issuedAt,
  };
}

/** A grant cancelled before its issue call arrived: it offers nothing. */
function cancelledGrant(id: string, now: string): FreespinGrant {
  return {
    id,
    player_id: '',
    currency: '',
    games: [],
    count: 0,
    left: 0,
    bet_level_cents: 0,
    valid_until: now,
    canceled: true,
    won_cents: 0,
    issued_at: now,
  };
}

/** The grant's spins whose `freespin` call the studio still owes (counted by the platform once delivered). */
function owedSpins(state: StudioState, id: string): number {
  let owed = 0;
  for (const call of state.pending) {
    if (call.action !== 'freespin' || call.state !== 'pending') continue;
    if ((JSON.parse(call.body) as { freespin_id?: unknown }).freespin_id === id) owed++;
  }
  return owed;
}

/** The grants' books: the platform's issues and cancels, what its answers leave of a grant, the old ones forgotten. */
function grantBooks(
  { options, state, clock, nowIso, findGame, logger }: FreeSpinDeps,
  offersFreeSpins: (game: AnyGameMath) => boolean,
) {
  const grants = () => grantsOf(state);
  const grantOf = (id: string) => (Object.hasOwn(grants(), id) ? grants()[id] : undefined);

  /**
   * The platform's issue call: the grant kept as sent. Issuing an id again changes nothing. False
   * when the body says no time (`valid_until` is not a date).
   */
  function issue(request: FreespinIssueRequest): boolean {
    if (Number.isNaN(Date.parse(request.valid_until))) return false;
    if (grantOf(request.freespin_id)) return true;
    grants()[request.freespin_id] = issuedGrant(request, nowIso());
    const playable = request.games.some((slug) => {
      const game = findGame(slug.startsWith(`${options.provider}/`) ? slug.slice(options.provider.length + 1) : slug);
      return game !== undefined && offersFreeSpins(game) && betAt(game, request.bet_level_cents) !== undefined;
    });
    if (!playable)
      logger().warn(
        { freespin_id: request.freespin_id, games: request.games, bet_level_cents: request.bet_level_cents },
        'studio: free spins issued for no game that can play them at that bet level',
      );
    return true;
  }

  /**
   * The platform's cancel call: the grant offers no more spins. An id not (yet) known is kept as
   * cancelled, so that an issue call arriving after it (a retry overtaken) offers nothing.
   */
  function cancel(id: string): void {
    const grant = grantOf(id);
    if (grant) {
      grant.canceled = true;
      return;
    }
    grants()[id] = cancelledGrant(id, nowIso());
  }

  /** The platform's answer to a spin: its `freespins_left`, less the spins it has not heard of yet. */
  function noteLeft(id: string, freespinsLeft: number): void {
    const grant = grantOf(id);
    if (grant) grant.left = Math.max(0, Math.min(grant.count, freespinsLeft - owedSpins(state, id)));
  }

  /** The platform refused a spin of the grant as used up or unknown: it offers no more. */
  function noteRefused(id: string, code: WalletErrorCode): boolean {
    if (code !== 'freespins_used' && code !== 'freespin_not_found') return false;
    const grant = grantOf(id);
    if (grant) {
      grant.refused = code;
      grant.left = 0;
    }
    return true;
  }

  /** Forgets the grants over for a while (expired a week ago); their spins were played or lost by then. */
  function pruneGrants(now = clock()): void {
    for (const [id, grant] of Object.entries(grants()))
      if (now.getTime() - Date.parse(grant.valid_until) > GRANT_KEPT_MS && owedSpins(state, id) === 0)
        delete grants()[id];
  }

  return { issue, cancel, noteLeft, noteRefused, pruneGrants };
}
