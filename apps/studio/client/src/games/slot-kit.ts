/**
 * What the slots share: symbol tiles (the studio's SVG art, `symbols.ts`), a reel set that spins
 * and stops reel by reel, win highlighting (tiles, an SVG line through them), a cycling display of
 * the wins after a round, and the slot's frame and renderer members.
 */
import { MAX_STAKE } from '../../../src/games/shared';
import { h, sleep, svg } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import { symbolArt, symbolColour } from './symbols';
import { t } from '../i18n';
import { symbolName } from '../i18n/names';

/** A symbol's name with a multiplier (`Wild×3`): the symbol's art with a "×3" badge. */
export function paintTile(tile: HTMLElement, name: string, extra?: string): void {
  const m = /^(.*?)\s*×\s*(\d+)$/.exec(name);
  if (m && !extra) extra = `×${m[2]}`;
  const base = m ? m[1]! : name;
  tile.replaceChildren(symbolArt(base));
  tile.style.setProperty('--tile', symbolColour(base));
  tile.title = symbolName(name);
  tile.setAttribute('role', 'img');
  tile.setAttribute('aria-label', symbolName(name));
  tile.dataset.symbol = name;
  if (extra) tile.appendChild(h('span', { class: 'mult' }, extra));
}

/** A grid of `cols` reels of `rows` tiles that spin and stop reel by reel. */
export class ReelSet {
  readonly root: HTMLElement;
  readonly grid: HTMLElement;
  private readonly reels: HTMLElement[] = [];
  private readonly strips: HTMLElement[] = [];
  private readonly lines: SVGSVGElement;
  private tiles: HTMLElement[][] = [];

  constructor(
    readonly cols: number,
    readonly rows: number,
    private readonly filler: readonly string[],
  ) {
    this.grid = h('div', { class: 'slot-grid', role: 'group', 'aria-label': t('slot.reels') });
    this.grid.style.setProperty('--cols', String(cols));
    this.grid.style.setProperty('--rows', String(rows));
    this.lines = svg('svg', {
      class: 'slot-lines',
      viewBox: '0 0 100 100',
      preserveAspectRatio: 'none',
      'aria-hidden': 'true',
    });
    this.root = h('div', { class: 'slot-grid-wrap' }, this.grid);
    this.root.style.setProperty('--aspect', String(cols / rows));
    this.root.appendChild(this.lines);
    for (let c = 0; c < cols; c++) {
      const strip = h('div', { class: 'reel-strip' });
      const reel = h('div', { class: 'reel', 'aria-label': t('slot.reelNo', { n: c + 1 }) }, strip);
      reel.style.setProperty('--reel-ratio', `1 / ${rows * 1.0}`);
      this.reels.push(reel);
      this.strips.push(strip);
      this.grid.appendChild(reel);
    }
    this.fillRandom();
  }

  private randomName(): string {
    return this.filler[Math.floor(Math.random() * this.filler.length)] ?? '?';
  }

  private fillRandom(): void {
    for (let c = 0; c < this.cols; c++)
      this.setReel(
        c,
        Array.from({ length: this.rows }, () => this.randomName()),
      );
  }

  /** Shows `symbols` (top row first) on reel `c`. */
  setReel(c: number, symbols: readonly string[], extras: readonly (string | undefined)[] = []): void {
    const strip = this.strips[c]!;
    const tiles = symbols.map((name, r) => {
      const tile = h('div', { class: 'tile', 'data-cell': `${c}-${r}` });
      paintTile(tile, name, extras[r]);
      return tile;
    });
    strip.replaceChildren(...tiles);
    this.tiles[c] = tiles;
  }

  tile(c: number, r: number): HTMLElement | undefined {
    return this.tiles[c]?.[r];
  }

