import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';

/** What every module is handed when it is mounted: nothing else is shared between them. */
export type ModuleContext = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
};
