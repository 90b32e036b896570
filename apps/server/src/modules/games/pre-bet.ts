/**
 * The one check every real-money bet and launch passes before money moves. Other modules plug
 * their rules in (responsible-gambling limits, bonus max bet) with `add`; the first refusal wins.
 * The games module itself never reads those modules' tables.
 */
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { WalletErrorCode } from '@orbit/contracts';
import { TtlCache } from '../../platform/cache';
import { Checks } from '../../platform/checks';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { preBetRuleVersions } from './schema';

export type PreBetInput = {
  userId: number;
  currency: string;
  /** Catalogue identifier (`orbit/stellar-sevens`). */
  game: string;
  /** The bet's amount; 0 when a real game is launched. */
  amountCents: number;
  at: Date;
  /** Where to read: the bet's own transaction when the bet is serialized (see `counting`). */
  executor?: Executor | undefined;
};
export type PreBetRefusal = Extract<
  WalletErrorCode,
  'player_excluded' | 'limit_reached' | 'bonus_max_bet' | 'bonus_game_restricted' | 'game_disabled'
>;
/**
 * Rules a check keeps for a player that depend only on rows raising the player's rules version
 * and on the bet itself (its currency, game and amount): the door decides the player's next bets
 * with them in memory while that version stands (a bonus's max bet and games).
 */
export type PreBetTerms = { terms: (input: PreBetInput) => PreBetRefusal | null };
/**
 * A refusal, null (passes), or a pass with more to say:
 * - `counting`: the rule counts the player's earlier bets (a wager or loss limit), so two bets sent
 *   at once could each pass alone; the wallet then checks again and places the bet under a lock of
 *   the player, in one transaction.
 * - `unrestricted`: the check has no rule for this player at all, and will have none until a row
 *   it reads changes. Every table such a check reads must raise the player's rules version in a
 *   trigger (`sql/pre_bet_rules_changed.sql`): bets of a player every check left
 *   unrestricted (or gave terms) skip the checks while that version stands.
 * - terms (`PreBetTerms`): the check's rules for this player, decided in memory from then on, on
 *   the same condition as `unrestricted`.
 */
export type PreBetVerdict = PreBetRefusal | 'counting' | 'unrestricted' | PreBetTerms | null;
export type PreBetCheck = (input: PreBetInput) => Promise<PreBetVerdict>;

/** What a bet is told at the door: its verdict and, for a cleared player, the rules version its statement must still find. */
export type BetClearance = { verdict: PreBetRefusal | 'counting' | null; rulesVersion: number | null };

/** A cleared player: the rules version read before the checks ran, and the terms the checks gave. */
type Clearance = { version: number; terms: PreBetTerms[] };

/** How long and how many cleared players are kept (their versions keep them true; this bounds memory). */
const CLEARED_TTL_MS = 10 * 60_000;
const CLEARED_MAX = 50_000;

/** The door every real bet and launch passes. */
export class PreBetChecks extends Checks<PreBetInput, Exclude<PreBetVerdict, null>> {
  /** Players no check restricted beyond terms, cleared at their rules version. */
  private readonly cleared = new TtlCache<Clearance>(CLEARED_TTL_MS, CLEARED_MAX);
  /** Players a check restricted last time: their version is not read (it would not be used). */
  private readonly restricted = new TtlCache<true>(CLEARED_TTL_MS, CLEARED_MAX);

  constructor(private readonly db: Db) {
    super('pre-bet', ['counting']);
  }

  override add(name: string, check: PreBetCheck): void {
    super.add(name, check);
    // A new rule: players cleared without it are not cleared by it.
    this.cleared.clear();
    this.restricted.clear();
  }

  /** Launches and the serialized bet's second look: the verdict, `unrestricted` and terms met being a plain pass. */
  override async run(input: PreBetInput): Promise<PreBetRefusal | 'counting' | null> {
    const verdict = await this.verdict(input);
    if (verdict === 'unrestricted') return null;
    if (Array.isArray(verdict)) return termsVerdict(verdict, input);
    return verdict;
  }

  /**
   * A bet's verdict. A player every check leaves unrestricted, or gives terms, is cleared at the
   * rules version read before the checks ran, and their next bets skip the checks (the terms are
   * applied in memory): the wallet runs a bet's statement only while the version is still that
   * one, so a rule set on any instance applies to the next bet. When the version has moved, the
   * wallet calls `forget` and asks again.
   */
  async forBet(input: PreBetInput): Promise<BetClearance> {
    const key = String(input.userId);
    const known = await this.cleared.peek(key);
    if (known !== undefined) {
      const refusal = termsVerdict(known.terms, input);
      if (refusal === null) return { verdict: null, rulesVersion: known.version };
      // A refusal by remembered terms is trusted only at the version they were given at: no
      // statement runs to tell that it moved.
      if ((await rulesVersion(this.db, input.userId)) === known.version)
        return { verdict: refusal, rulesVersion: null };
      this.forget(input.userId);
    }
    const version = this.restricted.peek(key) ? null : await rulesVersion(this.db, input.userId);
    const verdict = await this.verdict(input);
    if (verdict !== 'unrestricted' && !Array.isArray(verdict)) {
      this.restricted.set(key, true);
      return { verdict, rulesVersion: null };
    }
    this.restricted.delete(key);
    const terms = verdict === 'unrestricted' ? [] : verdict;
    // A player restricted before had no version read: cleared from their next bet on.
    if (version !== null) this.cleared.set(key, { version, terms });
    const refusal = termsVerdict(terms, input);
    return refusal ? { verdict: refusal, rulesVersion: null } : { verdict: null, rulesVersion: version };
  }

  /** The player's rules version moved since they were cleared: their next bet is checked again. */
  forget(userId: number): void {
    this.cleared.delete(String(userId));
  }

  /**
   * The first refusal; else `counting` if a check counts; else a pass if a check passes without
   * more to say; else the terms given (none: `unrestricted`).
   */
  private async verdict(
    input: PreBetInput,
  ): Promise<PreBetRefusal | 'counting' | 'unrestricted' | PreBetTerms[] | null> {
    let counting = false;
    let clearable = true;
    const terms: PreBetTerms[] = [];
    for (const { check } of this.checks) {
      const verdict = await check(input);
      if (verdict === 'unrestricted') continue;
      if (typeof verdict === 'object' && verdict !== null) {
        terms.push(verdict);
        continue;
      }
      clearable = false;
      if (verdict === 'counting') counting = true;
      else if (verdict !== null) return verdict;
    }
    if (counting) return termsVerdict(terms, input) ?? 'counting';
    if (!clearable) return termsVerdict(terms, input);
    return terms.length === 0 ? 'unrestricted' : terms;
  }
}

/** The first refusal of these terms for this bet, or null. */
function termsVerdict(terms: readonly PreBetTerms[], input: PreBetInput): PreBetRefusal | null {
  for (const { terms: refusal } of terms) {
    const verdict = refusal(input);
    if (verdict) return verdict;
  }
  return null;
}

/** SQL: whether the player's rules version is still `version` (a cleared bet's statement runs only then). */
export function rulesStillAt(userId: SQLWrapper | number, version: SQLWrapper | number): SQL {
  return sql`coalesce((select ${preBetRuleVersions.version} from ${preBetRuleVersions} where ${preBetRuleVersions.userId} = ${userId}::bigint), 0) = ${version}::bigint`;
}

async function rulesVersion(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ version: preBetRuleVersions.version })
    .from(preBetRuleVersions)
    .where(eq(preBetRuleVersions.userId, userId));
  return row?.version ?? 0;
}
