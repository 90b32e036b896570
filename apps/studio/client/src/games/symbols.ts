/**
 * The slots' symbol art, drawn by the studio: one small SVG per symbol (a 100 × 100 view box), no
 * image files and no font (an emoji or a letter would depend on what the device has installed).
 * The drawings live once in a hidden sprite (`<symbol>`s with their shared gradients); a tile shows
 * one with `<use>`, so a reel strip of dozens of tiles costs a few nodes each.
 */
import { svg } from '../dom';

const NS = 'http://www.w3.org/2000/svg';

/** Gradients shared by the drawings (`url(#sg-…)`). */
const DEFS = `
<linearGradient id="sg-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset=".55" stop-color="#ffc93c"/><stop offset="1" stop-color="#d9820f"/></linearGradient>
<linearGradient id="sg-red" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a8a"/><stop offset="1" stop-color="#b3122e"/></linearGradient>
<linearGradient id="sg-silver" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#8b93b8"/></linearGradient>
<linearGradient id="sg-flame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6a0"/><stop offset=".5" stop-color="#ffa629"/><stop offset="1" stop-color="#ff4d2e" stop-opacity="0"/></linearGradient>
<linearGradient id="sg-tail" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bff4ff"/><stop offset="1" stop-color="#5b8cff" stop-opacity="0"/></linearGradient>
<linearGradient id="sg-fire" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe27a"/><stop offset=".5" stop-color="#ff7a2e"/><stop offset="1" stop-color="#ff3d3d" stop-opacity="0"/></linearGradient>
<radialGradient id="sg-ringed" cx=".35" cy=".35" r=".75"><stop offset="0" stop-color="#ffd9a0"/><stop offset=".6" stop-color="#e08a3c"/><stop offset="1" stop-color="#7a3d14"/></radialGradient>
<radialGradient id="sg-blue" cx=".35" cy=".35" r=".75"><stop offset="0" stop-color="#9be3ff"/><stop offset=".6" stop-color="#2a7fd4"/><stop offset="1" stop-color="#0d2f6b"/></radialGradient>
<radialGradient id="sg-mars" cx=".35" cy=".35" r=".75"><stop offset="0" stop-color="#ffb08a"/><stop offset=".6" stop-color="#d2502e"/><stop offset="1" stop-color="#6b1a0e"/></radialGradient>
<radialGradient id="sg-moon" cx=".35" cy=".35" r=".8"><stop offset="0" stop-color="#fffbe0"/><stop offset="1" stop-color="#c9c2a0"/></radialGradient>
<radialGradient id="sg-rock" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#b8aa9a"/><stop offset="1" stop-color="#4a3f36"/></radialGradient>
<radialGradient id="sg-sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fffbe0"/><stop offset=".55" stop-color="#ffd23c"/><stop offset="1" stop-color="#ff8c1a"/></radialGradient>
<radialGradient id="sg-glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#ffffff"/><stop offset=".3" stop-color="#c7b8ff"/><stop offset="1" stop-color="#6a4cff" stop-opacity="0"/></radialGradient>
<radialGradient id="sg-hot" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#ffffff"/><stop offset=".35" stop-color="#ffe066"/><stop offset=".7" stop-color="#ff5a2e"/><stop offset="1" stop-color="#b3122e" stop-opacity="0"/></radialGradient>
<radialGradient id="sg-violet" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#ffe3ff"/><stop offset=".4" stop-color="#d36bff"/><stop offset="1" stop-color="#4a1f9e"/></radialGradient>
<linearGradient id="sg-gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9fbff"/><stop offset=".5" stop-color="#4fd1ff"/><stop offset="1" stop-color="#1d5fbf"/></linearGradient>
<linearGradient id="sg-panel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6aa8ff"/><stop offset="1" stop-color="#1f3f9e"/></linearGradient>
`;

/** A five-pointed star's points around (cx, cy). */
function star(cx: number, cy: number, outer: number, inner: number, points = 5, turn = -90): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((turn + (i * 180) / points) * Math.PI) / 180;
    out.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(' ');
}

const sparkle = (x: number, y: number, r: number, fill = '#fff') =>
  `<polygon points="${star(x, y, r, r / 4, 4, 0)}" fill="${fill}"/>`;

