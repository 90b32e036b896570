/**
 * Rocket Crash: the auto cash-out (×1.01–×1000.00) and a canvas where the multiplier curve rises
 * until the crash point drawn by the server; when the cash-out is lower it is marked and the curve
 * goes on, faded, to the crash.
 */
import { crashWin, MAX_CASHOUT, MIN_CASHOUT, type CrashOutcome } from '../../../src/games/rocket-crash/math';
import { animate, h } from '../dom';
import { formatAmount, formatMultiplier } from '../money';
import type { GameRenderer, ShellContext } from '../renderer';
import { decimalInput, field, fieldError as errorLine, fieldGame, readout, statBox } from './field-kit';

/** ×2 after 1.4 s: multiplier e^(K t), t in ms. */
const K = Math.LN2 / 1400;
const MAX_RISE_MS = 7000;
const OUT_OF_RANGE = 'Choose a cash-out between ×1.01 and ×1000.00.';

export function create(ctx: ShellContext): GameRenderer {
  const canvas = h('canvas', { role: 'img', 'aria-label': 'Multiplier curve' });
  const multOut = h('div', { class: 'crash-mult', 'data-testid': 'multiplier' }, '×1.00');
  const note = h(
    'div',
    { class: 'crash-note', 'data-testid': 'crash-note', 'aria-live': 'polite' },
    'Set your cash-out and launch',
  );
  const historyBox = h('div', { class: 'crash-history', 'aria-label': 'Last crash points' });
  ctx.stage.append(
    h('div', { class: 'crash' }, canvas, h('div', { class: 'crash-readout' }, multOut, note)),
    historyBox,
  );

  const cashInput = decimalInput({
    id: 'cashout-at',
    testId: 'cashout-at',
    label: 'Auto cash-out multiplier',
    min: '1.01',
    max: '1000',
    value: '2.00',
  });
  const winOut = readout('cashout-win');
  const fieldError = errorLine();
  ctx.controls.append(
    h(
      'div',
      { class: 'crash-controls' },
      field('Auto cash-out at ×', cashInput),
      statBox('Win at cash-out', winOut),
      fieldError,
    ),
  );

  const cashoutAt = (): number | null => {
    const text = cashInput.value.trim();
    if (!/^\d{1,4}(?:[.,]\d{0,2})?$/.test(text)) return null;
    const v = Math.round(Number(text.replace(',', '.')) * 100);
    return v >= MIN_CASHOUT && v <= MAX_CASHOUT ? v : null;
  };
  function refresh(): void {
    const c = cashoutAt();
    winOut.textContent = c === null ? '–' : ctx.money(crashWin(ctx.stake(), c));
    fieldError.textContent = c === null ? OUT_OF_RANGE : '';
    ctx.changed();
  }
  cashInput.addEventListener('input', refresh);

  // ---- the curve ----
  type Scene = { t: number; rate: number; cashT: number | null; crashed: boolean; shake: number };
  let scene: Scene = { t: 0, rate: K, cashT: null, crashed: false, shake: 0 };
  let running = false;

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
    const m = (t: number) => Math.exp(scene.rate * t);
    const tMax = Math.max(scene.t, Math.log(2) / scene.rate) * 1.08;
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
      g.fillText(`×${v.toFixed(v < 10 ? 1 : 0)}`, 4 * dpr, Y(v) + 4 * dpr);
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
  draw();
  refresh();

  return {
    ...fieldGame({
      playLabel: 'Launch',
      naturalMs: 0, // the rise's length depends on the crash point: see land
      bet: (stake) => {
        const c = cashoutAt();
        return c === null ? null : { stake, cashout_at: c };
      },
      error: OUT_OF_RANGE,
      refresh,
      fields: [cashInput],
    }),
    start() {
      scene = { t: 0, rate: K, cashT: null, crashed: false, shake: 3 };
      multOut.textContent = '×1.00';
      multOut.style.color = '';
      note.className = 'crash-note';
      note.textContent = 'Launching…';
      running = true;
      void animate(() => {
        draw();
        return running;
      });
    },
    async land(raw, win, timing) {
      const outcome = raw as CrashOutcome;
      running = false;
      const crash = outcome.crash_point;
      const lnC = Math.log(crash / 100);
      const natural = Math.min(MAX_RISE_MS, lnC / K);
      const duration = Math.max(timing.ms, timing.quick ? Math.min(300, natural) : natural, 1);
      const rate = lnC > 0 ? lnC / duration : K;
      const cashT = outcome.won ? Math.log(outcome.cashout_at / 100) / rate : null;
      scene = { t: 0, rate, cashT, crashed: false, shake: 0 };
      note.textContent = '';
      const start = performance.now();
      let cashedShown = false;
      await animate((now) => {
        const t = Math.min(duration, now - start);
        scene.t = lnC > 0 ? t : 0;
        scene.shake = lnC > 0 ? 0 : 3;
        const shown = t >= duration ? crash : Math.min(crash, Math.floor(Math.exp(rate * scene.t) * 100));
        multOut.textContent = formatMultiplier(shown);
        if (cashT !== null && !cashedShown && scene.t >= cashT) {
          cashedShown = true;
          note.className = 'crash-note won';
          note.textContent = `Cashed out at ${formatMultiplier(outcome.cashout_at)}: +${ctx.money(win)}`;
          ctx.sound.play('win');
        }
        draw();
        return t < duration;
      });
      scene.crashed = true;
      scene.shake = 0;
      draw();
      multOut.textContent = formatMultiplier(crash);
      multOut.style.color = outcome.won ? '' : '#ff6b81';
      if (outcome.won) {
        note.className = 'crash-note won';
        note.textContent = `Won ${ctx.money(win)} at ${formatMultiplier(outcome.cashout_at)} · crashed at ${formatMultiplier(crash)}`;
      } else {
        note.className = 'crash-note lost';
        note.textContent = `Crashed at ${formatMultiplier(crash)} before ${formatMultiplier(outcome.cashout_at)}: lost`;
      }
      historyBox.prepend(h('span', { class: crash >= 200 ? 'hi' : '' }, `×${formatAmount(crash)}`));
      while (historyBox.children.length > 10) historyBox.lastElementChild?.remove();
    },
    abort() {
      running = false;
      scene = { t: 0, rate: K, cashT: null, crashed: false, shake: 0 };
      note.textContent = '';
      draw();
    },
  };
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-6)));
  const n = raw / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * p;
}
