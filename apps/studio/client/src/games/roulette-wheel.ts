/**
 * European Roulette's wheel on a canvas: the pockets in wheel order, the ball on its track while the
 * wheel turns, and the landing that eases the ball into the pocket drawn.
 */
import { colourOf } from '../../../src/games/european-roulette/math';
import { animate, easeOutCubic } from '../dom';
import type { Timing } from '../renderer';

/** The pockets in wheel order, clockwise from zero. */
const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
const TAU = Math.PI * 2;
const SLICE = TAU / WHEEL.length;
const COLOURS = { red: '#d7263d', black: '#1b1d2b', green: '#0f9d58' } as const;

/** The wheel and the ball as drawn: angles, the ball's radius, and their speeds while spinning. */
export type Wheel = {
  canvas: HTMLCanvasElement;
  wheelAngle: number;
  ballAngle: number;
  /** × wheel radius: 0.93 on the track. */
  ballRadius: number;
  running: boolean;
  lastFrame: number;
  /** rad/ms */
  wheelSpeed: number;
  ballSpeed: number;
};

export const newWheel = (canvas: HTMLCanvasElement): Wheel => ({
  canvas,
  wheelAngle: 0,
  ballAngle: 0,
  ballRadius: 0.93,
  running: false,
  lastFrame: 0,
  wheelSpeed: 0,
  ballSpeed: 0,
});

export function drawWheel(w: Wheel): void {
  const { canvas } = w;
  const dpr = window.devicePixelRatio || 1;
  const size = Math.max(80, Math.round(canvas.clientWidth * dpr));
  if (canvas.width !== size) canvas.width = canvas.height = size;
  const g = canvas.getContext('2d');
  if (!g) return;
  const R = size / 2;
  g.clearRect(0, 0, size, size);
  g.save();
  g.translate(R, R);
  g.fillStyle = '#3b2414';
  g.beginPath();
  g.arc(0, 0, R * 0.99, 0, TAU);
  g.fill();
  g.fillStyle = '#1a0f08';
  g.beginPath();
  g.arc(0, 0, R * 0.86, 0, TAU);
  g.fill();
  g.rotate(w.wheelAngle);
  drawPockets(g, R);
  const cone = g.createRadialGradient(0, 0, R * 0.05, 0, 0, R * 0.56);
  cone.addColorStop(0, '#e8c76a');
  cone.addColorStop(1, '#5a3a1a');
  g.fillStyle = cone;
  g.beginPath();
  g.arc(0, 0, R * 0.5, 0, TAU);
  g.fill();
  g.restore();
  // The ball.
  const { ballAngle, ballRadius } = w;
  const bx = R + Math.cos(ballAngle - Math.PI / 2) * R * ballRadius * (ballRadius > 0.86 ? 1 : 0.9);
  const by = R + Math.sin(ballAngle - Math.PI / 2) * R * ballRadius * (ballRadius > 0.86 ? 1 : 0.9);
  g.fillStyle = '#fafafa';
  g.beginPath();
  g.arc(bx, by, R * 0.045, 0, TAU);
  g.fill();
}

/** The pockets with their numbers, on the wheel's turned frame. */
function drawPockets(g: CanvasRenderingContext2D, R: number): void {
  for (let i = 0; i < WHEEL.length; i++) {
    const n = WHEEL[i]!;
    const a0 = -Math.PI / 2 + i * SLICE - SLICE / 2;
    g.fillStyle = COLOURS[colourOf(n)];
    g.beginPath();
    g.arc(0, 0, R * 0.84, a0, a0 + SLICE);
    g.arc(0, 0, R * 0.56, a0 + SLICE, a0, true);
    g.closePath();
    g.fill();
    g.strokeStyle = '#c9a44a';
    g.lineWidth = Math.max(1, R * 0.008);
    g.stroke();
    g.save();
    g.rotate(i * SLICE);
    g.fillStyle = '#fff';
    g.font = `700 ${Math.round(R * 0.085)}px system-ui, sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(String(n), 0, -R * 0.75);
    g.restore();
  }
}

/** The wheel and the ball set turning until the landing. */
export function spinWheel(w: Wheel, quick: boolean): void {
  w.ballRadius = 0.93;
  w.wheelSpeed = quick ? 0.006 : 0.0035;
  w.ballSpeed = quick ? 0.02 : 0.012;
  w.lastFrame = 0;
  if (!w.running) {
    w.running = true;
    void animate((now) => {
      const dt = w.lastFrame ? Math.min(50, now - w.lastFrame) : 16;
      w.lastFrame = now;
      w.wheelAngle = (w.wheelAngle + w.wheelSpeed * dt) % TAU;
      w.ballAngle = (w.ballAngle - w.ballSpeed * dt) % TAU;
      drawWheel(w);
      return w.running;
    });
  }
}

/** The ball eased into the pocket, against the wheel, over the round's time. */
export async function landBall(w: Wheel, pocket: number, timing: Timing): Promise<void> {
  w.running = false;
  const duration = Math.max(timing.ms, timing.quick ? 150 : 1200);
  const index = WHEEL.indexOf(pocket);
  const w0 = w.wheelAngle;
  const phi0 = w.ballAngle - w.wheelAngle;
  const relSpeed = -w.ballSpeed - w.wheelSpeed; // rad/ms, the ball runs against the wheel
  let base = (((index * SLICE - phi0) % TAU) + TAU) % TAU; // in [0, 2π)
  base -= TAU; // run backwards (against the wheel): (−2π, 0]
  const turns = Math.max(0, Math.round((Math.abs(relSpeed) * duration) / 3 / TAU - Math.abs(base) / TAU));
  const delta = base - turns * TAU;
  const wheelTravel = (w.wheelSpeed * duration) / 3;
  const start = performance.now();
  await animate((now) => {
    const x = Math.min(1, (now - start) / duration);
    const e = easeOutCubic(x);
    w.wheelAngle = w0 + wheelTravel * e;
    w.ballAngle = w.wheelAngle + phi0 + delta * e;
    w.ballRadius = x < 0.55 ? 0.93 : x > 0.85 ? 0.7 : 0.93 - ((x - 0.55) / 0.3) * 0.23;
    drawWheel(w);
    return x < 1;
  });
}
