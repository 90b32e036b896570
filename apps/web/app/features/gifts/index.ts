// The player's gifts (docs/rules/gifts.md): `/profile/gifts` (bonuses and free spins, the
// gift-code field, the history), the header's gifts entry and the wagering bonus for the header's
// balance, and the watcher that keeps them live and tells each change in a notice. Route modules
// compose these (with the cashbox's money formatting and balances: features do not import each other).
export { GiftsTab } from './gifts-tab';
export { GiftsWatcher, HeaderGifts, useWagering } from './gifts-watcher';
export { clearGifts, currentGifts, loadGifts, useGifts } from './gifts-store';
export {
  bonusCountdown,
  counterText,
  freespinCountdown,
  giftCount,
  splitGifts,
  timeLeft,
  wagerPercent,
  wageringBonus,
} from './rules';
