/**
 * The studio's HTTP service (apps/studio/README.md): sessions, rounds, seeds, the rules and
 * client pages. It moves real money only through the provider wallet protocol
 * (docs/provider-protocol.md) and keeps its own state in a `StudioStore`. This file composes the
 * parts: the options (`options.ts`), the engine (`engine.ts`) and the routes (`routes.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { createStudioEngine } from './engine';
import type { Studio, StudioOptions } from './options';
import { studioRoutes } from './routes';

export {
  CLIENT_SEED,
  DEFAULT_JACKPOT_GAMES,
  DEFAULT_SLOT_GAMES,
  DEMO_BALANCE_CENTS,
  DEMO_CURRENCY,
  licenceRules,
  SESSION_TTL_MS,
  type LicenceRules,
  type RetryReport,
  type Studio,
  type StudioLog,
  type StudioOptions,
} from './options';

/** Builds the studio: its Fastify plugin, `retryPending()` and its store. */
export function createStudio(options: StudioOptions): Studio {
  const engine = createStudioEngine(options);
  const plugin = (app: FastifyInstance) => studioRoutes(app, engine);
  return { plugin, retryPending: engine.retryPending, store: engine.store };
}
