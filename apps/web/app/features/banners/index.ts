// The carousel itself (`banner-carousel.tsx`) is loaded by its island only.
export { BannerCarousel, loadBannersCode } from './banners-island';
export { BANNER_AUTOPLAY_MS, bannerView, internalPath, playerBanners, visitorBanners } from './banners';
export type { BannerView } from './banners';
