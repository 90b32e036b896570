export { AwardsPage } from './awards';
export { BonusPage } from './bonus';
export { NewsArticle, NewsList } from './news';
export { PaymentsPage } from './payments';
export { articleDate, awardsIn, awardsOf, awardYears, formatArticleDate, newsPageHref, selectedYear } from './rules';
