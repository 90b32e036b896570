/**
 * Playing cards as SVG, for the card games: a face from a rank and a suit (corner indices, the pips
 * of the number cards, a large pip for the Ace, a framed letter for the court cards) and the
 * studio's back (a planet in its orbits). Colours and fonts are attributes of the drawing, so a card
 * needs no stylesheet; suits are paths, the indices plain letters and digits.
 *
 * Cards are numbered as the games deal them (`src/games/cards.ts`: rank = index mod 13, Ace first;
 * suit = ⌊index / 13⌋ in the order spades, hearts, diamonds, clubs): `cardSvg(index)` draws one.
 */
import { RANK_LABELS, rankOf, suitOf, type Suit } from '../../../src/games/cards';
import { h, svg } from '../dom';
import './playing-cards.css';

/** The suits in a 100 × 100 box. */
export const SUIT_PATHS: Readonly<Record<Suit, string>> = {
  hearts: 'M50 90C20 66 6 50 6 31 6 17 17 7 30 7c9 0 16 5 20 13 4-8 11-13 20-13 13 0 24 10 24 24 0 19-14 35-44 59z',
  diamonds: 'M50 4 87 50 50 96 13 50z',
  spades:
    'M50 5C63 24 94 38 94 61c0 13-10 22-22 22-8 0-15-4-19-10 1 10 5 17 12 23H35c7-6 11-13 12-23-4 6-11 10-19 10C16 83 6 74 6 61 6 38 37 24 50 5z',
  clubs:
    'M50 7a19 19 0 0 1 15 31 19 19 0 1 1-11 33c1 10 5 17 12 23H34c7-6 11-13 12-23a19 19 0 1 1-11-33A19 19 0 0 1 50 7z',
};
export const isRed = (suit: Suit): boolean => suit === 'hearts' || suit === 'diamonds';

const INK = { red: '#cf2436', black: '#1b1e31' } as const;
const FONT = 'Georgia, "Times New Roman", serif';

/** A suit of `size` centred on (x, y), upside down when `flip`. */
export function suitMark(suit: Suit, x: number, y: number, size: number, flip = false): SVGGElement {
  const rotate = flip ? `rotate(180 ${x} ${y}) ` : '';
  return svg(
    'g',
    { transform: `${rotate}translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})` },
    svg('path', { d: SUIT_PATHS[suit] }),
  );
}

function label(x: number, y: number, content: string, attrs: Record<string, string | number>): SVGTextElement {
  const t = svg('text', { x, y, 'text-anchor': 'middle', 'font-family': FONT, ...attrs });
  t.textContent = content;
  return t;
}

const L = 31;
const C = 50;
const R = 69;
/** Pip centres of the number cards on a 100 × 140 card (the lower half drawn upside down). */
const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  2: [
    [C, 30],
    [C, 110],
  ],
  3: [
    [C, 30],
    [C, 70],
    [C, 110],
  ],
  4: [
    [L, 30],
    [R, 30],
    [L, 110],
    [R, 110],
  ],
  5: [
    [L, 30],
    [R, 30],
    [C, 70],
    [L, 110],
    [R, 110],
  ],
  6: [
    [L, 30],
    [R, 30],
    [L, 70],
    [R, 70],
    [L, 110],
    [R, 110],
  ],
  7: [
    [L, 30],
    [R, 30],
    [C, 50],
    [L, 70],
    [R, 70],
    [L, 110],
    [R, 110],
  ],
  8: [
    [L, 30],
    [R, 30],
    [C, 50],
    [L, 70],
    [R, 70],
    [C, 90],
    [L, 110],
    [R, 110],
  ],
  9: [
    [L, 30],
    [R, 30],
    [L, 56.7],
    [R, 56.7],
    [C, 70],
    [L, 83.3],
    [R, 83.3],
    [L, 110],
    [R, 110],
  ],
  10: [
    [L, 30],
    [R, 30],
    [C, 43],
    [L, 56.7],
    [R, 56.7],
    [L, 83.3],
    [R, 83.3],
    [C, 97],
    [L, 110],
    [R, 110],
  ],
};

/** A card's face, 100 × 140 units, drawn to fill the element it is put in. */
export function cardFace(rank: number, suit: Suit): SVGSVGElement {
  const text = RANK_LABELS[rank]!;
  const ink = isRed(suit) ? INK.red : INK.black;
  const root = svg('svg', {
    viewBox: '0 0 100 140',
    class: 'playing-card face',
    fill: ink,
    'aria-hidden': 'true',
  });
  const corner = () =>
    svg(
      'g',
      {},
      label(12, 22, text, { 'font-size': text === '10' ? 17 : 20, 'font-weight': 800, 'letter-spacing': -1.5 }),
      suitMark(suit, 12, 33, 12),
    );
  root.append(
    svg('rect', { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: '#fdfcf7', stroke: '#c7cadf', 'stroke-width': 1 }),
    corner(),
    svg('g', { transform: 'rotate(180 50 70)' }, corner()),
  );
  if (rank === 0) {
    root.append(suitMark(suit, 50, 70, 46));
  } else if (rank >= 10) {
    root.append(
      svg('rect', {
        x: 24,
        y: 22,
        width: 52,
        height: 96,
        rx: 4,
        fill: '#f6ecc9',
        stroke: '#c9a24a',
        'stroke-width': 1.5,
      }),
      svg('rect', { x: 28, y: 26, width: 44, height: 88, rx: 3, fill: 'none', stroke: ink, 'stroke-opacity': 0.35 }),
      label(50, 80, text, { 'font-size': 44, 'font-weight': 900 }),
      suitMark(suit, 50, 40, 13),
      suitMark(suit, 50, 101, 13, true),
    );
  } else {
    for (const [x, y] of PIPS[rank + 1]!) root.append(suitMark(suit, x, y, 18, y > 70));
  }
  return root;
}

/** The face of card `index` 0 … 51 (see the module comment). */
export const cardSvg = (index: number): SVGSVGElement => cardFace(rankOf(index), suitOf(index));

/** The back: deep blue, a gold frame, a planet in two orbits. */
export function cardBack(): SVGSVGElement {
  const orbit = (angle: number) =>
    svg('ellipse', {
      cx: 50,
      cy: 70,
      rx: 36,
      ry: 13,
      fill: 'none',
      stroke: '#c9a24a',
      'stroke-width': 2,
      transform: `rotate(${angle} 50 70)`,
    });
  return svg(
    'svg',
    { viewBox: '0 0 100 140', class: 'playing-card back', 'aria-hidden': 'true' },
    svg('rect', { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: '#222a78', stroke: '#c9a24a', 'stroke-width': 1.5 }),
    svg('rect', {
      x: 7,
      y: 7,
      width: 86,
      height: 126,
      rx: 5,
      fill: '#1a2060',
      stroke: '#7c8cff',
      'stroke-opacity': 0.6,
    }),
    orbit(-30),
    orbit(30),
    svg('circle', { cx: 50, cy: 70, r: 11, fill: '#ffcf5a' }),
    svg('circle', { cx: 46, cy: 66, r: 4, fill: '#fff3c4', 'fill-opacity': 0.8 }),
  );
}

/**
 * A card that turns: `front` (its face, which the game fills) and the studio's back, back to back.
 * The element holding it turns it face down with the class `down` (playing-cards.css).
 */
export function turningCard(front: HTMLElement): HTMLElement {
  front.classList.add('card-side');
  return h('span', { class: 'card-flip' }, front, h('span', { class: 'card-side card-rear' }, cardBack()));
}
