export { BannerCarousel, BANNER_AUTOPLAY_MS } from './banner-carousel';
export { bannerView, internalPath, visitorBanners } from './banners';
export type { BannerView } from './banners';
