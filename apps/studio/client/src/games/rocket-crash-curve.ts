/**
 * Rocket Crash's curve on its canvas: the grid at round multipliers, the flight's curve (faded after
 * the player's cash-out) and the rocket at its tip, or the burst at the crash. Drawn here, no emoji
 * font; the randomness is the flame's flicker and the crash's shake, nothing of the round's.
 */
import { LIVE_GROWTH_PER_MS } from '../../../src/games/rocket-crash/math';
import { formatDecimal } from '../money';

/** The flight on screen: its time (ms), the cash-out's time, whether it crashed, the shake. */
export type Scene = { t: number; cashT: number | null; crashed: boolean; shake: number };

export const newScene = (): Scene => ({ t: 0, cashT: null, crashed: false, shake: 0 });

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

/** The scene on the canvas, at the canvas's size on screen. */
export function drawScene(canvas: HTMLCanvasElement, scene: Scene): void {
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
  drawCurve(frame, scene);
  drawRocket(frame, scene);
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
function drawCurve({ g, dpr, m, X, Y }: Frame, scene: Scene): void {
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

/** The rocket at the tip, nose along the curve (or the explosion). */
function drawRocket(frame: Frame, scene: Scene): void {
  const { g, dpr, m, X, Y } = frame;
  const jitter = scene.shake ? (Math.random() - 0.5) * scene.shake * dpr : 0;
  g.globalAlpha = scene.cashT !== null && scene.cashT < scene.t ? 0.6 : 1;
  const tipX = X(scene.t) + jitter;
  const tipY = Y(m(scene.t)) + jitter;
  const s = 11 * dpr;
  g.save();
  g.translate(tipX, tipY);
  if (scene.crashed) drawBurst(g, s);
  else {
    // The curve's direction at the tip, from two points on it.
    const dt = Math.max(1, scene.t * 0.02);
    const angle = Math.atan2(Y(m(scene.t)) - Y(m(Math.max(0, scene.t - dt))), X(scene.t) - X(scene.t - dt));
    g.rotate(Number.isFinite(angle) ? angle : -Math.PI / 4);
    drawShip(g, s, dpr);
  }
  g.restore();
  g.globalAlpha = 1;
}

/** The crash: spikes, a hot core. */
function drawBurst(g: CanvasRenderingContext2D, s: number): void {
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
}

/** The rocket, nose to the right: flame (flickers), fins, body, window. */
function drawShip(g: CanvasRenderingContext2D, s: number, dpr: number): void {
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

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-6)));
  const n = raw / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * p;
}
