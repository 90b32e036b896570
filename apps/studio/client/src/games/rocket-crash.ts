/**
 * Rocket Crash at the studio's live table: one rocket every player watches. Bets go on while it
 * is on the pad (a bet placed during a flight waits for the next launch); in flight the player
 * cashes out by hand at the multiplier the server's clock says, or at the auto cash-out set before.
 * The table comes as server-sent events (`/api/crash/live`); the multiplier is counted here from the
 * flight's elapsed time with the same curve as the server's. Each launch shows its seed's commitment
 * before the first bet and reveals the seed at the crash, with a link to verify the player's part.
 */
import { crashWin, liveMultiplierAt, MAX_CASHOUT, MIN_CASHOUT, msToReach } from '../../../src/games/rocket-crash/math';
import { LIVE_CLIENT_SEED, liveStateSchema, type LiveState } from '../../../src/protocol';
import { api, ApiError } from '../api';
import { animate, h } from '../dom';
import { formatMoney, formatMultiplier } from '../money';
import type { GameRenderer, ShellContext } from '../renderer';
import { decimalInput, field, fieldError as errorLine, fieldGame, readout, statBox } from './field-kit';
import { drawScene, newScene, type Scene } from './rocket-crash-curve';
import { crashNote } from './rocket-crash-note';
import { t } from '../i18n';

// The renderer is loaded after the page's locale: its texts are in that locale.
const OUT_OF_RANGE = t('crash.outOfRange');

type CrashBet = { stake: number; cashout_at?: number };

/** The table's elements: the curve and its read-outs on the stage, the auto cash-out in the controls. */
function crashView(ctx: ShellContext) {
  const canvas = h('canvas', { role: 'img', 'aria-label': t('crash.curve') });
  const multOut = h('div', { class: 'crash-mult', 'data-testid': 'multiplier' }, formatMultiplier(100));
  const note = h(
    'div',
    { class: 'crash-note', 'data-testid': 'crash-note', 'aria-live': 'polite' },
    t('crash.connecting'),
  );
  const phaseOut = h('div', { class: 'crash-phase', 'data-testid': 'crash-phase' });
  const historyBox = h('div', { class: 'crash-history', 'aria-label': t('crash.history') });
  const playersList = h('ul', {
    class: 'crash-players',
    'data-testid': 'crash-players',
    'aria-label': t('crash.bets'),
  });
  const fairLine = h('div', { 'data-testid': 'crash-launch' });
  const fairInfo = h('div', { class: 'crash-fair' }, h('p', { class: 'muted small' }, t('crash.fairInfo')), fairLine);
  ctx.stage.append(
    h('div', { class: 'crash' }, canvas, h('div', { class: 'crash-readout' }, phaseOut, multOut, note), playersList),
    historyBox,
  );

  const cashInput = decimalInput({
    id: 'cashout-at',
    testId: 'cashout-at',
    label: t('crash.autoLabel'),
    min: '1.01',
    max: '1000',
    value: '',
  });
  cashInput.placeholder = t('crash.autoNone');
  const winOut = readout('cashout-win');
  const fieldError = errorLine();
  const cashOutButton = h(
    'button',
    { type: 'button', class: 'btn crash-cashout', 'data-testid': 'cash-out', disabled: true },
    t('crash.cashOut'),
  );
  ctx.controls.append(
    h(
      'div',
      { class: 'crash-controls' },
      field(t('crash.autoField'), cashInput),
      statBox(t('crash.autoWin'), winOut),
      cashOutButton,
      fieldError,
    ),
  );
  return {
    canvas,
    multOut,
    note,
    phaseOut,
    historyBox,
    playersList,
    fairLine,
    fairInfo,
    cashInput,
    winOut,
    fieldError,
    cashOutButton,
  };
}

type CrashView = ReturnType<typeof crashView>;

/** The table as this page follows it. */
type Live = {
  ctx: ShellContext;
  view: CrashView;
  scene: Scene;
  table: LiveState | null;
  /** performance.now() of the launch of the flight on screen. */
  launchedAt: number;
  /** performance.now() when the betting countdown's `launch_in_ms` was read. */
  countdownFrom: number;
  /** A bet asked for while the rocket was away: placed when the next launch takes bets. */
  waiting: CrashBet | null;
  settledRound: number;
  looping: boolean;
};

