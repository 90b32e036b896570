export { FlagsPage } from './flags-page';
export {
  FLAG_DEFAULTS,
  FLAG_NAMES,
  FLAGS_COOKIE,
  clearFlagsCookie,
  flagsCookie,
  isFlagName,
  parseFlagOverrides,
  resolveFlags,
} from './flags';
export type { FlagName, Flags, FlagOverrides } from './flags';
