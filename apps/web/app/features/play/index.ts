// The game page (spec §2 gameItem, engagement "Play"): launch, the iframe, its toolbar. The route
// module composes it with the cashbox's live balance (features do not import each other).
export { GamePage, type PlayGame } from './game-page';
export { closeTarget, launchFailure, modeOf, playGuard, signUpHref } from './play-rules';
