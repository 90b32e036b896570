/** Helpers for the provider wallet protocol tests: signed calls as a studio makes them, launches, sessions. */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { launchResponseSchema, walletAuthenticateResponseSchema, walletErrorResponseSchema } from '@orbit/contracts';
import type { Ledger } from '../../src/modules/wallet';
import type { TestApp } from './app';
import { call } from './identity';

export type Player = { cookie: string; id: number };
export type WalletAnswer = { status: number; body: Record<string, unknown> };

/** A studio's side of the protocol against one test app. */
export function walletClient(t: TestApp, ledger: Ledger) {
  let seq = 0;
  const uid = (prefix: string) => `${prefix}-${++seq}`;
  let gameIds: Record<string, number> | undefined;

  const sign = (body: string, secret = t.config.studio.walletSecret) =>
    createHmac('sha256', secret).update(body).digest('hex');

  async function wallet(
    action: string,
    body: object,
    opts: { secret?: string; signature?: string; provider?: string } = {},
  ): Promise<WalletAnswer> {
    const raw = JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/${opts.provider ?? 'orbit'}/${action}`,
      headers: { 'content-type': 'application/json', 'x-request-sign': opts.signature ?? sign(raw, opts.secret) },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  async function fund(player: Pick<Player, 'id'>, real: number, bonus = 0, currency = 'EUR'): Promise<void> {
    if (real > 0)
      await ledger.transfer(t.database.db, {
        idempotencyKey: uid('fund-real'),
        kind: 'deposit',
        reference: 'payment:test',
        currency,
        amount: real,
        from: { house: 'psp_clearing' },
        to: { player: player.id, kind: 'real' },
      });
    if (bonus > 0)
      await ledger.transfer(t.database.db, {
        idempotencyKey: uid('fund-bonus'),
        kind: 'bonus',
        reference: 'bonus:test',
        currency,
        amount: bonus,
        from: { house: 'bonus_funding' },
        to: { player: player.id, kind: 'bonus' },
      });
  }

  async function launch(player: Player | null, game = 'orbit/european-roulette', mode: 'real' | 'demo' = 'real') {
    if (!gameIds) {
      const rows = await t.database.db.execute(sql`select id, identifier from games`);
      gameIds = Object.fromEntries(
        (rows.rows as Array<{ id: number; identifier: string }>).map((r) => [r.identifier, Number(r.id)]),
      );
    }
    return call(t, 'POST', `/api/games/${gameIds[game]}/launch`, { cookie: player?.cookie, payload: { mode } });
  }

  /** Launches for real and exchanges the launch token: the session token the studio would hold. */
  async function session(player: Player, game = 'orbit/european-roulette'): Promise<string> {
    const res = await launch(player, game);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(launchResponseSchema.parse(res.json()).url, 'http://casino.test');
    const auth = await wallet('authenticate', {
      launch_token: url.searchParams.get('launch_token'),
      game: game.split('/')[1],
    });
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    return walletAuthenticateResponseSchema.parse(auth.body).session_token;
  }

  const roulette = (action: string, token: string, fields: object) =>
    wallet(action, { session_token: token, game: 'european-roulette', ...fields });
  const bet = (token: string, round: string, tx: string, amount: number, extra: object = {}) =>
    roulette('bet', token, { round_id: round, transaction_id: tx, amount_cents: amount, currency: 'EUR', ...extra });
  const win = (token: string, round: string, tx: string, amount: number, extra: object = {}) =>
    roulette('win', token, { round_id: round, transaction_id: tx, amount_cents: amount, currency: 'EUR', ...extra });
  const rollback = (token: string, round: string, tx: string, reference: string) =>
    roulette('rollback', token, { round_id: round, transaction_id: tx, reference_transaction_id: reference });

  /** One round of any game: its bets, then its win (none: the round stays open); `bet` adds the round's record. */
  async function playRound(token: string, game: string, bets: number[], winCents: number | null, bet?: object) {
    const id = uid(`r-${game}`);
    const placed: string[] = [];
    for (const amount of bets) {
      const tx = uid('bet');
      const res = await wallet('bet', {
        session_token: token,
        game,
        round_id: id,
        transaction_id: tx,
        amount_cents: amount,
        currency: 'EUR',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      placed.push(tx);
    }
    if (winCents !== null) {
      const res = await wallet('win', {
        session_token: token,
        game,
        round_id: id,
        transaction_id: uid('win'),
        amount_cents: winCents,
        currency: 'EUR',
        ...(bet ? { round: { stake_cents: bets.reduce((a, b) => a + b, 0), bet, outcome: {} } } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return { id, placed };
  }

  return { uid, wallet, fund, launch, session, bet, win, rollback, playRound };
}

export function expectError(res: WalletAnswer, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(walletErrorResponseSchema.parse(res.body).code).toBe(code);
}
