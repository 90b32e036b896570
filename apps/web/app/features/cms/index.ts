export { CmsPageView } from './cms-page';
export { findCmsPage, isCmsSlug } from './lookup';
