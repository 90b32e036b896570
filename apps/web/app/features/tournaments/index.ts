// Tournaments, quests and achievements (docs/rules/promotions.md): the /tournaments list with
// its tabs, a tournament's page with its live leaderboard, a quest's page with its levels.
// Route modules compose these (with the cashbox's money formatting: features do not import each other).
export { TournamentsList, PromoCard } from './tournaments-list';
export { TournamentPage } from './tournament-page';
export { LotteryPage } from './lottery-page';
export { RunningPromotions } from './running-promotions';
export { PromoTimer } from './promo-timer';
export {
  findBySlug,
  isTournamentTab,
  promoPath,
  sortPromos,
  visiblePromos,
  TOURNAMENT_TABS,
  type TournamentTab,
} from './rules';
export { customTournamentsOf, type CustomTournamentCard } from './custom-tournaments';