  spinAll(): void {
    this.clearHighlight();
    for (let c = 0; c < this.cols; c++) {
      // A strip of twice the reel's height whose halves are alike, scrolled by its half in a loop.
      const half = Array.from({ length: this.rows }, () => this.randomName());
      this.setReel(c, [...half, ...half]);
      const reel = this.reels[c]!;
      reel.classList.remove('landed');
      reel.style.setProperty('--spin-delay', `${c * 60}ms`);
      reel.classList.add('spinning');
    }
  }

  /** Stops reel `c` on `symbols`. */
  stopReel(c: number, symbols: readonly string[], extras?: readonly (string | undefined)[]): void {
    const reel = this.reels[c]!;
    reel.classList.remove('spinning');
    this.setReel(c, symbols, extras);
    void reel.offsetWidth; // restart the landing bounce
    reel.classList.add('landed');
  }

  /** Stops every reel on `columns` (`columns[c][r]`) one after another over `ms`. */
  async stopAll(
    columns: readonly (readonly string[])[],
    ms: number,
    onStop?: (c: number) => void,
    extras?: (c: number) => (string | undefined)[],
  ): Promise<void> {
    const bounce = Math.min(220, ms / (this.cols + 1)); // the last reel's landing
    const step = (ms - bounce) / this.cols;
    for (let c = 0; c < this.cols; c++) {
      await sleep(step);
      this.stopReel(c, columns[c] ?? [], extras?.(c));
      onStop?.(c);
    }
    await sleep(bounce);
  }

  /** Shows `columns` at once (no animation): replays, reduced motion. */
  show(columns: readonly (readonly string[])[]): void {
    for (let c = 0; c < this.cols; c++) {
      this.reels[c]!.classList.remove('spinning', 'landed');
      this.setReel(c, columns[c] ?? []);
    }
  }

  stopSpinning(): void {
    for (const reel of this.reels) reel.classList.remove('spinning');
    this.fillRandom();
  }

  /**
   * Highlights `cells` ([reel, row]) and draws a line through each of `paths` (one row per reel),
   * drawn in as it appears.
   */
  highlight(cells: readonly (readonly [number, number])[], paths: readonly (readonly number[])[] = []): void {
    this.root.classList.add('showing');
    for (const col of this.tiles) for (const t of col ?? []) t.classList.remove('hit');
    for (const [c, r] of cells) this.tile(c, r)?.classList.add('hit');
    this.lines.replaceChildren();
    paths.forEach((path, i) => {
      const points = path.map((r, c) => `${((c + 0.5) / this.cols) * 100},${((r + 0.5) / this.rows) * 100}`).join(' ');
      const line = svg('polyline', { points, pathLength: 100, 'vector-effect': 'non-scaling-stroke' });
      line.style.setProperty('--line', LINE_COLOURS[i % LINE_COLOURS.length]!);
      this.lines.appendChild(line);
    });
  }

  clearHighlight(): void {
    this.root.classList.remove('showing');
    for (const col of this.tiles) for (const t of col ?? []) t.classList.remove('hit');
    this.lines.replaceChildren();
  }
}

/** Win lines shown together get colours of their own. */
const LINE_COLOURS = ['#ffcc4d', '#3ddc97', '#ff7ad9', '#7cc8ff', '#ff8a4c', '#c59bff'];

export type WinItem = { label: string; cells: (readonly [number, number])[]; path?: readonly number[] };

/**
 * The wins of a spin: listed under the reels and shown one after another (all at once first) until
 * the next spin.
 */
export class WinCycler {
  readonly list: HTMLUListElement;
  private timer = 0;

  constructor(
    private readonly reels: {
      highlight: (cells: readonly (readonly [number, number])[], paths?: readonly (readonly number[])[]) => void;
      clearHighlight: () => void;
    },
  ) {
    this.list = h('ul', { class: 'slot-wins', 'aria-label': t('slot.wins'), 'data-testid': 'wins' });
  }

