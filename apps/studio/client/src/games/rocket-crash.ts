/**
 * Rocket Crash at the studio's live table: one rocket every player watches. Bets go on while it
 * is on the pad (a bet placed during a flight waits for the next launch); in flight the player
 * cashes out by hand at the multiplier the server's clock says, or at the auto cash-out set before.
 * The table comes as server-sent events (`/api/crash/live`); the multiplier is counted here from the
 * flight's elapsed time with the same curve as the server's. Each launch shows its seed's commitment
 * before the first bet and reveals the seed at the crash, with a link to verify the player's part.
 */
import {
  crashWin,
  LIVE_GROWTH_PER_MS,
  liveMultiplierAt,
  MAX_CASHOUT,
  MIN_CASHOUT,
  msToReach,
} from '../../../src/games/rocket-crash/math';
import { LIVE_CLIENT_SEED, liveStateSchema, type LiveState } from '../../../src/protocol';
import { api, ApiError } from '../api';
import { animate, h } from '../dom';
import { formatDecimal, formatMoney, formatMultiplier } from '../money';
import type { GameRenderer, ShellContext } from '../renderer';
import { decimalInput, field, fieldError as errorLine, fieldGame, readout, statBox } from './field-kit';
import { crashNote } from './rocket-crash-note';
import { t } from '../i18n';

// The renderer is loaded after the page's locale: its texts are in that locale.
const OUT_OF_RANGE = t('crash.outOfRange');

