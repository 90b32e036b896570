/**
 * Orbit Keno: a board of the numbers 1 … 40 to pick from (1 to 10 of them; quick pick and clear),
 * the paytable for the current number of picks beside it, and a tray where the 10 numbers drawn
 * roll in one by one as SVG balls; a drawn number lights up on the board, gold when it is a hit.
 */
import { KENO_CONFIG, keno, MAX_STAKE, type KenoOutcome } from '../../../src/games/orbit-keno/math';
import { h, sleep, svg } from '../dom';
import { formatMultiplier, formatPercent } from '../money';
import { nearest, stakeLadder, type GameRenderer, type ShellContext, type Timing } from '../renderer';
import { readout, statBox } from './field-kit';
import './orbit-keno.css';
import { t } from '../i18n';

const { numbers, drawn: DRAWN, pays } = KENO_CONFIG;
// The renderer is loaded after the page's locale: its texts are in that locale.
const NO_PICKS = t('keno.noPicks', { count: keno.maxPicks });

/** A drawn ball: a shaded disc with its number. */
function ballSvg(n: number, hit: boolean): SVGSVGElement {
  const id = `keno-ball-${hit ? 'hit' : 'miss'}`;
  const root = svg('svg', { viewBox: '0 0 40 40', class: `keno-ball${hit ? ' hit' : ''}`, 'aria-hidden': 'true' });
  const grad = svg('radialGradient', { id, cx: '35%', cy: '30%', r: '70%' });
  grad.append(
    svg('stop', { offset: '0%', 'stop-color': '#ffffff' }),
    svg('stop', { offset: '45%', 'stop-color': hit ? '#ffd34d' : '#9fb0ff' }),
    svg('stop', { offset: '100%', 'stop-color': hit ? '#b36b00' : '#3b3f9b' }),
  );
  const label = svg('text', { x: 20, y: 25.5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 800 });
  label.textContent = String(n);
  root.append(
    svg('defs', {}, grad),
    svg('circle', { cx: 20, cy: 20, r: 18, fill: `url(#${id})` }),
    svg('circle', { cx: 20, cy: 20, r: 10.5, fill: '#ffffffd9' }),
    label,
  );
  return root;
}

/** The board of numbers, the tray of balls drawn and the result line, on the stage. */
function kenoView(ctx: ShellContext) {
  const cells: HTMLButtonElement[] = [];
  const board = h('div', {
    class: 'keno-board',
    role: 'group',
    'aria-label': t('keno.numbers'),
    'data-testid': 'keno-board',
  });
  for (let n = 1; n <= numbers; n++) {
    const cell = h(
      'button',
      {
        type: 'button',
        class: 'keno-cell',
        'data-number': n,
        'aria-pressed': 'false',
        'aria-label': t('keno.number', { n: String(n) }),
      },
      String(n),
    );
    cells.push(cell);
    board.append(cell);
  }
  const tray = h('div', { class: 'keno-tray', 'data-testid': 'keno-drawn', 'aria-label': t('keno.numbersDrawn') });
  const resultOut = h('div', { class: 'keno-result', 'data-testid': 'keno-result', 'aria-live': 'polite' });
  ctx.stage.append(h('div', { class: 'keno' }, board, tray, resultOut));
  return { cells, tray, resultOut };
}

/** Quick pick and clear, the count of picks, their return and their pays. */
function kenoControls(ctx: ShellContext) {
  const quick = h('button', { type: 'button', class: 'btn', 'data-testid': 'quick-pick' }, t('keno.quickPick'));
  const clear = h('button', { type: 'button', class: 'btn', 'data-testid': 'clear-picks' }, t('keno.clear'));
  const countOut = readout('pick-count');
  const rtpOut = readout('picks-rtp');
  const payList = h('ol', { class: 'keno-pays', 'data-testid': 'keno-pays', 'aria-label': t('keno.paysForPicks') });
  const hint = h('div', { class: 'field-error', role: 'alert' });
  ctx.controls.append(
    h(
      'div',
      { class: 'keno-controls' },
      h('div', { class: 'keno-buttons' }, quick, clear),
      statBox(t('keno.picks'), countOut),
      statBox(t('keno.rtp'), rtpOut),
      payList,
      hint,
    ),
  );
  return { quick, clear, countOut, rtpOut, payList, hint };
}

/** The keno card: the picks, the board and its controls. */
type KenoCard = ReturnType<typeof kenoView> &
  ReturnType<typeof kenoControls> & {
    ctx: ShellContext;
    picked: Set<number>;
    locked: boolean;
    rolling: boolean;
    /** The hits of the last round's win, marked in the pays until the picks change. */
    wonHits: number | null;
  };

const emptyTray = (k: KenoCard) =>
  k.tray.replaceChildren(
    ...Array.from({ length: DRAWN }, () => h('span', { class: 'keno-slot', 'aria-hidden': 'true' })),
  );

