/**
 * Game covers drawn as SVG by a pure function of the game's data: a gradient, a few shapes for the
 * kind of game, stars and the title in the system font. No remote image or font is referenced,
 * so a cover costs one small same-origin response and looks the same offline.
 */

export type CoverMotif =
  'reels' | 'ways' | 'clusters' | 'roulette' | 'dice' | 'crash' | 'cards' | 'wheel' | 'plinko' | 'keno';

export type CoverInput = {
  identifier: string;
  title: string;
  providerTitle: string;
  motif: CoverMotif;
  live?: boolean;
};

export const COVER_WIDTH = 400;
export const COVER_HEIGHT = 300;

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#1b1464', '#7b2ff7', '#f107a3'],
  ['#0f2027', '#2c5364', '#00b4db'],
  ['#200122', '#c31432', '#ff8008'],
  ['#134e5e', '#3b9c6e', '#c6ffdd'],
  ['#141e30', '#243b55', '#6dd5ed'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
  ['#0b486b', '#3b8686', '#f56217'],
  ['#16222a', '#3a6073', '#f7b733'],
];

/** The motif that suits a game, from its category identifiers. */
export function motifFor(categories: ReadonlyArray<string>, slug: string): CoverMotif {
  const has = (c: string) => categories.includes(c);
  if (/crash|rocket/.test(slug)) return 'crash';
  if (has('dice') || /dice|sic-bo/.test(slug)) return 'dice';
  if (has('roulette') || has('live-roulette') || /roulette/.test(slug)) return 'roulette';
  if (/plinko/.test(slug)) return 'plinko';
  if (/keno|lotto|bingo/.test(slug)) return 'keno';
  if (/wheel/.test(slug)) return 'wheel';
  if (/cluster/.test(slug)) return 'clusters';
  if (/ways/.test(slug)) return 'ways';
  if (has('live') || has('table')) return 'cards';
  return 'reels';
}