/** The drawings by key (see `symbolKey`): markup inside a 100 × 100 view box. */
const ART: Record<string, string> = {
  seven: `<path d="M20 18h62v13L52 86H33l30-53H20z" fill="url(#sg-red)" stroke="#5a0616" stroke-width="4" stroke-linejoin="round"/><path d="M26 22h50v5H26z" fill="#fff" opacity=".45"/>${sparkle(82, 70, 9, '#ffe27a')}${sparkle(18, 62, 6, '#ffe27a')}`,
  rocket: `<path d="M50 8c15 12 20 32 16 52H34C30 40 35 20 50 8z" fill="url(#sg-silver)" stroke="#3a3f66" stroke-width="3"/><path d="M34 46 20 64l15-2zM66 46l14 18-15-2z" fill="url(#sg-red)" stroke="#5a0616" stroke-width="2.5" stroke-linejoin="round"/><circle cx="50" cy="34" r="8" fill="#3fb6ff" stroke="#1d3a6b" stroke-width="3"/><path d="M38 62h24l-4 8H42z" fill="#5a5f86"/><path d="M42 70h16c0 12-8 22-8 22s-8-10-8-22z" fill="url(#sg-flame)"/>`,
  ufo: `<path d="M36 62h28l14 30H22z" fill="#9bf6ff" opacity=".25"/><path d="M32 44c0-12 8-20 18-20s18 8 18 20z" fill="#8fe9ff" opacity=".9" stroke="#1d5f7a" stroke-width="3"/><ellipse cx="50" cy="52" rx="40" ry="12" fill="url(#sg-silver)" stroke="#3a3f66" stroke-width="3"/><circle cx="28" cy="53" r="3.5" fill="#ffe066"/><circle cx="50" cy="57" r="3.5" fill="#ff7ad9"/><circle cx="72" cy="53" r="3.5" fill="#7dff9b"/>`,
  planet: `<ellipse cx="50" cy="52" rx="44" ry="13" fill="none" stroke="#f6d7a8" stroke-width="5" transform="rotate(-18 50 52)" opacity=".55"/><circle cx="50" cy="50" r="27" fill="url(#sg-ringed)"/><path d="M27 44c14 4 32 4 46-2M26 56c16 4 32 3 48-3" stroke="#ffe2b8" stroke-width="3" fill="none" opacity=".5"/><path d="M8 64C30 56 70 40 92 38" stroke="#f6d7a8" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  astronaut: `<rect x="28" y="56" width="44" height="34" rx="12" fill="url(#sg-silver)" stroke="#3a3f66" stroke-width="3"/><rect x="42" y="64" width="16" height="10" rx="2" fill="#ff6b81"/><circle cx="50" cy="38" r="25" fill="url(#sg-silver)" stroke="#3a3f66" stroke-width="3"/><rect x="32" y="28" width="36" height="22" rx="11" fill="#1b2a6b"/><path d="M38 34c4-3 10-3 14 0" stroke="#8fd3ff" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  moon: `<path d="M62 10a40 40 0 1 0 28 60A32 32 0 1 1 62 10z" fill="url(#sg-moon)" stroke="#8a8466" stroke-width="2"/><circle cx="36" cy="46" r="6" fill="#b5ad88"/><circle cx="48" cy="72" r="4.5" fill="#b5ad88"/><circle cx="28" cy="64" r="3" fill="#b5ad88"/>${sparkle(80, 22, 7)}`,
  comet: `<path d="M90 10 44 46l10 10z" fill="url(#sg-tail)"/><path d="M80 8 40 40l6 4zM94 22 56 58l-4-6z" fill="url(#sg-tail)" opacity=".7"/><circle cx="38" cy="62" r="20" fill="#e9fbff" stroke="#6ad1ff" stroke-width="4"/><circle cx="32" cy="56" r="6" fill="#fff"/>`,
  satellite: `<rect x="4" y="38" width="30" height="24" fill="url(#sg-panel)" stroke="#0f2360" stroke-width="2.5"/><rect x="66" y="38" width="30" height="24" fill="url(#sg-panel)" stroke="#0f2360" stroke-width="2.5"/><path d="M14 38v24M24 38v24M4 50h30M76 38v24M86 38v24M66 50h30" stroke="#0f2360" stroke-width="1.5"/><path d="M34 50h32" stroke="#8b93b8" stroke-width="4"/><rect x="38" y="34" width="24" height="32" rx="4" fill="url(#sg-gold)" stroke="#7a4a0a" stroke-width="2.5"/><path d="M50 34V20M42 16a10 6 0 0 0 16 0" stroke="#c9cde6" stroke-width="3" fill="none"/>`,
  star: `<circle cx="50" cy="50" r="44" fill="url(#sg-glow)" opacity=".7"/><polygon points="${star(50, 52, 40, 17)}" fill="url(#sg-gold)" stroke="#8a4b00" stroke-width="3" stroke-linejoin="round"/><polygon points="${star(50, 52, 18, 8)}" fill="#fff" opacity=".55"/>`,
  galaxy: `<circle cx="50" cy="50" r="44" fill="url(#sg-violet)" opacity=".55"/><path d="M50 50c10-4 14 8 6 14-12 9-30-2-28-18 2-20 26-30 44-18M50 50c-10 4-14-8-6-14 12-9 30 2 28 18-2 20-26 30-44 18" fill="none" stroke="#f0d6ff" stroke-width="5" stroke-linecap="round"/><circle cx="50" cy="50" r="7" fill="#fff"/>${sparkle(20, 20, 6)}${sparkle(82, 80, 5)}`,
  quasar: `<path d="M46 2h8l-2 40h-4zM46 98h8l-2-40h-4z" fill="#bfe6ff" opacity=".85"/><ellipse cx="50" cy="50" rx="42" ry="11" fill="url(#sg-violet)" opacity=".85"/><circle cx="50" cy="50" r="14" fill="url(#sg-glow)"/><circle cx="50" cy="50" r="6" fill="#fff"/>`,
  pulsar: `<circle cx="50" cy="50" r="38" fill="none" stroke="#7ad7ff" stroke-width="2" opacity=".5"/><circle cx="50" cy="50" r="28" fill="none" stroke="#7ad7ff" stroke-width="2.5" opacity=".7"/><path d="M50 50 18 10h16zM50 50l32 40H66z" fill="#bff0ff" opacity=".8"/><circle cx="50" cy="50" r="14" fill="url(#sg-gem)" stroke="#fff" stroke-width="3"/>`,
  nova: `<polygon points="${star(50, 50, 46, 18, 8, -90)}" fill="url(#sg-hot)"/><polygon points="${star(50, 50, 30, 12, 8, -67.5)}" fill="#ffe27a"/><circle cx="50" cy="50" r="10" fill="#fff"/>`,
  asteroid: `<path d="M24 20 58 10l30 22 4 34-26 26-36-4L8 60l4-28z" fill="url(#sg-rock)" stroke="#2a221c" stroke-width="3" stroke-linejoin="round"/><circle cx="38" cy="38" r="9" fill="#5c4f44"/><circle cx="64" cy="60" r="12" fill="#5c4f44"/><circle cx="34" cy="70" r="5" fill="#5c4f44"/><circle cx="66" cy="30" r="4" fill="#5c4f44"/>`,
  crystal: `<path d="M50 6 82 34 50 94 18 34z" fill="url(#sg-gem)" stroke="#0f3a7a" stroke-width="3" stroke-linejoin="round"/><path d="M18 34h64M50 6 36 34l14 60 14-60z" stroke="#e6fbff" stroke-width="2" fill="none" opacity=".8"/>${sparkle(74, 16, 7)}`,
  stardust: `${sparkle(34, 34, 18, '#ffe9a8')}${sparkle(68, 60, 14, '#c7d8ff')}${sparkle(30, 76, 9, '#ffd0f0')}${sparkle(76, 22, 8, '#fff')}<circle cx="54" cy="40" r="3" fill="#fff"/><circle cx="50" cy="84" r="2.5" fill="#fff"/><circle cx="86" cy="84" r="2" fill="#fff"/>`,
  wild: `<circle cx="50" cy="50" r="44" fill="url(#sg-violet)"/><path d="M50 50c12-6 20 8 10 16-14 10-34 0-32-18 2-22 30-32 48-18M50 50c-12 6-20-8-10-16 14-10 34 0 32 18" fill="none" stroke="#ffe3ff" stroke-width="4" stroke-linecap="round" opacity=".8"/><polygon points="${star(50, 50, 22, 9)}" fill="url(#sg-gold)" stroke="#8a4b00" stroke-width="2"/>`,
  sun: `<polygon points="${star(50, 50, 48, 30, 12, -90)}" fill="#ffb020"/><circle cx="50" cy="50" r="30" fill="url(#sg-sun)" stroke="#e07a10" stroke-width="2"/><circle cx="42" cy="44" r="6" fill="#fff" opacity=".5"/>`,
  'blue planet': `<circle cx="50" cy="50" r="38" fill="url(#sg-blue)"/><path d="M26 36c8-6 18-2 20 6s-6 10-4 18-10 8-14 0-10-18-2-24zM58 22c10 2 20 10 22 20-6 2-10-4-16-2s-6-10-6-18zM58 66c8-4 16 0 18 4-4 10-14 16-20 16 0-8-6-14 2-20z" fill="#3fcf6e" opacity=".9"/><circle cx="50" cy="50" r="38" fill="none" stroke="#bfeaff" stroke-width="3" opacity=".6"/>`,
  'red planet': `<circle cx="50" cy="50" r="38" fill="url(#sg-mars)"/><path d="M24 44c10-4 20 2 30-2s16 2 22 0M30 66c10 2 18-4 28 0" stroke="#8a2a14" stroke-width="5" fill="none" stroke-linecap="round" opacity=".7"/><circle cx="62" cy="32" r="5" fill="#8a2a14" opacity=".6"/><ellipse cx="50" cy="16" rx="10" ry="3" fill="#fff" opacity=".7"/>`,
  meteor: `<path d="M96 4 46 44l12 12z" fill="url(#sg-fire)"/><path d="M84 4 44 38l4 4zM96 18 60 52l-4-4z" fill="url(#sg-fire)" opacity=".7"/><path d="M20 52 38 42l16 8 4 18-14 14-20-2-8-14z" fill="url(#sg-rock)" stroke="#2a221c" stroke-width="3" stroke-linejoin="round"/><circle cx="34" cy="62" r="5" fill="#5c4f44"/>`,
  supernova: `<circle cx="50" cy="50" r="46" fill="url(#sg-hot)"/><polygon points="${star(50, 50, 44, 14, 10, -90)}" fill="#ffe27a" opacity=".9"/><circle cx="50" cy="50" r="30" fill="none" stroke="#fff" stroke-width="2.5" opacity=".7"/><circle cx="50" cy="50" r="13" fill="#fff"/>`,
  orb: `<circle cx="50" cy="50" r="36" fill="url(#sg-violet)" stroke="#fff" stroke-width="3" opacity=".95"/><ellipse cx="40" cy="38" rx="12" ry="8" fill="#fff" opacity=".45"/>`,
};

