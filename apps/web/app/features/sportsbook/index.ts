export { SportOverlay } from './sport-overlay';
export { useFrameMessages, useSportHash } from './frame-messages';
export {
  bettingPageUrl,
  bettingSite,
  closeTarget,
  sportDecision,
  sportKindOf,
  sportSection,
  type BettingConfig,
  type BettingSite,
} from './rules';
