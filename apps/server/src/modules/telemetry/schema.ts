import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** What a stored line is: the call it came from (docs/telemetry.md "The calls"). */
export const TELEMETRY_KINDS = ['validation_error', 'utm', 'log', 'performance', 'network', 'analytics'] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];
/** The visitor's device by its user agent; crawlers are never stored. */
export const AGENT_CLASSES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type AgentClass = (typeof AGENT_CLASSES)[number];

/**
 * What the page told the casino about itself, one row per report, append only: written by the
 * telemetry calls, deleted only by the retention sweep (TELEMETRY_RETENTION_DAYS), hence the index
 * on `created_at`. `name` says what inside the kind (the form, the log level, the metric, the
 * event); `payload` is the report as validated, at most 4 KB of JSON (the check allows for the
 * database's own spacing). `user_id` names the signed-in player without a foreign key (identity's
 * table; a player's telemetry never holds up anything of theirs); `visitor_key` is a hash of the
 * address and user agent under the day's salt (`telemetry_salts`), so the same visitor is one key
 * for a day and cannot be traced back once the salt is gone.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: TELEMETRY_KINDS }).notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    visitorKey: text('visitor_key').notNull(),
    country: text('country'),
    agentClass: text('agent_class', { enum: AGENT_CLASSES }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('telemetry_events_created').on(t.createdAt),
    index('telemetry_events_kind').on(t.kind, t.name, t.createdAt),
    check(
      'telemetry_events_kind',
      sql`${t.kind} in ('validation_error', 'utm', 'log', 'performance', 'network', 'analytics')`,
    ),
    check('telemetry_events_agent_class', sql`${t.agentClass} in ('desktop', 'mobile', 'tablet', 'unknown')`),
    check('telemetry_events_name', sql`char_length(${t.name}) between 1 and 64`),
    check('telemetry_events_payload_size', sql`octet_length(${t.payload}::text) <= 8192`),
  ],
);
export type TelemetryEventRow = typeof telemetryEvents.$inferSelect;

/**
 * The salt of each day's visitor keys: made by the first report of the day (any instance; the
 * first insert wins), deleted by the sweep once the day is over, after which that day's keys
 * cannot be matched to an address any more.
 */
export const telemetrySalts = pgTable('telemetry_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * Telemetry calls per address and minute (TELEMETRY_CALLS_PER_ADDRESS_MINUTE): one row per address
 * and window, counted by one upsert per call, so every instance counts the same calls. Rows of past
 * windows are deleted by the sweep.
 */
export const telemetryAddressWindows = pgTable(
  'telemetry_address_windows',
  {
    ip: text('ip').notNull(),
    windowStart: at('window_start').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.windowStart] }), index('telemetry_address_windows_start').on(t.windowStart)],
);

/** Where a player's affiliate tag came from (docs/telemetry.md "Affiliate tags"). */
export const AFFILIATE_SOURCES = ['cookie', 'search', 'direct'] as const;
export type AffiliateSource = (typeof AFFILIATE_SOURCES)[number];

/**
 * The affiliate tag a player registered with, one row per player, written in the registration's
 * transaction (identity's registration hook): the `stag` cookie's tag (`search` when it is the
 * search id 241 the landing page set), else 122 (`direct`); the partner id of the `partner_id` cookie; whether the
 * visitor approved the partner (`orbit_partner_approved`). `user_id` names the player without a
 * foreign key (identity's table).
 */
export const playerAffiliateTags = pgTable(
  'player_affiliate_tags',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    stag: text('stag').notNull(),
    partnerId: text('partner_id'),
    source: text('source', { enum: AFFILIATE_SOURCES }).notNull(),
    partnerApproved: boolean('partner_approved').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('player_affiliate_tags_stag').on(t.stag),
    check('player_affiliate_tags_source', sql`${t.source} in ('cookie', 'search', 'direct')`),
    check('player_affiliate_tags_stag', sql`char_length(${t.stag}) between 1 and 64`),
  ],
);
