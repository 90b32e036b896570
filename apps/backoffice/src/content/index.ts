/** The content screens (permission `content.manage`: roles marketing and admin), docs/backoffice.md "Content". */
export { contentBanners } from './banners';
export { withContent } from './dataProvider';
export { contentFeConfigs } from './feConfigs';
export { contentPages } from './pages';
export { contentSnippets } from './snippets';
export { contentTranslations } from './translations';
