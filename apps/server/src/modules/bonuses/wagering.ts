/**
 * Wagering (docs/bonuses.md), from the ledger's movements after they commit (the outbox's
 * batches, never on the bet's path): stakes count towards the running bonus's requirement, a bonus
 * that reached it pays out, one whose money ran out is lost, bonus money left after its bonus ended
 * is settled, and a cashout forfeits the deposit bonuses still waiting to be activated.
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PlayerBonus } from '@orbit/contracts';
import { bigintArray, type Executor, type Tx } from '../../platform/db/executor';
import { hasOpenBonusRound, roundFacts, settle } from '../games';
import { playerBalances, playersBalances, playsOf, type TransferEvent } from '../wallet';
import { maxWinOf, payout, wageredOf, wageringSharePercent } from './rules';
import type { BonusLifecycle, BonusEnd } from './lifecycle';
import { cashoutPayment, type BonusRow, type Standing } from './rows';
import { playerBonuses } from './schema';

export class BonusWagering {
  constructor(private readonly lifecycle: BonusLifecycle) {}

  /**
   * The ledger's movements of a batch (outbox, after the bets' own commits, never on their path):
   * each stake of a player whose bonus wagers adds its contribution; a bonus that reached its
   * requirement pays out, one whose money fell under the minimum bet is lost; bonus money won
   * after its bonus ended is paid out or forfeited as that bonus ended.
   */
  async onTransfers(
    tx: Tx,
    events: ReadonlyArray<{ transfer: TransferEvent; at: Date }>,
  ): Promise<Array<{ userId: number; templateId: number; title: string; bonus: PlayerBonus }>> {
    const players = new Set<number>();
    for (const { transfer } of events) {
      if (!['bet', 'win', 'rollback', 'jackpot'].includes(transfer.kind)) continue;
      if ('player' in transfer.from) players.add(transfer.from.player);
      if ('player' in transfer.to) players.add(transfer.to.player);
    }
    if (players.size === 0) return [];
    const wagering = await tx
      .select()
      .from(playerBonuses)
      .where(and(inArray(playerBonuses.userId, [...players]), eq(playerBonuses.stage, 'handle_bets')))
      .for('update');
    const byPlayer = new Map(wagering.map((b) => [b.userId, b]));
    // The stakes (and refunds) of players whose bonus wagers, in its currency, made since it was
    // activated; their rounds' games decide the contribution.
    const stakes = await settle(
      tx,
      playsOf(events).filter((play) => {
        const bonus = byPlayer.get(play.userId);
        return (
          play.kind !== 'win' &&
          bonus !== undefined &&
          bonus.currency === play.currency &&
          bonus.activatedAt !== null &&
          play.at >= bonus.activatedAt
        );
      }),
    );
    const leftovers = new Set<string>();
    // Only bonus money leaving can make a bonus run out: players whose bonus account paid something.
    const spentBonus = new Set<number>();
    for (const { transfer } of events) {
      if ('player' in transfer.from && transfer.from.kind === 'bonus') spentBonus.add(transfer.from.player);
      // Bonus money arriving with no bonus wagering (a round's win after its bonus ended).
      if ('player' in transfer.to && transfer.to.kind === 'bonus' && !byPlayer.has(transfer.to.player))
        leftovers.add(`${transfer.to.player}:${transfer.currency}`);
    }
    // The batch's progress in one statement (the rows are locked above), and the balances of the
    // players it concerns in one read: per batch, not per bonus (docs/performance.md "bench:wallet").
    const progressed: BonusRow[] = [];
    for (const bonus of wagering) {
      // Stake × share in percent: a bet's parts add up exactly as the whole bet (rules.ts `wageredOf`).
      let added = 0;
      for (const play of stakes)
        if (play.userId === bonus.userId && play.roundId !== undefined)
          added += play.stakeCents * wageringSharePercent(bonus.contributions, play.round?.categories ?? []);
      if (added === 0) continue;
      const basis = Math.max(0, bonus.wageredBasis + added);
      progressed.push({ ...bonus, wageredBasis: basis, wageredCents: wageredOf(basis) });
    }
    if (progressed.length > 0)
      await tx.execute(sql`update ${playerBonuses} set wagered_basis = p.basis, wagered_cents = p.cents
        from unnest(${bigintArray(progressed.map((b) => b.id))}, ${bigintArray(progressed.map((b) => b.wageredBasis))},
          ${bigintArray(progressed.map((b) => b.wageredCents))}) as p (id, basis, cents)
        where ${playerBonuses.id} = p.id`);
    const progressedById = new Map(progressed.map((b) => [b.id, b]));
    const balances = await playersBalances(tx, [
      ...new Set([
        ...progressed.map((b) => b.userId),
        ...wagering.filter((b) => spentBonus.has(b.userId)).map((b) => b.userId),
      ]),
    ]);
    const bonusMoney = (row: BonusRow) =>
      balances.get(row.userId)?.find((b) => b.currency === row.currency)?.bonus ?? 0;
    // With the template and title, so the push can name the bonus in its player's locale.
    const changed: Array<{ userId: number; templateId: number; title: string; bonus: PlayerBonus }> = [];
    for (const bonus of wagering) {
      const row = progressedById.get(bonus.id) ?? bonus;
      if (row.wageredCents >= row.wagerRequirementCents) await this.finish(tx, row, 'wager_done');
      else if (spentBonus.has(row.userId) && (await this.outOfMoney(tx, row, bonusMoney(row))))
        await this.finish(tx, row, 'lost');
      else if (progressedById.has(row.id))
        changed.push({
          userId: row.userId,
          templateId: row.templateId,
          title: row.title,
          bonus: this.present(row, bonusMoney(row), { running: row, waiting: [], canIssue: true }),
        });
    }
    for (const key of leftovers) {
      const [userId, currency] = key.split(':') as [string, string];
      await this.settleLeftover(tx, Number(userId), currency);
    }
    return changed;
  }

  /**
   * A cashout forfeits every deposit bonus of its currency still waiting to be activated whose
   * deposit came before it (the cashout may have taken that deposit's money): they end `canceled`,
   * no money moved (docs/bonuses.md "Cashouts"). Told by the ledger's `cashout_reserve` transfers,
   * written in the cashout's own transaction. It never waits for a bonus row another transaction
   * holds (the batch may hold other players' locks): it fails instead, and the outbox delivers the
   * event again a moment later.
   */
  async onCashouts(tx: Tx, transfers: readonly TransferEvent[]): Promise<void> {
    // The latest cashout per player and currency (payment ids grow), the rest being covered by it.
    const latest = new Map<string, { userId: number; currency: string; paymentId: number }>();
    for (const transfer of transfers) {
      if (transfer.kind !== 'cashout_reserve' || !('player' in transfer.from)) continue;
      const paymentId = cashoutPayment(transfer);
      const key = `${transfer.from.player}:${transfer.currency}`;
      const known = latest.get(key);
      if (!known || paymentId > known.paymentId)
        latest.set(key, { userId: transfer.from.player, currency: transfer.currency, paymentId });
    }
    const cashouts = [...latest.values()].sort((a, b) => a.userId - b.userId || a.currency.localeCompare(b.currency));
    for (const { userId, currency, paymentId } of cashouts) {
      const forfeited = await tx
        .select()
        .from(playerBonuses)
        .where(
          and(
            eq(playerBonuses.userId, userId),
            eq(playerBonuses.currency, currency),
            eq(playerBonuses.kind, 'deposit'),
            eq(playerBonuses.stage, 'issued'),
            lt(playerBonuses.paymentId, paymentId),
          ),
        )
        .orderBy(asc(playerBonuses.id))
        .for('update', { noWait: true });
      for (const row of forfeited) await this.finish(tx, row, 'canceled');
    }
  }

  /** A round lost with bonus money (no transfer tells of it): the player's bonus may have run out. */
  async onRoundLost(tx: Tx, roundId: number): Promise<void> {
    const facts = (await roundFacts(tx, [roundId])).get(roundId);
    if (!facts) return;
    const [bonus] = await tx
      .select()
      .from(playerBonuses)
      .where(and(eq(playerBonuses.userId, facts.userId), eq(playerBonuses.stage, 'handle_bets')))
      .for('update');
    if (bonus && (await this.outOfMoney(tx, bonus))) await this.finish(tx, bonus, 'lost');
    // The last open round of an ended bonus: bonus money its earlier wins left behind is settled now.
    if (!bonus) await this.settleLeftover(tx, facts.userId, facts.currency);
  }

  /** The bonus money cannot make a bet any more and no round with bonus money is still to be won. */
  private async outOfMoney(tx: Executor, bonus: BonusRow, bonusMoney?: number): Promise<boolean> {
    const money = bonusMoney ?? (await playerBalances(tx, bonus.userId, [bonus.currency]))[0]?.bonus ?? 0;
    if (money >= bonus.minBetCents) return false;
    return !(await hasOpenBonusRound(tx, bonus.userId, bonus.currency, bonus.activatedAt ?? bonus.createdAt));
  }

  /** Bonus money with no bonus wagering: paid out as its last bonus ended (within its max win), else forfeited. */
  private async settleLeftover(tx: Tx, userId: number, currency: string): Promise<void> {
    const [balance] = await playerBalances(tx, userId, [currency], { lock: true });
    const amount = balance?.bonus ?? 0;
    if (amount <= 0) return;
    if (await hasOpenBonusRound(tx, userId, currency, new Date(0))) return;
    const [last] = await tx
      .select()
      .from(playerBonuses)
      .where(
        and(
          eq(playerBonuses.userId, userId),
          eq(playerBonuses.currency, currency),
          inArray(playerBonuses.stage, ['wager_done', 'lost', 'canceled', 'expired']),
        ),
      )
      .orderBy(desc(playerBonuses.finishedAt), desc(playerBonuses.id))
      .limit(1)
      .for('update');
    if (!last) return;
    const split =
      last.stage === 'wager_done'
        ? payout(amount, maxWinOf(last), last.convertedCents)
        : { toReal: 0, forfeit: amount };
    // Keyed by the amount already settled for the bonus, so each late arrival is its own movement.
    const step = `${last.convertedCents + last.forfeitedCents}`;
    await this.moveOut(tx, last, split, `late:${step}`);
  }

  // The lifecycle's steps, under the names the handlers above call them by.

  private finish(tx: Executor, row: BonusRow, stage: BonusEnd): Promise<void> {
    return this.lifecycle.finish(tx, row, stage);
  }

  private present(row: BonusRow, bonusBalance: number, standing: Standing): PlayerBonus {
    return this.lifecycle.present(row, bonusBalance, standing);
  }

  private moveOut(tx: Executor, row: BonusRow, split: { toReal: number; forfeit: number }, step: string) {
    return this.lifecycle.moveOut(tx, row, split, step);
  }
}
