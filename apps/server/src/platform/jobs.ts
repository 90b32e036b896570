import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic sweeps (stale payments, later expiries): each pass re-reads what is due from the
 * database, so nothing is lost when a process restarts, and each pass's changes are guarded
 * updates, so two instances sweeping at once do no harm.
 */
export class Sweeps {
  private readonly sweeps: Array<{ name: string; everyMs: number; run: () => Promise<unknown> }> = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  every(name: string, everyMs: number, run: () => Promise<unknown>): void {
    this.sweeps.push({ name, everyMs, run });
  }

  /** Runs every sweep once, in order (tests, and a start's first pass). */
  async runAll(): Promise<void> {
    for (const sweep of this.sweeps) await sweep.run();
  }

  start(): void {
    for (const sweep of this.sweeps) {
      const timer = setInterval(() => {
        const pass = sweep
          .run()
          .catch((error: unknown) => this.log.error({ err: error, sweep: sweep.name }, 'sweep failed'))
          .finally(() => this.running.delete(pass));
        this.running.add(pass);
      }, sweep.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    await Promise.all([...this.running]);
  }
}
