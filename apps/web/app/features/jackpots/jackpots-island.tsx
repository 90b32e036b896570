import { island } from '../../ui/island';
import './jackpots.css';

/**
 * The lobby's jackpot slider and winners board (`jackpots-live.tsx`) as an island: in the first
 * HTML, its code loaded by the browser after the page's first JavaScript. Pass it the loader's
 * view object as it is; the lobby's loader awaits `loadJackpotsCode()`.
 */
export const { Island: Jackpots, preload: loadJackpotsCode } = island(
  () => import('./jackpots-live'),
  <div className="jackpots jackpots--loading" aria-hidden="true" />,
);