/** The tile colour behind each drawing. */
const TILES: Record<string, string> = {
  seven: '#5a1030',
  rocket: '#3d2366',
  ufo: '#123f52',
  planet: '#4f3418',
  astronaut: '#1f3360',
  moon: '#2c305e',
  comet: '#163a5e',
  satellite: '#233f48',
  star: '#4a2fa8',
  galaxy: '#26195e',
  quasar: '#2c1a5e',
  pulsar: '#123a55',
  nova: '#5e2a12',
  asteroid: '#353535',
  crystal: '#153c5a',
  stardust: '#2c2c5e',
  wild: '#4a1f86',
  sun: '#5e4410',
  'blue planet': '#112f55',
  'red planet': '#521c12',
  meteor: '#3d2140',
  supernova: '#5a1410',
  orb: '#2a2a55',
};

/** Other names the games may use for a drawing. */
const ALIASES: Record<string, string> = {
  '7': 'seven',
  'ringed planet': 'planet',
  saturn: 'planet',
  earth: 'blue planet',
  mars: 'red planet',
  scatter: 'galaxy',
  gem: 'crystal',
  diamond: 'crystal',
  'black hole': 'galaxy',
  blackhole: 'galaxy',
  nebula: 'galaxy',
  alien: 'ufo',
};