export function create(ctx: ShellContext): GameRenderer {
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

  /** The auto cash-out in hundredths; undefined when empty (cash out by hand); null when invalid. */
  const cashoutAt = (): number | undefined | null => {
    const text = cashInput.value.trim();
    if (text === '') return undefined;
    if (!/^\d{1,4}(?:[.,]\d{0,2})?$/.test(text)) return null;
    const v = Math.round(Number(text.replace(',', '.')) * 100);
    return v >= MIN_CASHOUT && v <= MAX_CASHOUT ? v : null;
  };
  function refresh(): void {
    const c = cashoutAt();
    winOut.textContent = c === null || c === undefined ? '–' : ctx.money(crashWin(ctx.stake(), c));
    fieldError.textContent = c === null ? OUT_OF_RANGE : '';
    ctx.changed();
  }
  cashInput.addEventListener('input', refresh);

  // ---- the curve ----
  type Scene = { t: number; cashT: number | null; crashed: boolean; shake: number };
  let scene: Scene = { t: 0, cashT: null, crashed: false, shake: 0 };

  /** The canvas at the device's resolution, and the scale of the scene on it. */
  type Frame = {
    g: CanvasRenderingContext2D;
    dpr: number;
    w: number;
    pad: number;
    /** The multiplier at time t. */
    m(t: number): number;
    /** The canvas x of a time and y of a multiplier. */
    X(t: number): number;
    Y(v: number): number;
    /** The highest multiplier on the scale. */
    mMax: number;
  };

  function draw(): void {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(100, Math.round(canvas.clientWidth * dpr));
    const hgt = Math.max(100, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== hgt) {
      canvas.width = w;
      canvas.height = hgt;
    }
    const g = canvas.getContext('2d');
    if (!g) return;
    g.clearRect(0, 0, w, hgt);
    const pad = 36 * dpr;
    const m = (t: number) => Math.exp(LIVE_GROWTH_PER_MS * t);
    const tMax = Math.max(scene.t, Math.log(2) / LIVE_GROWTH_PER_MS) * 1.08;
    const mMax = Math.max(2, m(scene.t) * 1.12);
    const X = (t: number) => pad + (t / tMax) * (w - pad * 1.5);
    const Y = (v: number) => hgt - pad - ((v - 1) / (mMax - 1)) * (hgt - pad * 1.8);
    const frame: Frame = { g, dpr, w, pad, m, X, Y, mMax };
    drawGrid(frame);
    drawCurve(frame);
    drawRocket(frame);
  }

  /** Grid lines at round multipliers. */
  function drawGrid({ g, dpr, w, pad, Y, mMax }: Frame): void {
    g.strokeStyle = '#ffffff18';
    g.fillStyle = '#9aa0c3';
    g.lineWidth = dpr;
    g.font = `${11 * dpr}px system-ui, sans-serif`;
    const step = niceStep((mMax - 1) / 4);
    for (let v = 1; v <= mMax; v += step) {
      g.beginPath();
      g.moveTo(pad, Y(v));
      g.lineTo(w, Y(v));
      g.stroke();
      g.fillText(`×${formatDecimal(v, v < 10 ? 1 : 0)}`, 4 * dpr, Y(v) + 4 * dpr);
    }
  }

  /** The curve, faded after the cash-out. */
  function drawCurve({ g, dpr, m, X, Y }: Frame): void {
    const N = 80;
    const segment = (from: number, to: number, colour: string) => {
      if (to <= from) return;
      g.strokeStyle = colour;
      g.lineWidth = 3 * dpr;
      g.beginPath();
      for (let i = 0; i <= N; i++) {
        const t = from + ((to - from) * i) / N;
        if (i === 0) g.moveTo(X(t), Y(m(t)));
        else g.lineTo(X(t), Y(m(t)));
      }
      g.stroke();
    };
    const live = scene.crashed ? '#ff6b81' : '#7c8cff';
    if (scene.cashT !== null && scene.cashT < scene.t) {
      segment(0, scene.cashT, '#3ddc97');
      segment(scene.cashT, scene.t, '#7c8cff55');
      g.fillStyle = '#3ddc97';
      g.beginPath();
      g.arc(X(scene.cashT), Y(m(scene.cashT)), 5 * dpr, 0, Math.PI * 2);
      g.fill();
    } else {
      segment(0, scene.t, live);
    }
  }

  /** The rocket at the tip, nose along the curve (or the explosion): drawn here, no emoji font. */
  function drawRocket({ g, dpr, m, X, Y }: Frame): void {
    const jitter = scene.shake ? (Math.random() - 0.5) * scene.shake * dpr : 0;
    g.globalAlpha = scene.cashT !== null && scene.cashT < scene.t ? 0.6 : 1;
    const tipX = X(scene.t) + jitter;
    const tipY = Y(m(scene.t)) + jitter;
    const s = 11 * dpr;
    g.save();
    g.translate(tipX, tipY);
    if (scene.crashed) {
      // A burst: spikes, a hot core.
      g.fillStyle = '#ff6b3d';
      g.beginPath();
      for (let i = 0; i < 24; i++) {
        const a = (i * Math.PI) / 12;
        const r = (i % 2 ? 1 : 2.3) * s;
        g.lineTo(Math.cos(a) * r, Math.sin(a) * r);
      }
      g.closePath();
      g.fill();
      g.fillStyle = '#ffe27a';
      g.beginPath();
      g.arc(0, 0, s * 0.9, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#fff';
      g.beginPath();
      g.arc(0, 0, s * 0.4, 0, Math.PI * 2);
      g.fill();
    } else {
      // The curve's direction at the tip, from two points on it.
      const dt = Math.max(1, scene.t * 0.02);
      const angle = Math.atan2(Y(m(scene.t)) - Y(m(Math.max(0, scene.t - dt))), X(scene.t) - X(scene.t - dt));
      g.rotate(Number.isFinite(angle) ? angle : -Math.PI / 4);
      // Flame (flickers), fins, body, window.
      const flicker = 0.75 + Math.random() * 0.5;
      g.fillStyle = '#ffa629';
      g.beginPath();
      g.moveTo(-s * 1.1, -s * 0.4);
      g.lineTo(-s * (1.1 + 1.6 * flicker), 0);
      g.lineTo(-s * 1.1, s * 0.4);
      g.fill();
      g.fillStyle = '#ffe27a';
      g.beginPath();
      g.moveTo(-s * 1.1, -s * 0.22);
      g.lineTo(-s * (1.1 + 0.9 * flicker), 0);
      g.lineTo(-s * 1.1, s * 0.22);
      g.fill();
      g.fillStyle = '#d7263d';
      for (const side of [-1, 1]) {
        g.beginPath();
        g.moveTo(-s * 0.5, side * s * 0.45);
        g.lineTo(-s * 1.25, side * s * 1.05);
        g.lineTo(-s * 1.1, side * s * 0.2);
        g.fill();
      }
      g.fillStyle = '#eef1ff';
      g.strokeStyle = '#3a3f66';
      g.lineWidth = 1.5 * dpr;
      g.beginPath();
      g.moveTo(s * 1.5, 0);
      g.quadraticCurveTo(s * 0.6, -s * 0.75, -s * 1.1, -s * 0.5);
      g.lineTo(-s * 1.1, s * 0.5);
      g.quadraticCurveTo(s * 0.6, s * 0.75, s * 1.5, 0);
      g.fill();
      g.stroke();
      g.fillStyle = '#3fb6ff';
      g.beginPath();
      g.arc(s * 0.35, 0, s * 0.28, 0, Math.PI * 2);
      g.fill();
      g.stroke();
    }
    g.restore();
    g.globalAlpha = 1;
  }
  new ResizeObserver(() => draw()).observe(canvas);

  // ---- the table ----
  let table: LiveState | null = null;
  /** performance.now() of the launch of the flight on screen. */
  let launchedAt = 0;
  /** performance.now() when the betting countdown's `launch_in_ms` was read. */
  let countdownFrom = 0;
  /** A bet asked for while the rocket was away: placed when the next launch takes bets. */
  let waiting: { stake: number; cashout_at?: number } | null = null;
  let settledRound = 0;
  let looping = false;

  function loop(): void {
    if (looping) return;
    looping = true;
    void animate((now) => {
      if (!table) return (looping = false);
      if (table.phase === 'flying') {
        scene.t = now - launchedAt;
        multOut.textContent = formatMultiplier(Math.min(liveMultiplierAt(scene.t), MAX_CASHOUT * 100));
        const mine = table.mine;
        cashOutButton.textContent =
          mine && mine.cashed_at === null
            ? t('crash.cashOutFor', {
                amount: ctx.money(crashWin(mine.stake_cents, Math.max(MIN_CASHOUT, liveMultiplierAt(scene.t)))),
              })
            : t('crash.cashOut');
      } else if (table.phase === 'betting') {
        const left = Math.max(0, (table.launch_in_ms ?? 0) - (now - countdownFrom));
        phaseOut.textContent = t('crash.launchIn', { seconds: Math.ceil(left / 1000) });
      }
      draw();
      const go = table.phase === 'flying' || table.phase === 'betting';
      if (!go) looping = false;
      return go;
    });
  }

  function apply(next: LiveState): void {
    const before = table;
    table = next;
    const now = performance.now();
    if (next.balance_cents !== null) ctx.setBalance(next.balance_cents);
    document.body.dataset.crashPhase = next.phase;
    document.body.dataset.crashRound = String(next.round);
    const mine = next.mine;
    if (next.phase === 'betting') {
      countdownFrom = now;
      if (before?.phase !== 'betting' || before.round !== next.round) {
        scene = { t: 0, cashT: null, crashed: false, shake: 0 };
        multOut.textContent = formatMultiplier(100);
        multOut.style.color = '';
      }
      note.className = 'crash-note';
      note.textContent = crashNote({ phase: 'betting', mine, waiting: waiting !== null });
      if (waiting && !mine) void sendBet(waiting);
    } else if (next.phase === 'flying') {
      launchedAt = now - (next.elapsed_ms ?? 0);
      phaseOut.textContent = t('crash.inFlight');
      scene.shake = 0;
      const told = crashNote({ phase: 'flying', mine, waiting: waiting !== null });
      if (told !== null) {
        note.className = 'crash-note';
        note.textContent = told;
      }
    } else if (next.phase === 'crashed') {
      const crash = next.crash_point ?? 100;
      scene.t = msToReach(crash);
      scene.crashed = true;
      phaseOut.textContent = t('crash.crashed');
      multOut.textContent = formatMultiplier(crash);
      multOut.style.color = '#ff6b81';
      if (mine && settledRound !== next.round) {
        settledRound = next.round;
        if (mine.cashed_at !== null) {
          note.className = 'crash-note won';
          note.textContent = t('crash.wonAt', {
            amount: ctx.money(mine.win_cents ?? 0),
            multiplier: formatMultiplier(mine.cashed_at),
          });
        } else {
          note.className = 'crash-note lost';
          note.textContent = t('crash.lostAt', { multiplier: formatMultiplier(crash) });
        }
        ctx.settled(mine.win_cents ?? 0, mine.stake_cents);
        // The win reaches the wallet just after the crash: the balance is asked again then.
        window.setTimeout(() => void refreshBalance(), 1200);
        fairLine.replaceChildren(
          h('span', { class: 'label' }, t('crash.seedRevealed', { round: String(next.round) })),
          h('code', { class: 'hash' }, next.server_seed ?? ''),
          h(
            'a',
            { href: verifyUrl(next), target: '_top', rel: 'noopener', 'data-testid': 'crash-verify' },
            t('crash.verify'),
          ),
        );
      } else if (!mine) {
        note.className = 'crash-note';
        note.textContent = waiting ? t('crash.noteNext') : '';
      }
    } else {
      phaseOut.textContent = '';
      note.textContent = t('crash.resting');
    }
    if (mine?.cashed_at !== null && mine?.cashed_at !== undefined && scene.cashT === null) {
      scene.cashT = msToReach(mine.cashed_at);
      if (next.phase === 'flying') {
        note.className = 'crash-note won';
        note.textContent = t('crash.cashedOut', {
          multiplier: formatMultiplier(mine.cashed_at),
          amount: ctx.money(mine.win_cents ?? 0),
        });
        ctx.sound.play('win');
      }
    }
    cashOutButton.disabled = !(next.phase === 'flying' && mine && mine.cashed_at === null);
    if (next.phase !== 'flying') cashOutButton.textContent = t('crash.cashOut');
    if (next.phase !== 'crashed' && (before?.round ?? 0) !== next.round)
      fairLine.replaceChildren(
        h('span', { class: 'label' }, t('crash.seedCommitment', { round: String(next.round) })),
        h('code', { class: 'hash', 'data-testid': 'crash-commitment' }, next.server_seed_hash),
      );
    renderPlayers(next);
    renderHistory(next);
    draw();
    loop();
  }

  function renderPlayers(state: LiveState): void {
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

  function renderHistory(state: LiveState): void {
    historyBox.replaceChildren(
      ...state.history
        .slice(0, 10)
        .map((r) => h('span', { class: r.crash_point >= 200 ? 'hi' : '' }, formatMultiplier(r.crash_point))),
    );
  }

  /** The casino's verifier for the player's part of the launch (an ordinary Rocket Crash round). */
  function verifyUrl(state: LiveState): string {
    const mine = state.mine!;
    return ctx.verifyUrl(
      { server_seed_hash: state.server_seed_hash, client_seed: LIVE_CLIENT_SEED, nonce: state.round },
      { stake: mine.stake_cents, cashout_at: mine.cashed_at ?? mine.cashout_at },
    );
  }

  async function refreshBalance(): Promise<void> {
    try {
      ctx.setBalance((await api.session(ctx.sessionId())).balance_cents);
    } catch {
      // The next event carries it.
    }
  }

  function failed(error: unknown): void {
    const e = error instanceof ApiError ? error : new ApiError('network_error', 0, {});
    ctx.fail(e.code, undefined, e.body);
  }

  async function sendBet(bet: { stake: number; cashout_at?: number }): Promise<void> {
    waiting = null;
    try {
      apply(await api.liveBet(ctx.sessionId(), bet));
      ctx.sound.play('start');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'betting_closed') {
        waiting = bet;
        note.textContent = t('crash.noteNext');
        return;
      }
      failed(error);
    }
  }

  async function cashOut(): Promise<void> {
    cashOutButton.disabled = true;
    try {
      apply(await api.liveCashOut(ctx.sessionId()));
    } catch (error) {
      failed(error);
    }
  }
  cashOutButton.addEventListener('click', () => void cashOut());

  // The table's events; without them (a proxy that buffers), its state is asked every second.
  let polling = 0;
  const poll = async () => {
    try {
      apply(await api.liveState(ctx.sessionId()));
    } catch {
      // Tried again at the next tick.
    }
  };
  if (typeof EventSource === 'function') {
    const events = new EventSource(api.liveEventsUrl(ctx.sessionId()));
    events.addEventListener('state', (event) => {
      const parsed = liveStateSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) apply(parsed.data);
    });
    events.addEventListener('error', () => {
      if (events.readyState === EventSource.CLOSED && !polling) polling = window.setInterval(() => void poll(), 1000);
    });
  } else {
    polling = window.setInterval(() => void poll(), 1000);
  }
  void poll();
  refresh();
  draw();

  return {
    ...fieldGame({
      playLabel: t('crash.bet'),
      naturalMs: 0,
      bet: (stake) => {
        const c = cashoutAt();
        return c === null ? null : { stake, ...(c === undefined ? {} : { cashout_at: c }) };
      },
      error: OUT_OF_RANGE,
      refresh,
      fields: [cashInput],
    }),
    async play(stake) {
      const c = cashoutAt();
      if (c === null) {
        ctx.fail('no_bet', OUT_OF_RANGE);
        return;
      }
      if (table?.mine && table.phase !== 'crashed') {
        ctx.fail('already_in_round');
        return;
      }
      const bet = { stake, ...(c === undefined ? {} : { cashout_at: c }) };
      if (table?.phase === 'betting') await sendBet(bet);
      else {
        waiting = bet;
        note.className = 'crash-note';
        note.textContent = t('crash.noteNext');
      }
    },
    fairInfo,
    start() {},
    async land() {},
    abort() {},
  };
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-6)));
  const n = raw / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * p;
}