export function coverSvg(input: CoverInput): string {
  const seed = fnv1a(input.identifier);
  const random = mulberry32(seed);
  const [c0, c1, c2] = PALETTES[seed % PALETTES.length]!;
  const id = `g${seed.toString(36)}`;
  const stars = Array.from({ length: 18 }, () => {
    const x = round(random() * COVER_WIDTH);
    const y = round(random() * COVER_HEIGHT * 0.6);
    const r = round(0.6 + random() * 1.6);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${round(0.35 + random() * 0.5)}"/>`;
  }).join('');
  const lines = wrapTitle(input.title, 16);
  const size = lines.some((l) => l.length > 12) ? 30 : 36;
  const baseY = COVER_HEIGHT - 34 - (lines.length - 1) * (size + 4);
  const title = lines
    .map(
      (line, i) =>
        `<text x="24" y="${baseY + i * (size + 4)}" font-size="${size}" font-weight="800" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" role="img" aria-label="${escapeXml(input.title)}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c0}"/><stop offset="0.55" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`,
    `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#${id})"/>`,
    stars,
    `<ellipse cx="${COVER_WIDTH / 2}" cy="120" rx="190" ry="46" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="3" transform="rotate(-12 ${COVER_WIDTH / 2} 120)"/>`,
    motifShapes(input.motif, c2, random),
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#${id}s)"/>`,
    `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    title,
    `<text x="24" y="${COVER_HEIGHT - 14}" font-size="13" font-weight="600" fill="#fff" opacity="0.75" letter-spacing="1">${escapeXml(input.providerTitle.toUpperCase())}</text>`,
    input.live
      ? `<rect x="${COVER_WIDTH - 78}" y="16" width="62" height="24" rx="12" fill="#e53935"/><text x="${COVER_WIDTH - 47}" y="33" font-size="13" font-weight="800" fill="#fff" text-anchor="middle">LIVE</text>`
      : '',
    '</g></svg>',
  ].join('');
}

function motifShapes(motif: CoverMotif, accent: string, random: () => number): string {
  const cx = COVER_WIDTH / 2;
  switch (motif) {
    case 'reels':
      return [0, 1, 2]
        .map((i) => {
          const x = cx - 105 + i * 72;
          return `<rect x="${x}" y="52" width="66" height="92" rx="10" fill="#fff" fill-opacity="0.92"/><text x="${x + 33}" y="118" font-family="system-ui, sans-serif" font-size="56" font-weight="900" fill="${accent}" text-anchor="middle">7</text>`;
        })
        .join('');
    case 'ways':
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<path d="M20 ${70 + i * 16} C 120 ${40 + i * 20}, 280 ${110 + i * 8}, 380 ${60 + i * 18}" fill="none" stroke="#fff" stroke-opacity="${0.25 + i * 0.12}" stroke-width="4"/>`,
        )
        .join('');
    case 'clusters': {
      const colours = ['#fff', accent, '#ffd54f', '#80deea'];
      const out: string[] = [];
      for (let row = 0; row < 4; row++)
        for (let col = 0; col < 7; col++)
          out.push(
            `<circle cx="${cx - 120 + col * 40}" cy="${44 + row * 34}" r="13" fill="${colours[Math.floor(random() * colours.length)]}" fill-opacity="0.85"/>`,
          );
      return out.join('');
    }
    case 'roulette': {
      const segments = Array.from({ length: 12 }, (_, i) => {
        const a0 = (i * Math.PI) / 6;
        const a1 = ((i + 1) * Math.PI) / 6;
        const p = (a: number) => `${round(cx + 70 * Math.cos(a))} ${round(100 + 70 * Math.sin(a))}`;
        return `<path d="M${cx} 100 L${p(a0)} A70 70 0 0 1 ${p(a1)} Z" fill="${i === 0 ? '#2e7d32' : i % 2 ? '#111' : '#c62828'}"/>`;
      }).join('');
      return `<circle cx="${cx}" cy="100" r="78" fill="#d4a017"/>${segments}<circle cx="${cx}" cy="100" r="26" fill="#d4a017"/><circle cx="${cx + 48}" cy="72" r="6" fill="#fff"/>`;
    }
    case 'dice':
      return [
        `<rect x="${cx - 110}" y="46" width="96" height="96" rx="18" fill="#fff" transform="rotate(-10 ${cx - 62} 94)"/>`,
        pips(cx - 62, 94, 5, -10),
        `<rect x="${cx + 14}" y="54" width="96" height="96" rx="18" fill="#fff" fill-opacity="0.9" transform="rotate(12 ${cx + 62} 102)"/>`,
        pips(cx + 62, 102, 3, 12),
      ].join('');
    case 'crash':
      return `<path d="M30 170 Q 200 160 330 50" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-opacity="0.9"/><g transform="translate(330 50) rotate(-40)"><path d="M0 -22 C 12 -10 12 10 8 20 L -8 20 C -12 10 -12 -10 0 -22 Z" fill="#fff"/><circle cx="0" cy="-4" r="5" fill="${accent}"/><path d="M-8 20 L -4 34 L 0 24 L 4 34 L 8 20 Z" fill="#ffb300"/></g>`;
    case 'wheel': {
      const spokes = Array.from({ length: 16 }, (_, i) => {
        const a = (i * Math.PI) / 8;
        return `<line x1="${cx}" y1="100" x2="${round(cx + 76 * Math.cos(a))}" y2="${round(100 + 76 * Math.sin(a))}" stroke="#fff" stroke-opacity="0.7" stroke-width="3"/>`;
      }).join('');
      return `<circle cx="${cx}" cy="100" r="80" fill="${accent}" stroke="#fff" stroke-width="6"/>${spokes}<circle cx="${cx}" cy="100" r="14" fill="#fff"/><path d="M${cx - 10} 12 L${cx + 10} 12 L${cx} 30 Z" fill="#fff"/>`;
    }
    case 'plinko': {
      // A triangle of pegs and a ball on its way down.
      const pegs: string[] = [];
      for (let row = 0; row < 7; row++)
        for (let i = 0; i <= row; i++)
          pegs.push(
            `<circle cx="${cx - row * 17 + i * 34}" cy="${34 + row * 20}" r="4" fill="#fff" fill-opacity="0.85"/>`,
          );
      return `${pegs.join('')}<circle cx="${cx + 9}" cy="${58 + round(random() * 60)}" r="9" fill="${accent}" stroke="#fff" stroke-width="3"/>`;
    }
    case 'keno': {
      // A card of numbers, a few of them marked.
      const out: string[] = [];
      for (let row = 0; row < 4; row++)
        for (let col = 0; col < 8; col++) {
          const marked = random() < 0.22;
          const x = cx - 140 + col * 40;
          const y = 40 + row * 34;
          out.push(
            `<circle cx="${x}" cy="${y}" r="14" fill="${marked ? accent : '#fff'}" fill-opacity="${marked ? 1 : 0.85}"/><text x="${x}" y="${y + 5}" font-family="system-ui, sans-serif" font-size="13" font-weight="700" fill="${marked ? '#fff' : '#333'}" text-anchor="middle">${row * 8 + col + 1}</text>`,
          );
        }
      return out.join('');
    }
    case 'cards':
      return [
        `<rect x="${cx - 80}" y="44" width="80" height="112" rx="10" fill="#fff" transform="rotate(-12 ${cx - 40} 100)"/>`,
        `<text x="${cx - 52}" y="92" font-family="system-ui, sans-serif" font-size="34" font-weight="800" fill="#c62828" transform="rotate(-12 ${cx - 40} 100)">A</text>`,
        `<rect x="${cx - 10}" y="44" width="80" height="112" rx="10" fill="#fff" transform="rotate(10 ${cx + 30} 100)"/>`,
        `<text x="${cx + 16}" y="92" font-family="system-ui, sans-serif" font-size="34" font-weight="800" fill="#111" transform="rotate(10 ${cx + 30} 100)">K</text>`,
      ].join('');
  }
}

function pips(cx: number, cy: number, count: number, rotate: number): string {
  const d = 24;
  const at: Record<number, Array<[number, number]>> = {
    3: [
      [-d, -d],
      [0, 0],
      [d, d],
    ],
    5: [
      [-d, -d],
      [d, -d],
      [0, 0],
      [-d, d],
      [d, d],
    ],
  };
  return `<g transform="rotate(${rotate} ${cx} ${cy})">${(at[count] ?? [[0, 0]]).map(([x, y]) => `<circle cx="${cx + x}" cy="${cy + y}" r="8" fill="#222"/>`).join('')}</g>`;
}

/** Splits a title into at most two lines near `width` characters. */
export function wrapTitle(title: string, width: number): string[] {
  if (title.length <= width) return [title];
  const words = title.split(/\s+/);
  let first = '';
  while (words.length && (first + ' ' + words[0]).trim().length <= width) first = (first + ' ' + words.shift()).trim();
  if (!first) first = words.shift() ?? '';
  return words.length ? [first, words.join(' ')] : [first];
}

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** FNV-1a: a stable 32-bit hash, so a game keeps its colours across runs and machines. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small deterministic PRNG for the decoration (never for game outcomes). */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
