import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail';
import type { Outbox } from './outbox/outbox';

/** What every module is handed when it is mounted: nothing else is shared between them. */
export type ModuleContext = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** The time every expiry is measured against (a fake one in tests). */
  clock: Clock;
  /** Outgoing mail: stored in the outbox, and sent when SMTP is configured. */
  mailer: Mailer;
  /** Domain events: modules register handlers; the worker delivers what transactions enqueued. */
  outbox: Outbox;
};
