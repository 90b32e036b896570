/** The studio's HTTP service: `createStudio(options).plugin`, registered by the casino under `/studio`. */
export {
  createStudio,
  licenceRules,
  DEFAULT_JACKPOT_GAMES,
  DEFAULT_SLOT_GAMES,
  DEMO_BALANCE_CENTS,
  DEMO_CURRENCY,
  SESSION_TTL_MS,
  type Studio,
  type StudioOptions,
  type StudioLog,
  type LicenceRules,
  type RetryReport,
} from './studio';
export {
  fileStore,
  memoryStore,
  type StudioStore,
  type StudioState,
  type StudioSession,
  type SeedPair,
  type PendingCall,
} from './store';
export { signWalletBody, type StudioFetch, type WalletRetryOptions } from './wallet';