/** The auto cash-out in hundredths; undefined when empty (cash out by hand); null when invalid. */
function cashoutAt(input: HTMLInputElement): number | undefined | null {
  const text = input.value.trim();
  if (text === '') return undefined;
  if (!/^\d{1,4}(?:[.,]\d{0,2})?$/.test(text)) return null;
  const v = Math.round(Number(text.replace(',', '.')) * 100);
  return v >= MIN_CASHOUT && v <= MAX_CASHOUT ? v : null;
}

const draw = (live: Live) => drawScene(live.view.canvas, live.scene);

/** The frames while the rocket flies (the multiplier, the cash-out's amount) or the pad counts down. */
function loop(live: Live): void {
  if (live.looping) return;
  live.looping = true;
  const { ctx, view } = live;
  void animate((now) => {
    const table = live.table;
    if (!table) return (live.looping = false);
    if (table.phase === 'flying') {
      live.scene.t = now - live.launchedAt;
      view.multOut.textContent = formatMultiplier(Math.min(liveMultiplierAt(live.scene.t), MAX_CASHOUT * 100));
      const mine = table.mine;
      view.cashOutButton.textContent =
        mine && mine.cashed_at === null
          ? t('crash.cashOutFor', {
              amount: ctx.money(crashWin(mine.stake_cents, Math.max(MIN_CASHOUT, liveMultiplierAt(live.scene.t)))),
            })
          : t('crash.cashOut');
    } else if (table.phase === 'betting') {
      const left = Math.max(0, (table.launch_in_ms ?? 0) - (now - live.countdownFrom));
      view.phaseOut.textContent = t('crash.launchIn', { seconds: Math.ceil(left / 1000) });
    }
    draw(live);
    const go = table.phase === 'flying' || table.phase === 'betting';
    if (!go) live.looping = false;
    return go;
  });
}

/** The table's state as the server tells it: the scene, the notes, the buttons, the lists. */
function apply(live: Live, next: LiveState): void {
  const { ctx, view } = live;
  const before = live.table;
  live.table = next;
  const now = performance.now();
  if (next.balance_cents !== null) ctx.setBalance(next.balance_cents);
  document.body.dataset.crashPhase = next.phase;
  document.body.dataset.crashRound = String(next.round);
  if (next.phase === 'betting') applyBetting(live, next, before, now);
  else if (next.phase === 'flying') applyFlying(live, next, now);
  else if (next.phase === 'crashed') applyCrashed(live, next);
  else {
    view.phaseOut.textContent = '';
    view.note.textContent = t('crash.resting');
  }
  applyCashedOut(live, next);
  const mine = next.mine;
  view.cashOutButton.disabled = !(next.phase === 'flying' && mine && mine.cashed_at === null);
  if (next.phase !== 'flying') view.cashOutButton.textContent = t('crash.cashOut');
  if (next.phase !== 'crashed' && (before?.round ?? 0) !== next.round)
    view.fairLine.replaceChildren(
      h('span', { class: 'label' }, t('crash.seedCommitment', { round: String(next.round) })),
      h('code', { class: 'hash', 'data-testid': 'crash-commitment' }, next.server_seed_hash),
    );
  renderPlayers(view.playersList, next);
  renderHistory(view.historyBox, next);
  draw(live);
  loop(live);
}

/** On the pad: a new launch resets the scene, and a bet waiting for it is placed. */
function applyBetting(live: Live, next: LiveState, before: LiveState | null, now: number): void {
  const { view } = live;
  const mine = next.mine;
  live.countdownFrom = now;
  if (before?.phase !== 'betting' || before.round !== next.round) {
    live.scene = newScene();
    view.multOut.textContent = formatMultiplier(100);
    view.multOut.style.color = '';
  }
  view.note.className = 'crash-note';
  view.note.textContent = crashNote({ phase: 'betting', mine, waiting: live.waiting !== null });
  if (live.waiting && !mine) void sendBet(live, live.waiting);
}

