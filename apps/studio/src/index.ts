/**
 * Orbit Originals, the house game studio: each game's mathematics (pure functions from random
 * draws to outcomes) and its browser client. It reaches the platform only through the provider
 * wallet protocol, as a third-party studio would (docs/catalogue.md, docs/provider-protocol.md).
 */
export const studio = {
  /** Provider identifier in the platform's catalogue (`orbit/<game>`). */
  provider: 'orbit',
  title: 'Orbit Originals',
} as const;
export { commitment, jackpotDraw, RoundDraws, type Draws } from './fair/draws';
export { GAMES, type GameMath, type AnyGameMath, type PaytableRow } from './games';
export {
  createStudio,
  fileStore,
  memoryStore,
  licenceRules,
  type Studio,
  type StudioOptions,
  type StudioStore,
  type StudioFetch,
} from './service';
