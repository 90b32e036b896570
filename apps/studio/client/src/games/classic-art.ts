/**
 * The fruit-machine symbols the classic slots (Nova Sevens, Saturn Wheel) draw alike, in a 60 × 60
 * box: plain SVG shapes, no emoji and no font. Each game adds its own symbols around these.
 */
export type Shape = 'path' | 'circle' | 'ellipse' | 'polygon' | 'rect';
export type AddShape = (tag: Shape, attrs: Record<string, string | number>) => void;

/** Draws Seven, Bell or Cherry with `add`. */
export function drawClassicSymbol(name: 'Seven' | 'Bell' | 'Cherry', add: AddShape): void {
  switch (name) {
    case 'Seven':
      add('path', {
        d: 'M12 10 H48 V18 L30 52 H20 L37 19 H12 Z',
        fill: '#ff3b5c',
        stroke: '#ffd0d8',
        'stroke-width': 2.5,
        'stroke-linejoin': 'round',
      });
      break;
    case 'Bell':
      add('path', {
        d: 'M30 8 C18 8 16 20 16 30 C16 38 12 42 10 44 H50 C48 42 44 38 44 30 C44 20 42 8 30 8 Z',
        fill: '#ffc84d',
        stroke: '#fff0c2',
        'stroke-width': 2,
      });
      add('circle', { cx: 30, cy: 49, r: 5, fill: '#c98a12' });
      break;
    case 'Cherry':
      add('path', {
        d: 'M22 38 C24 24 30 14 42 8 M38 36 C38 24 40 16 42 8',
        stroke: '#3ddc97',
        'stroke-width': 3,
        fill: 'none',
      });
      add('circle', { cx: 20, cy: 42, r: 10, fill: '#d7263d' });
      add('circle', { cx: 40, cy: 42, r: 10, fill: '#d7263d' });
  }
}