function applyFlying(live: Live, next: LiveState, now: number): void {
  const { view } = live;
  live.launchedAt = now - (next.elapsed_ms ?? 0);
  view.phaseOut.textContent = t('crash.inFlight');
  live.scene.shake = 0;
  const told = crashNote({ phase: 'flying', mine: next.mine, waiting: live.waiting !== null });
  if (told !== null) {
    view.note.className = 'crash-note';
    view.note.textContent = told;
  }
}

/** The crash: the curve stops at its point; the player's bet is told won or lost and its seed revealed. */
function applyCrashed(live: Live, next: LiveState): void {
  const { ctx, view } = live;
  const mine = next.mine;
  const crash = next.crash_point ?? 100;
  live.scene.t = msToReach(crash);
  live.scene.crashed = true;
  view.phaseOut.textContent = t('crash.crashed');
  view.multOut.textContent = formatMultiplier(crash);
  view.multOut.style.color = '#ff6b81';
  if (mine && live.settledRound !== next.round) {
    live.settledRound = next.round;
    if (mine.cashed_at !== null) {
      view.note.className = 'crash-note won';
      view.note.textContent = t('crash.wonAt', {
        amount: ctx.money(mine.win_cents ?? 0),
        multiplier: formatMultiplier(mine.cashed_at),
      });
    } else {
      view.note.className = 'crash-note lost';
      view.note.textContent = t('crash.lostAt', { multiplier: formatMultiplier(crash) });
    }
    ctx.settled(mine.win_cents ?? 0, mine.stake_cents);
    // The win reaches the wallet just after the crash: the balance is asked again then.
    window.setTimeout(() => void refreshBalance(ctx), 1200);
    view.fairLine.replaceChildren(
      h('span', { class: 'label' }, t('crash.seedRevealed', { round: String(next.round) })),
      h('code', { class: 'hash' }, next.server_seed ?? ''),
      h(
        'a',
        { href: verifyUrl(ctx, next), target: '_top', rel: 'noopener', 'data-testid': 'crash-verify' },
        t('crash.verify'),
      ),
    );
  } else if (!mine) {
    view.note.className = 'crash-note';
    view.note.textContent = live.waiting ? t('crash.noteNext') : '';
  }
}

/** The player's cash-out, once: marked on the curve, and told (with the win's sound) while in flight. */
function applyCashedOut(live: Live, next: LiveState): void {
  const mine = next.mine;
  if (mine?.cashed_at === null || mine?.cashed_at === undefined || live.scene.cashT !== null) return;
  live.scene.cashT = msToReach(mine.cashed_at);
  if (next.phase !== 'flying') return;
  live.view.note.className = 'crash-note won';
  live.view.note.textContent = t('crash.cashedOut', {
    multiplier: formatMultiplier(mine.cashed_at),
    amount: live.ctx.money(mine.win_cents ?? 0),
  });
  live.ctx.sound.play('win');
}

function renderPlayers(playersList: HTMLElement, state: LiveState): void {
  playersList.replaceChildren(
    ...state.bets.map((b) =>
      h(
        'li',
        { class: b.cashed_at !== null ? 'won' : state.phase === 'crashed' ? 'lost' : '' },
        h('span', { class: 'who' }, b.nickname),
        h('span', { class: 'stake' }, formatMoney(b.stake_cents, b.currency)),
        h('span', { class: 'out' }, b.cashed_at !== null ? formatMultiplier(b.cashed_at) : ''),
      ),
    ),
  );
}

function renderHistory(historyBox: HTMLElement, state: LiveState): void {
  historyBox.replaceChildren(
    ...state.history
      .slice(0, 10)
      .map((r) => h('span', { class: r.crash_point >= 200 ? 'hi' : '' }, formatMultiplier(r.crash_point))),
  );
}

/** The casino's verifier for the player's part of the launch (an ordinary Rocket Crash round). */
function verifyUrl(ctx: ShellContext, state: LiveState): string {
  const mine = state.mine!;
  return ctx.verifyUrl(
    { server_seed_hash: state.server_seed_hash, client_seed: LIVE_CLIENT_SEED, nonce: state.round },
    { stake: mine.stake_cents, cashout_at: mine.cashed_at ?? mine.cashout_at },
  );
}

