export { FlagsPage } from './flags-page';
export {
  FLAG_DEFAULTS,
  FLAG_NAMES,
  FLAGS_COOKIE,
  clearFlagsCookie,
  flagDefaults,
  flagsCookie,
  isFlagName,
  parseFlagOverrides,
  resolveFlags,
} from './flags';
export type { FlagName, Flags, FlagOverrides } from './flags';
export { requestFlags, serverFlagDefaults } from './server-defaults';
