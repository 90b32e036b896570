/** Promotions in the back office (docs/backoffice.md "Promotions"): tournaments and lotteries. */
export { tournaments } from './tournaments';
export { lotteries } from './lotteries';
export { quests } from './quests';
export { wheel } from './wheel';
