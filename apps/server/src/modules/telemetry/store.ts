/**
 * Where the page's reports go (docs/telemetry.md "What is stored"): counted per address, then
 * appended to `telemetry_events`, and deleted by the retention sweep. A report never costs the page
 * an error of ours: a count or a write that fails is logged and the call is still answered 204.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jsonBytes, TELEMETRY_PAYLOAD_MAX_BYTES } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { deleteInBatches } from '../../platform/db/sweep';
import { AppError, tooManyRequests, unprocessable } from '../../platform/errors';
import {
  telemetryAddressWindows,
  telemetryEvents,
  telemetrySalts,
  type AgentClass,
  type TelemetryKind,
} from './schema';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** One report as it is kept: its kind, what inside the kind, and what the page said. */
export type Report = { kind: TelemetryKind; name: string; payload: Record<string, unknown> };
/** Who sent it, as far as it is kept: the player if signed in, and the visit's facts. */
export type Visit = {
  userId: number | null;
  ip: string;
  userAgent: string | undefined;
  country: string | null;
  agentClass: AgentClass;
};
export type TelemetrySettings = { callsPerAddressMinute: number; retentionDays: number };

export class TelemetryStore {
  /** The day's salt, read once a day per process. */
  private salt: { day: string; value: Promise<string> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly settings: TelemetrySettings,
  ) {}

  /**
   * Counts a call of `ip` in the current minute; 429 with Retry-After (the seconds left of the
   * minute) past the limit. One upsert, so every instance counts the same calls. A count that
   * cannot be made lets the call through: telemetry is never worth refusing a page.
   */
  async count(ip: string): Promise<void> {
    const now = this.clock.now().getTime();
    const windowStart = new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS);
    let calls: number;
    try {
      const [row] = await this.db
        .insert(telemetryAddressWindows)
        .values({ ip, windowStart, calls: 1 })
        .onConflictDoUpdate({
          target: [telemetryAddressWindows.ip, telemetryAddressWindows.windowStart],
          set: { calls: sql`${telemetryAddressWindows.calls} + 1` },
        })
        .returning({ calls: telemetryAddressWindows.calls });
      calls = row!.calls;
    } catch (error) {
      this.log.error({ err: error }, 'telemetry: the address count failed; the call goes through');
      return;
    }
    if (calls > this.settings.callsPerAddressMinute)
      throw tooManyRequests(Math.max(1, Math.ceil((windowStart.getTime() + MINUTE_MS - now) / 1000)));
  }

  /** 422 `payload: too_big` when a report would be kept past 4 KB of JSON (the contracts hold most to far less). */
  static check(reports: readonly Report[]): void {
    if (reports.some((r) => jsonBytes(r.payload) > TELEMETRY_PAYLOAD_MAX_BYTES))
      throw unprocessable('too_big', 'payload');
  }

  /** Appends the reports; a failure is logged, never thrown. */
  async keep(visit: Visit, reports: readonly Report[]): Promise<void> {
    if (reports.length === 0) return;
    try {
      const now = this.clock.now();
      const visitorKey = await this.visitorKey(visit, now);
      await this.db.insert(telemetryEvents).values(
        reports.map((r) => ({
          kind: r.kind,
          name: r.name,
          payload: r.payload,
          userId: visit.userId,
          visitorKey,
          country: visit.country,
          agentClass: visit.agentClass,
          createdAt: now,
        })),
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.log.error({ err: error, kinds: [...new Set(reports.map((r) => r.kind))] }, 'telemetry: a report was lost');
    }
  }

  /**
   * The retention sweep: reports older than TELEMETRY_RETENTION_DAYS, the address counts of
   * minutes gone by, and the salts of days gone by (their visitor keys then tell nothing more).
   */
  async sweep(): Promise<{ events: number }> {
    const now = this.clock.now();
    const cut = new Date(now.getTime() - this.settings.retentionDays * DAY_MS);
    const events = await deleteInBatches(
      this.db,
      telemetryEvents,
      telemetryEvents.id,
      lt(telemetryEvents.createdAt, cut),
    );
    await this.db
      .delete(telemetryAddressWindows)
      .where(lt(telemetryAddressWindows.windowStart, new Date(now.getTime() - MINUTE_MS)));
    await this.db.delete(telemetrySalts).where(lt(telemetrySalts.day, dayOf(now)));
    if (events > 0)
      this.log.info({ events, retentionDays: this.settings.retentionDays }, 'telemetry: old reports deleted');
    return { events };
  }

  /** SHA-256 of the day's salt, the address and the user agent: one visitor, one key a day, and no way back to the address. */
  private async visitorKey(visit: Visit, now: Date): Promise<string> {
    const salt = await this.saltOf(dayOf(now));
    return createHash('sha256')
      .update(`${salt}\n${visit.ip}\n${visit.userAgent ?? ''}`)
      .digest('hex')
      .slice(0, 32);
  }

  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const value = this.readSalt(day);
      this.salt = { day, value };
      // A failed read is tried again by the next report.
      value.catch(() => {
        if (this.salt?.value === value) this.salt = undefined;
      });
    }
    return this.salt.value;
  }

  /** The day's salt: the first instance to ask makes it, the others read that one. */
  private async readSalt(day: string): Promise<string> {
    await this.db
      .insert(telemetrySalts)
      .values({ day, salt: randomBytes(16).toString('hex') })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ salt: telemetrySalts.salt })
      .from(telemetrySalts)
      .where(eq(telemetrySalts.day, day));
    return row!.salt;
  }
}

/** The UTC day of a time, as the salts are keyed. */
function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
