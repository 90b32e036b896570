import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import type { ModuleContext } from './context';

/** A business module as the server mounts it: its routes, and its part of the seed. */
export type OrbitModule = {
  name: string;
  /** Registers the module's HTTP routes (under the app's root; paths are written in full). */
  routes?: (app: FastifyInstance, ctx: ModuleContext) => Promise<void>;
  /** Inserts or updates the module's demo and reference content; must be idempotent. */
  seed?: (db: Db, options: SeedOptions) => Promise<void>;
};

/** What the seed includes beyond reference data. */
export type SeedOptions = {
  /** The demo player with its public password (README "Demo content"); off for a real deployment. */
  demoPlayer: boolean;
};
