/**
 * The studio's step rounds (blackjack, video poker): a round opened by its bet, moved on by the
 * player's actions, settled by the last one; extra stakes as bets of their own; a round left open
 * continued after a reload, or finished for the player after an hour without an action.
 */
import { describe, expect, it } from 'vitest';
import { verifyRound } from '../../src/fair/verify';
import type { StepGameMath } from '../../src/games/types';
import { advance, studioHarness } from './support/studio-harness';

type TwentyBet = { stake: number; natural?: boolean };
type TwentyAction = 'hit' | 'stand' | 'double';
type TwentyOutcome = { cards: number[]; dealer: number | null; actions: TwentyAction[] };

/**
 * "Twenty", a small step game: the player's cards against a hidden dealer card, both 1–9. Hit
 * while under 20, stand, or double on the first card (one more card, stake doubled). Higher than
 * the dealer pays 2 × stake, a tie gives the stake back, over 20 loses. `natural` settles at once.
 */
const twenty: StepGameMath<TwentyBet, TwentyAction, TwentyOutcome> = {
  steps: true,
  slug: 'twenty',
  title: 'Twenty',
  rtp: 0.9,
  theoreticalRtp: () => 0.9,
  returnVariance: () => 1,
  referenceBet: { stake: 100 },
  rules: { summary: ['Beat the dealer.'], paytable: [] },
  idleAction: 'stand',
  parseBet(input) {
    const { stake, natural } = (input ?? {}) as { stake?: unknown; natural?: unknown };
    if (!Number.isSafeInteger(stake) || (stake as number) < 1) throw new RangeError('invalid_bet');
    return { stake: stake as number, ...(natural === true ? { natural: true } : {}) };
  },
  stake: (bet) => bet.stake,
  parseAction(input) {
    if (input === 'hit' || input === 'stand' || input === 'double') return input;
    throw new RangeError('invalid_action');
  },
  resolve(draws, bet, actions) {
    const cards = [draws.int(9) + 1];
    const dealer = draws.int(9) + 1;
    let stake = bet.stake;
    let done = bet.natural === true;
    for (const action of actions) {
      const total = cards.reduce((a, b) => a + b, 0);
      if (done || (action === 'double' && cards.length > 1)) throw new RangeError('action_not_allowed');
      if (action === 'stand') done = true;
      else {
        cards.push(draws.int(9) + 1);
        if (action === 'double') {
          stake *= 2;
          done = true;
        }
        if (total + cards.at(-1)! >= 20) done = true;
      }
    }
    const total = cards.reduce((a, b) => a + b, 0);
    if (!done) return { outcome: { cards, dealer: null, actions: [...actions] }, stake, next: nextOf(cards), win: 0 };
    const win = bet.natural ? 2 * stake : total > 20 ? 0 : total > dealer ? 2 * stake : total === dealer ? stake : 0;
    return { outcome: { cards, dealer, actions: [...actions] }, stake, next: null, win };
  },
  strategy: () => 'stand',
  play(draws, bet) {
    const { outcome, win, stake } = this.resolve(draws, bet, ['stand']);
    return { outcome, win, stake };
  },
};
const nextOf = (cards: number[]): TwentyAction[] =>
  cards.length === 1 ? ['hit', 'stand', 'double'] : ['hit', 'stand'];

const { setup } = studioHarness({ twenty });
const act = (api: Awaited<ReturnType<typeof setup>>['api'], session: string, round: string, action: unknown) =>
  api('POST', `/api/sessions/${session}/rounds/${round}/actions`, { action });