  show(items: readonly WinItem[], cycle = true): void {
    this.stop();
    this.list.replaceChildren(...items.map((item) => h('li', {}, item.label)));
    if (items.length === 0) return;
    const all = items.flatMap((i) => i.cells);
    const paths = items.flatMap((i) => (i.path ? [i.path] : []));
    this.reels.highlight(all, paths);
    if (!cycle || items.length < 2) return;
    let i = -1;
    this.timer = window.setInterval(() => {
      i = (i + 1) % (items.length + 1);
      const lis = [...this.list.children];
      lis.forEach((li, k) => li.classList.toggle('current', k === i));
      if (i === items.length) this.reels.highlight(all, paths);
      else {
        const item = items[i]!;
        this.reels.highlight(item.cells, item.path ? [item.path] : []);
      }
    }, 1400);
  }

  stop(): void {
    if (this.timer) window.clearInterval(this.timer);
    this.timer = 0;
  }

  clear(): void {
    this.stop();
    this.list.replaceChildren();
    this.reels.clearHighlight();
  }
}

/** Durations of a slot's phases: normal, or quick spin. */
export function pace(quick: boolean) {
  return {
    stopMin: quick ? 90 : 450,
    expand: quick ? 80 : 350,
    showWin: quick ? 250 : 900,
    freeSpin: quick ? 200 : 500,
    freeShow: quick ? 200 : 650,
    freeIntro: quick ? 300 : 1200,
    cascade: quick ? 120 : 450,
  };
}

/** The cells ([reel, row]) of `columns` (`columns[reel][row]`) whose symbol passes `hit`, on the first `reels` reels. */
export function cellsWhere(
  columns: readonly (readonly string[])[],
  hit: (name: string) => boolean,
  reels = columns.length,
): [number, number][] {
  const cells: [number, number][] = [];
  columns.slice(0, reels).forEach((col, reel) => col.forEach((name, row) => hit(name) && cells.push([reel, row])));
  return cells;
}

/** A slot's frame on the stage: a head line, the reels, the round message and the list of wins. */
export class SlotStage {
  readonly wins: WinCycler;
  readonly message: HTMLElement;
  /** The reels spin and no result has landed yet (what `abort` stops). */
  spinning = false;

  constructor(
    ctx: ShellContext,
    readonly reels: ReelSet,
    head: readonly HTMLElement[],
  ) {
    this.wins = new WinCycler(reels);
    this.message = h('div', { class: 'slot-message', 'aria-live': 'polite', 'data-testid': 'round-message' });
    ctx.stage.append(
      h(
        'div',
        { class: 'slot' },
        h('div', { class: 'slot-head' }, ...head),
        // The reels' box: a size container the reels scale into (styles.css).
        h('div', { class: 'slot-reels' }, reels.root),
        this.message,
        this.wins.list,
      ),
    );
  }

  /** Sets the round message, marked as a win or not. */
  say(text: string, won: boolean): void {
    this.message.textContent = text;
    this.message.classList.toggle('won', won);
  }
}

/**
 * A slot's renderer: what the slots do alike (labels, stakes in multiples of `unit` on the ladder
 * `factors`, the bet, starting the reels with the frame cleared, aborting them) around the game's
 * own `land`, and its own `start` and `hurry` if any.
 */
export function slotRenderer(
  slot: SlotStage,
  options: { unit: number; factors: readonly number[]; naturalMs: number },
  game: { start?: () => void; land: GameRenderer['land']; hurry?: () => void },
): GameRenderer {
  const stakes = stakeLadder(options.unit, MAX_STAKE, options.factors);
  return {
    playLabel: t('slot.spin'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: options.naturalMs,
    bet(stake) {
      return stake > 0 && stake % options.unit === 0 ? { bet: { stake }, stake } : { error: t('shell.choose') };
    },
    start() {
      slot.spinning = true;
      slot.wins.clear();
      slot.say('', false);
      game.start?.();
      slot.reels.spinAll();
    },
    land: game.land,
    ...(game.hurry ? { hurry: game.hurry } : {}),
    abort() {
      if (!slot.spinning) return;
      slot.spinning = false;
      slot.reels.stopSpinning();
    },
  };
}
