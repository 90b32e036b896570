/**
 * Short synthesised tones (WebAudio, no sound files). Off by default; the choice is remembered in
 * localStorage (which an iframe may be refused: then it lasts for the page).
 */
const KEY = 'orbit-studio:sound';

export type Cue = 'start' | 'stop' | 'tick' | 'count' | 'win' | 'bigwin' | 'lose' | 'chip' | 'error';

export class Sound {
  private ctx: AudioContext | null = null;
  enabled: boolean;

  constructor() {
    this.enabled = readFlag(KEY);
  }

  set(on: boolean): void {
    this.enabled = on;
    writeFlag(KEY, on);
    if (on) this.context(); // created inside the click: browsers allow audio after a gesture
  }

  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    const Ctor =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    try {
      this.ctx = new Ctor();
    } catch {
      return null;
    }
    return this.ctx;
  }

  play(cue: Cue): void {
    if (!this.enabled) return;
    const ctx = this.context();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume();
    const notes: [number, number, number, OscillatorType][] = {
      start: [[330, 0, 0.06, 'triangle']],
      stop: [[180, 0, 0.05, 'square']],
      tick: [[1200, 0, 0.02, 'square']],
      count: [[1480, 0, 0.03, 'triangle']],
      chip: [[900, 0, 0.04, 'triangle']],
      win: [
        [523, 0, 0.1, 'triangle'],
        [659, 0.09, 0.1, 'triangle'],
        [784, 0.18, 0.16, 'triangle'],
      ],
      bigwin: [
        [523, 0, 0.1, 'triangle'],
        [659, 0.08, 0.1, 'triangle'],
        [784, 0.16, 0.1, 'triangle'],
        [1047, 0.24, 0.3, 'triangle'],
        [784, 0.5, 0.1, 'triangle'],
        [1047, 0.6, 0.1, 'triangle'],
        [1319, 0.7, 0.45, 'triangle'],
      ],
      lose: [[140, 0, 0.12, 'sine']],
      error: [
        [200, 0, 0.1, 'sawtooth'],
        [150, 0.1, 0.12, 'sawtooth'],
      ],
    }[cue] as [number, number, number, OscillatorType][];
    const t0 = ctx.currentTime;
    for (const [freq, at, length, type] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + length + 0.02);
    }
  }
}

function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'on';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    window.localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // Storage refused (sandboxed iframe, private mode): the choice lasts for this page.
  }
}
