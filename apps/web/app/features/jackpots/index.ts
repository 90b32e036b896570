// The winner's celebration (`award-toast.tsx`) is imported by the player's header directly.
export { Jackpots, loadJackpotsCode } from './jackpots-island';
export {
  FALLBACK_CURRENCY,
  WINNERS_LIMIT,
  awardOf,
  formatJackpotAmount,
  jackpotFor,
  jackpotGamePath,
  liveWinner,
  mergeWinner,
  sliderView,
  timeAgo,
  winnerView,
} from './jackpots';
export type { JackpotSliderView, JackpotsView, JackpotWinnerView, WinnerLists } from './jackpots';
