import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail';
import type { Outbox } from './outbox/outbox';
import type { Sweeps } from './jobs';
import type { PubSub } from './realtime/pubsub';

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
  /** Realtime fan-out between processes (in-process, or Redis with REDIS_URL). */
  pubsub: PubSub;
  /** Periodic sweeps of what is due (stale payments ...), run with the workers. */
  sweeps: Sweeps;
  /** Outgoing HTTP to partners (the PSP); tests hand one that stays in-process. Default: global fetch. */
  fetch?: Fetch | undefined;
};

export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string> }>;
