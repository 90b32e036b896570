// The game page (docs/rules/routes-and-guards.md "The game page"): launch, the iframe, its toolbar. The route
// module composes it with the cashbox's live balance (features do not import each other).
export { GamePage, type PlayGame } from './game-page';
export { closeTarget, launchFailure, modeOf, playGuard, signUpHref } from './play-rules';