/** The drawing for a symbol's name (any case; `Wild×3` → wild): an unknown name gets the orb. */
export function symbolKey(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/\s*×\s*\d+$/, '')
    .trim();
  if (ART[key]) return key;
  if (ALIASES[key]) return ALIASES[key]!;
  const first = key.split(/[\s_-]/)[0] ?? '';
  return ART[first] ? first : (ALIASES[first] ?? 'orb');
}

/** The tile colour of a symbol. */
export function symbolColour(name: string): string {
  return TILES[symbolKey(name)] ?? TILES.orb!;
}

let sprite: SVGSVGElement | null = null;

/** Adds the sprite (every drawing as a `<symbol>`, the shared gradients) to the page, once. */
function ensureSprite(): void {
  if (sprite?.isConnected) return;
  sprite = document.createElementNS(NS, 'svg');
  sprite.setAttribute('aria-hidden', 'true');
  sprite.setAttribute('class', 'symbol-sprite');
  // Not display:none: gradients in an undisplayed SVG are not painted by every browser.
  sprite.setAttribute('width', '0');
  sprite.setAttribute('height', '0');
  sprite.innerHTML =
    `<defs>${DEFS}</defs>` +
    Object.entries(ART)
      .map(([key, body]) => `<symbol id="sym-${key.replace(/\s+/g, '-')}" viewBox="0 0 100 100">${body}</symbol>`)
      .join('');
  document.body.appendChild(sprite);
}

/** An SVG showing the symbol `name` (scales with its box; no text, no font). */
export function symbolArt(name: string): SVGSVGElement {
  ensureSprite();
  const key = symbolKey(name);
  const art = svg('svg', { class: 'symbol-art', viewBox: '0 0 100 100', 'aria-hidden': 'true', focusable: 'false' });
  art.dataset.art = key;
  art.appendChild(svg('use', { href: `#sym-${key.replace(/\s+/g, '-')}` }));
  return art;
}
