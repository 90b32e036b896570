import { island } from '../../ui/island';
import './banners.css';

/**
 * The carousel as an island: the server renders the banners (a scroll-snapping strip that
 * swipes without JavaScript), and the dots and autoplay come with its own code, loaded after
 * the page's first JavaScript. The lobby's loader awaits `loadBannersCode()`.
 */
export const { Island: BannerCarousel, preload: loadBannersCode } = island(
  () => import('./banner-carousel').then((m) => ({ default: m.BannerCarousel })),
  <div className="banners banners--loading" aria-hidden="true" />,
);