describe('studio service: step rounds', () => {
  it('opens a real round with its bet, takes a double as a bet of its own, and settles with the win and the actions', async () => {
    const { api, real, round, platform } = await setup();
    const p = platform.player('s-1', 10_000);
    const s = await real('s-1', 'twenty');
    const opened = await round(s.session_id, { stake: 100 });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      stake_cents: 100,
      win_cents: 0,
      balance_cents: 9_900,
      next: ['hit', 'stand', 'double'],
      outcome: { dealer: null, actions: [] },
    });
    expect(platform.callsOf('win')).toHaveLength(0);
    const id = opened.body.round_id as string;

    // While it is open: no other round, no seed reveal; the session shows it.
    expect((await round(s.session_id, { stake: 100 })).body).toEqual({ error: 'round_in_progress' });
    expect((await api('POST', `/api/sessions/${s.session_id}/rotate`)).body).toEqual({ error: 'round_in_progress' });
    const view = await api('GET', `/api/sessions/${s.session_id}`);
    expect(view.body.open_round).toMatchObject({ round_id: id, outcome: opened.body.outcome, next: opened.body.next });

    const doubled = await act(api, s.session_id, id, 'double');
    expect(doubled.status).toBe(200);
    expect(doubled.body.next).toBeNull();
    expect(doubled.body.stake_cents).toBe(200);
    expect(doubled.body.outcome.dealer).toEqual(expect.any(Number));
    expect(doubled.body.outcome.actions).toEqual(['double']);
    const bets = platform.callsOf('bet');
    expect(bets.map((b) => [b.json.transaction_id, b.json.amount_cents])).toEqual([
      [`${id}:bet`, 100],
      [`${id}:bet:1`, 100],
    ]);
    const [win] = platform.callsOf('win');
    expect(win!.json).toMatchObject({
      transaction_id: `${id}:win`,
      reference_transaction_id: `${id}:bet`,
      amount_cents: doubled.body.win_cents,
      round: { stake_cents: 200, bet: { stake: 100 }, outcome: doubled.body.outcome },
    });
    expect(p.balance).toBe(10_000 - 200 + (doubled.body.win_cents as number));
    expect(doubled.body.balance_cents).toBe(p.balance);

    // Settled: no more actions, the next round opens, and the round recomputes from its seeds and actions.
    expect((await act(api, s.session_id, id, 'stand')).body).toEqual({ error: 'round_not_found' });
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.open_round).toBeUndefined();
    const rotated = await api('POST', `/api/sessions/${s.session_id}/rotate`);
    const v = verifyRound({
      game: twenty,
      serverSeed: rotated.body.revealed.server_seed,
      clientSeed: doubled.body.fair.client_seed,
      nonce: doubled.body.fair.nonce,
      bet: { stake: 100 },
      actions: doubled.body.outcome.actions,
    });
    expect(v).toMatchObject({ outcome: doubled.body.outcome, win: doubled.body.win_cents, stake: 200 });
    expect(v.open).toBeUndefined();
  });

  it('refuses bad and untimely actions with their codes and leaves the round as it was', async () => {
    const { api, demo, round } = await setup();
    const s = await demo('twenty');
    const opened = await round(s.session_id, { stake: 100 });
    const id = opened.body.round_id as string;
    expect(await act(api, s.session_id, id, 'split')).toMatchObject({ status: 422, body: { error: 'invalid_action' } });
    expect(await act(api, s.session_id, 'nope', 'hit')).toMatchObject({
      status: 404,
      body: { error: 'round_not_found' },
    });
    const hit = await act(api, s.session_id, id, 'hit');
    if (hit.body.next) {
      // Doubling is for the first card only.
      expect(await act(api, s.session_id, id, 'double')).toMatchObject({
        status: 422,
        body: { error: 'action_not_allowed' },
      });
      const view = await api('GET', `/api/sessions/${s.session_id}`);
      expect(view.body.open_round.outcome).toEqual(hit.body.outcome);
    }
  });

  it('plays demo rounds with FUN money, a round settled at once included', async () => {
    const { api, demo, round } = await setup();
    const s = await demo('twenty');
    const natural = await round(s.session_id, { stake: 100, natural: true });
    expect(natural.body).toMatchObject({ next: null, win_cents: 200, balance_cents: 100_100 });
    const opened = await round(s.session_id, { stake: 100 });
    expect(opened.body.balance_cents).toBe(100_000);
    const doubled = await act(api, s.session_id, opened.body.round_id, 'double');
    expect(doubled.body.balance_cents).toBe(100_000 - 100 + (doubled.body.win_cents as number));
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.balance_cents).toBe(doubled.body.balance_cents);
  });

  it('refuses a double the balance cannot pay, and the player can still stand', async () => {
    const { api, real, round, platform } = await setup();
    const p = platform.player('s-2', 150);
    const s = await real('s-2', 'twenty');
    const opened = await round(s.session_id, { stake: 100 });
    const id = opened.body.round_id as string;
    expect(await act(api, s.session_id, id, 'double')).toMatchObject({
      status: 402,
      body: { error: 'insufficient_funds', balance_cents: 50 },
    });
    const stood = await act(api, s.session_id, id, 'stand');
    expect(stood.body).toMatchObject({ next: null, stake_cents: 100, outcome: { actions: ['stand'] } });
    expect(p.balance).toBe(50 + (stood.body.win_cents as number));
  });

  it('continues an open round in the player’s next session (a reload)', async () => {
    const { api, real, round, platform } = await setup();
    platform.player('s-4', 10_000);
    const first = await real('s-4', 'twenty');
    const opened = await round(first.session_id, { stake: 100 });
    const again = await real('s-4', 'twenty');
    expect(again.open_round).toMatchObject({
      round_id: opened.body.round_id,
      outcome: opened.body.outcome,
      next: ['hit', 'stand', 'double'],
      stake_cents: 100,
    });
    const stood = await act(api, again.session_id, opened.body.round_id, 'stand');
    expect(stood.body).toMatchObject({ round_id: opened.body.round_id, next: null });
    // Paid through the session the player is in now.
    const [bet] = platform.callsOf('bet');
    const [win] = platform.callsOf('win');
    expect(win!.json.session_token).not.toBe(bet!.json.session_token);
  });

  it('finishes a round left idle for an hour with the idle action and pays its win', async () => {
    const { api, studio, real, round, platform } = await setup();
    const p = platform.player('s-3', 10_000);
    const s = await real('s-3', 'twenty');
    const opened = await round(s.session_id, { stake: 100 });
    advance(59 * 60_000);
    expect(await studio.retryPending()).toEqual({ delivered: 0, pending: 0, failed: 0 });
    advance(60_001);
    expect(await studio.retryPending()).toEqual({ delivered: 1, pending: 0, failed: 0 });
    const [win] = platform.callsOf('win');
    expect(win!.json).toMatchObject({
      transaction_id: `${opened.body.round_id as string}:win`,
      round: { outcome: { actions: ['stand'], dealer: expect.any(Number) } },
    });
    expect(p.balance).toBe(9_900 + (win!.json.amount_cents as number));
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.open_round).toBeUndefined();
    // The player plays on.
    expect((await round(s.session_id, { stake: 100 })).body.next).toEqual(['hit', 'stand', 'double']);
  });
});