async function refreshBalance(ctx: ShellContext): Promise<void> {
  try {
    ctx.setBalance((await api.session(ctx.sessionId())).balance_cents);
  } catch {
    // The next event carries it.
  }
}

function failed(ctx: ShellContext, error: unknown): void {
  const e = error instanceof ApiError ? error : new ApiError('network_error', 0, {});
  ctx.fail(e.code, undefined, e.body);
}

async function sendBet(live: Live, bet: CrashBet): Promise<void> {
  live.waiting = null;
  try {
    apply(live, await api.liveBet(live.ctx.sessionId(), bet));
    live.ctx.sound.play('start');
  } catch (error) {
    if (error instanceof ApiError && error.code === 'betting_closed') {
      live.waiting = bet;
      live.view.note.textContent = t('crash.noteNext');
      return;
    }
    failed(live.ctx, error);
  }
}

async function cashOut(live: Live): Promise<void> {
  live.view.cashOutButton.disabled = true;
  try {
    apply(live, await api.liveCashOut(live.ctx.sessionId()));
  } catch (error) {
    failed(live.ctx, error);
  }
}

/** The table's events; without them (a proxy that buffers), its state is asked every second. */
function follow(live: Live): void {
  const { ctx } = live;
  let polling = 0;
  const poll = async () => {
    try {
      apply(live, await api.liveState(ctx.sessionId()));
    } catch {
      // Tried again at the next tick.
    }
  };
  if (typeof EventSource === 'function') {
    const events = new EventSource(api.liveEventsUrl(ctx.sessionId()));
    events.addEventListener('state', (event) => {
      const parsed = liveStateSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) apply(live, parsed.data);
    });
    events.addEventListener('error', () => {
      if (events.readyState === EventSource.CLOSED && !polling) polling = window.setInterval(() => void poll(), 1000);
    });
  } else {
    polling = window.setInterval(() => void poll(), 1000);
  }
  void poll();
}

/** A bet from the play button: placed now on the pad, else kept for the next launch. */
async function playBet(live: Live, stake: number): Promise<void> {
  const { ctx, view } = live;
  const c = cashoutAt(view.cashInput);
  if (c === null) {
    ctx.fail('no_bet', OUT_OF_RANGE);
    return;
  }
  const table = live.table;
  if (table?.mine && table.phase !== 'crashed') {
    ctx.fail('already_in_round');
    return;
  }
  const bet = { stake, ...(c === undefined ? {} : { cashout_at: c }) };
  if (table?.phase === 'betting') await sendBet(live, bet);
  else {
    live.waiting = bet;
    view.note.className = 'crash-note';
    view.note.textContent = t('crash.noteNext');
  }
}

export function create(ctx: ShellContext): GameRenderer {
  const view = crashView(ctx);
  const { canvas, cashInput, winOut, fieldError, cashOutButton } = view;
  const live: Live = {
    ctx,
    view,
    scene: newScene(),
    table: null,
    launchedAt: 0,
    countdownFrom: 0,
    waiting: null,
    settledRound: 0,
    looping: false,
  };

  function refresh(): void {
    const c = cashoutAt(cashInput);
    winOut.textContent = c === null || c === undefined ? '–' : ctx.money(crashWin(ctx.stake(), c));
    fieldError.textContent = c === null ? OUT_OF_RANGE : '';
    ctx.changed();
  }
  cashInput.addEventListener('input', refresh);
  new ResizeObserver(() => draw(live)).observe(canvas);
  cashOutButton.addEventListener('click', () => void cashOut(live));
  follow(live);
  refresh();
  draw(live);

  return {
    ...fieldGame({
      playLabel: t('crash.bet'),
      naturalMs: 0,
      bet: (stake) => {
        const c = cashoutAt(cashInput);
        return c === null ? null : { stake, ...(c === undefined ? {} : { cashout_at: c }) };
      },
      error: OUT_OF_RANGE,
      refresh,
      fields: [cashInput],
    }),
    play: (stake) => playBet(live, stake),
    fairInfo: view.fairInfo,
    start() {},
    async land() {},
    abort() {},
  };
}
