export { BannerCarousel, BANNER_AUTOPLAY_MS } from './banner-carousel';
export { internalPath, visitorBanners } from './banners';