/** The board's marks and the pays of the current picks (the shell's controls are not touched). */
function paint(k: KenoCard): void {
  const { ctx, picked, payList, rtpOut } = k;
  const p = picked.size;
  for (const cell of k.cells) {
    const n = Number(cell.dataset.number);
    cell.classList.toggle('picked', picked.has(n));
    cell.setAttribute('aria-pressed', String(picked.has(n)));
    cell.disabled = k.locked || (!picked.has(n) && p >= keno.maxPicks);
  }
  k.countOut.textContent = t('keno.picked', { count: p, max: keno.maxPicks });
  k.hint.textContent = p === 0 ? NO_PICKS : '';
  payList.replaceChildren();
  if (p > 0) {
    rtpOut.textContent = formatPercent(keno.returnMoments(100, p).mean, 2, 2);
    pays[p]!.forEach((m, hits) => {
      if (m === 0) return;
      payList.prepend(
        h(
          'li',
          { 'data-hits': hits, class: hits === k.wonHits ? 'won' : null },
          h('span', {}, t('keno.hits', { count: hits })),
          h('span', {}, `${formatMultiplier(m)} · ${ctx.money(Math.floor((ctx.stake() * m) / 100))}`),
        ),
      );
    });
  } else {
    rtpOut.textContent = '–';
  }
}

function refresh(k: KenoCard): void {
  paint(k);
  k.ctx.changed();
}

function toggle(k: KenoCard, n: number): void {
  if (k.locked) return;
  if (k.picked.has(n)) k.picked.delete(n);
  else if (k.picked.size < keno.maxPicks) k.picked.add(n);
  clearMarks(k);
  refresh(k);
}

function quickPick(picked: Set<number>, count: number): void {
  picked.clear();
  while (picked.size < count) picked.add(1 + Math.floor(Math.random() * numbers));
}

function clearMarks(k: KenoCard): void {
  for (const cell of k.cells) cell.classList.remove('drawn', 'hit');
  k.wonHits = null;
  for (const li of k.payList.children) li.classList.remove('won');
}

/** The board's numbers, quick pick and clear. */
function wireCard(k: KenoCard): void {
  k.cells.forEach((cell, i) => cell.addEventListener('click', () => toggle(k, i + 1)));
  k.quick.addEventListener('click', () => {
    if (k.locked) return;
    quickPick(k.picked, k.picked.size || 5);
    clearMarks(k);
    emptyTray(k);
    refresh(k);
  });
  k.clear.addEventListener('click', () => {
    if (k.locked) return;
    k.picked.clear();
    clearMarks(k);
    emptyTray(k);
    refresh(k);
  });
}

/** The numbers drawn roll into the tray one by one and light up on the board; the hits and the win told. */
async function showDraw(k: KenoCard, outcome: KenoOutcome, win: number, timing: Timing): Promise<void> {
  const { ctx, tray, resultOut } = k;
  k.rolling = false;
  tray.classList.remove('rolling');
  const each = Math.max(timing.quick ? 25 : 90, Math.min(220, timing.ms / outcome.drawn.length));
  const slots = [...tray.children];
  for (const [i, n] of outcome.drawn.entries()) {
    if (k.rolling) return;
    const hit = outcome.hits.includes(n);
    slots[i]?.replaceWith(ballSvg(n, hit));
    const cell = k.cells[n - 1]!;
    cell.classList.add(hit ? 'hit' : 'drawn');
    ctx.sound.play(hit ? 'win' : 'tick');
    await sleep(each);
  }
  const hits = outcome.hits.length;
  k.wonHits = hits;
  k.payList.querySelector(`[data-hits="${hits}"]`)?.classList.add('won');
  resultOut.textContent = `${t('keno.hitsOf', { count: hits, picks: outcome.picks.length })}${
    outcome.multiplier > 0 ? ` · ${formatMultiplier(outcome.multiplier)} · ${ctx.money(win)}` : ''
  }`;
  resultOut.classList.toggle('won', win > 0);
  ctx.announce(t('keno.drawn', { hits, picks: outcome.picks.length }));
}

export function create(ctx: ShellContext): GameRenderer {
  const k: KenoCard = {
    ctx,
    picked: new Set<number>(),
    locked: false,
    rolling: false,
    wonHits: null,
    ...kenoView(ctx),
    ...kenoControls(ctx),
  };
  emptyTray(k);
  wireCard(k);
  quickPick(k.picked, 5);
  refresh(k);

  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: t('keno.draw'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1800,
    bet: (stake) =>
      k.picked.size === 0 ? { error: NO_PICKS } : { bet: { stake, picks: [...k.picked].sort((a, b) => a - b) }, stake },
    stakeChanged: () => refresh(k),
    lock(on) {
      k.locked = on;
      k.quick.disabled = on;
      k.clear.disabled = on;
      paint(k);
    },
    start() {
      k.rolling = true;
      clearMarks(k);
      emptyTray(k);
      k.resultOut.textContent = '';
      k.resultOut.classList.remove('won');
      k.tray.classList.add('rolling');
    },
    land: (raw, win, timing) => showDraw(k, raw as KenoOutcome, win, timing),
    abort() {
      k.rolling = false;
      k.tray.classList.remove('rolling');
      emptyTray(k);
    },
  };
}
