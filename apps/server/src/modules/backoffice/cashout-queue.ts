/**
 * The cashout queue (docs/backoffice.md "The cashout queue"): the cashouts waiting for an
 * operator, oldest first, each with the facts a finance operator decides on, and the decision
 * itself, made by the cashbox in its transaction with the audit entry written inside it.
 */
import type { FastifyInstance } from 'fastify';
import type { BackofficeCashout, BackofficeDecisionRequest, Payment } from '@orbit/contracts';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import { openBonusCount } from '../bonuses';
import {
  paymentTotals,
  playersSharingCard,
  presentPayment,
  waitingCashouts,
  type CashoutDecisionHook,
} from '../cashbox';
import { playersSharingWith, playerSince } from '../identity';
import { verificationStatusOf } from '../verification';
import { listCurrencies } from '../wallet';
import { appendAudit, type Actor } from './audit';
import type { PlayerDesk } from './player-desk';

const DAY_MS = 86_400_000;

export class CashoutQueue {
  constructor(
    private readonly db: Db,
    private readonly desk: PlayerDesk,
    private readonly decisions: FastifyInstance['orbitCashoutDecisions'],
  ) {}

  async page(page: number, perPage: number, now: Date): Promise<{ data: BackofficeCashout[]; total: number }> {
    const { rows, total } = await waitingCashouts(this.db, page, perPage);
    const units = await subunitsByCurrency(this.db);
    const data: BackofficeCashout[] = [];
    for (const row of rows)
      data.push({
        id: row.payment.id,
        payment: row.payment,
        subunits_to_unit: units.get(row.payment.currency) ?? 100,
        facts: await this.facts(row, now),
      });
    return { data, total };
  }

  private async facts({ userId }: { userId: number; payment: Payment }, now: Date) {
    const [player, money, bonuses, verification, block, shared, sameCard] = await Promise.all([
      playerSince(this.db, userId),
      paymentTotals(this.db, userId),
      openBonusCount(this.db, userId),
      verificationStatusOf(this.db, userId),
      this.desk.blockOf(userId),
      playersSharingWith(this.db, userId),
      playersSharingCard(this.db, userId),
    ]);
    const byCard = await Promise.all(
      sameCard.map(async (id) => ({
        player_id: id,
        email: (await playerSince(this.db, id))?.email ?? '',
        via: 'card' as const,
      })),
    );
    const createdAt = player?.createdAt ?? now;
    return {
      player: {
        id: userId,
        email: player?.email ?? '',
        created_at: createdAt.toISOString(),
        account_age_days: Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS),
      },
      money,
      bonuses_wagering: bonuses,
      verification,
      blocked: block.blocked,
      shared_with: [...shared, ...byCard],
    };
  }

  /**
   * Approve (the payout goes to the PSP) or reject (the money goes back to the player's balance);
   * 409 `not_pending` when the cashout no longer waits (another operator decided, the player
   * recalled it). The player's page hears the change live, as with every payment change.
   */
  async decide(by: Actor, paymentId: number, { decision, reason }: BackofficeDecisionRequest, at: () => Date) {
    const audit =
      (action: string): CashoutDecisionHook =>
      (tx, row) =>
        appendAudit(tx, at(), by, {
          action,
          targetType: 'payment',
          targetId: paymentId,
          before: { state: 'pending' },
          after: { state: row.state, amount_cents: row.amount, currency: row.currency, player_id: row.userId },
          reason,
        });
    const row =
      decision === 'approve'
        ? await this.decisions.approve(paymentId, audit('cashout.approve'))
        : await this.decisions.reject(paymentId, reason, audit('cashout.reject'));
    if (!row) throw conflict('not_pending');
    return presentPayment(row);
  }
}

/** Minor units per unit of every currency the casino offers. */
export async function subunitsByCurrency(db: Db): Promise<Map<string, number>> {
  return new Map((await listCurrencies(db)).map((c) => [c.code, c.subunitsToUnit]));
}
