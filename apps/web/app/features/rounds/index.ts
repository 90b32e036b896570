// The player's rounds (`/profile/games-history`): the history with its filters and the
// round detail (replay of the outcome, transactions, provably fair inputs). The profile's route
// modules compose these with the cashbox's money formatting (features do not import each other).
export { GamesHistory, formatTime } from './games-history';
export { RoundDetail } from './round-detail';
export { roundBet, summarizeOutcome, verifyHref, type OutcomeSummary } from './outcome';
export { parseRoundsFilter, roundsApiPath, roundsSearch, roundStatus, type RoundsFilter } from './rounds-query';
