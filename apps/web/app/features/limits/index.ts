// Responsible gambling on the page (docs/limits.md; docs/rules/page-shell.md "Player protection"):
// /profile/limits and its confirmation, the limit-reached notice, the game page's guard and
// reality check, the EE session timer. Route modules compose these.
export { LimitsTab, type ExclusionNoticeState } from './limits-tab';
export { LimitConfirmPage } from './confirm-page';
export { LimitsWatcher } from './limit-notice';
export { RealityCheck } from './reality-check';
export { SessionTimer } from './session-timer';
export { SessionFacts } from './session-facts';
export { exclusionNoticeOf } from './exclusion-notice';
export { usePlayLimitCheck, type PlayLimitCheck } from './play-limit';
export { useLimitMoney, type LimitMoney } from './money';
