import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { PROVIDER_FIELD_CHOICES, PROVIDER_FIELD_DEFAULTS } from '@orbit/contracts';

/** Every setting the server reads from the environment, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where uploaded verification documents are kept (outside the web root); default `<DATA_DIR>/documents`. */
  DOCUMENTS_DIR: z.string().min(1).optional(),
  /** Bearer token of the operator API (document review); unset, the operator API answers 404. */
  OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections to PostgreSQL per instance (DATABASE_URL only); the embedded database has one. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of the casino's mails (confirmation, password reset). */
  MAIL_FROM: z.string().min(3).default('Orbit <no-reply@orbit.localhost>'),
  /** The address players use; links in emails and the WebSocket url derive from it. */
  PUBLIC_URL: z.url().optional(),
  /**
   * Sibling sites allowed to frame the casino (its betting site, say), origins separated by spaces
   * or commas; no other site may. A cross-site frame shows the guest state (docs/security.md).
   */
  FRAME_ANCESTORS: z
    .string()
    .regex(
      /^\s*https?:\/\/[a-z0-9.-]+(:\d+)?(\s*[, ]\s*https?:\/\/[a-z0-9.-]+(:\d+)?)*\s*$/i,
      'must be origins (https://host[:port]) separated by spaces or commas',
    )
    .optional(),
  /** `1` serves the web app through Vite's dev middleware instead of the production build. */
  ORBIT_DEV: z.enum(['0', '1']).default('0'),
  /** Licence variant served when neither host, player nor geography decides one (docs/licences.md). */
  DEFAULT_LICENCE: z.enum(['CW', 'EE', 'GCB', 'AU']).default('CW'),
  /**
   * The site's hosts and their licence, `host=LICENCE` comma-separated (`ee.casino.example=EE,casino.example=CW`).
   * Set: these hosts choose their licence; on any other the player, then the visitor's country
   * decide, else DEFAULT_LICENCE. Unset (development): `ee.` subdomains and `.ee` domains are EE.
   */
  LICENCE_HOSTS: z
    .string()
    .regex(
      /^\s*[a-z0-9.-]+(:\d+)?\s*=\s*(CW|EE|GCB|AU)\s*(,\s*[a-z0-9.-]+(:\d+)?\s*=\s*(CW|EE|GCB|AU)\s*)*$/i,
      'must be host=CW|EE|GCB|AU, comma-separated',
    )
    .optional(),
  /**
   * An operator's GeoIP2/GeoLite2 Country or City database (.mmdb) to locate visitors with instead
   * of the shipped table; a file that cannot be read stops the start.
   */
  GEOIP_DATABASE: z.string().min(1).optional(),
  /**
   * The languages a host offers, first the one it leads with: `host=locale,locale;host=...`
   * (`orbit.com.au=en-AU,en;orbit.ee=et,en`). Unset for a host: its licence's list (docs/licences.md).
   */
  HOST_LOCALES: z
    .string()
    .regex(
      /^\s*[a-z0-9.-]+(:\d+)?\s*=\s*[a-z]{2}(-[A-Z]{2})?(\s*,\s*[a-z]{2}(-[A-Z]{2})?)*\s*(;\s*[a-z0-9.-]+(:\d+)?\s*=\s*[a-z]{2}(-[A-Z]{2})?(\s*,\s*[a-z]{2}(-[A-Z]{2})?)*\s*)*;?\s*$/,
      'must be host=locale,locale;host=locale,...',
    )
    .optional(),
  /**
   * Which proxies in front of the casino to believe about the visitor's address, host and country
   * (X-Forwarded-For, X-Forwarded-Host, X-Forwarded-Proto, the edge's country header): unset, none
   * (the socket's address counts); a number, that many hops; else the proxies' addresses or CIDRs,
   * comma-separated (`loopback`, `10.0.0.0/8`).
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|(?:[0-9a-f:./]+|loopback|linklocal|uniquelocal)(?:\s*,\s*(?:[0-9a-f:./]+|loopback|linklocal|uniquelocal))*)$/i,
      'must be a hop count, or addresses/CIDRs comma-separated',
    )
    .optional(),
  /**
   * Countries (ISO 3166-1 alpha-2, comma-separated) whose visitors may neither register, sign in,
   * deposit nor play for real money (docs/licences.md "The legal block and guest mode"); unset or
   * empty blocks nobody.
   */
  BLOCKED_COUNTRIES: z
    .string()
    .regex(/^\s*(?:[A-Za-z]{2}(?:\s*,\s*[A-Za-z]{2})*)?\s*$/, 'must be two-letter country codes, comma-separated')
    .optional(),
  /**
   * The fields a game provider needs before real play, over the defaults
   * (docs/rules/fields.md "Before real play"): `provider=field,field;other=` (an empty list asks
   * for nothing). Fields are those of the edit-profile form.
   */
  PROVIDER_PLAYER_FIELDS: z
    .string()
    .regex(
      /^\s*(?:[a-z0-9_-]+\s*=\s*(?:[a-z_]+(?:\s*,\s*[a-z_]+)*)?(?:\s*;\s*[a-z0-9_-]+\s*=\s*(?:[a-z_]+(?:\s*,\s*[a-z_]+)*)?)*)?\s*;?\s*$/,
      'must be provider=field,field;provider=field',
    )
    .refine(
      (text) => Object.values(providerPlayerFieldsOf(text)).every((fields) => fields.every(isProviderFieldChoice)),
      'names a field the edit-profile form does not have',
    )
    .optional(),
  /** Seconds a server-rendered page is served again to guests; 0 turns the page cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Whether a start migrates and seeds (off for instances that only serve). */
  AUTO_MIGRATE: z.enum(['0', '1']).default('1'),
  /**
   * The demo casino's features, all or none: the sandbox payment provider (free vouchers, test
   * cards, simulated crypto), the demo player (its password is public) and the development
   * mailbox (every mail readable). On by default, so that a fresh clone is the whole demo; a real
   * deployment sets `0`. Refused where the configuration says the casino is real (an https
   * PUBLIC_URL), unless DEMO_FORCE=1 (docs/security.md).
   */
  DEMO: z.enum(['0', '1']).default('1'),
  /** `1`: run the demo features although PUBLIC_URL looks like a real deployment (a public demo). */
  DEMO_FORCE: z.enum(['0', '1']).default('0'),
  /** When the terms and conditions last changed (ISO date); players who accepted earlier are asked again. */
  TERMS_UPDATED_AT: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** Registrations one address may make per hour (429 with Retry-After beyond). */
  REGISTRATIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Password-reset and confirmation mails one address may ask for, each, per 15 minutes. */
  MAIL_REQUESTS_PER_ADDRESS_15_MIN: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Leading zero bits of the proof-of-work captcha; 0 checks only signature, expiry and single use. */
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(0).max(32).default(14),
  /** Signs captcha challenges; every instance must share it. Unset: a random one per process. */
  CAPTCHA_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Which captcha guards registration, sign-in and the identity mails: `pow` (self-hosted proof of
   * work), `recaptcha` (needs both keys) or `off` (for front ends that send none; the per-address
   * limits still apply). Unset: `recaptcha` when both keys are set, else `pow`.
   */
  CAPTCHA: z.enum(['pow', 'recaptcha', 'off']).optional(),
  /** reCAPTCHA v3 keys; with both set it replaces the proof of work. */
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  /** Seals the players' two-factor secrets in the database (AES-256-GCM); unset: stored as they are (a warning with DEMO=0). Every instance shares it; never change it without re-sealing. */
  OTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signs realtime connection tokens (JWT, HS256) and channel ids; every instance (and a Centrifugo in front) must share it. Unset: random per process. */
  REALTIME_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The realtime channels' `client_name`: channels are `ws:<client_name>:…` (modules/realtime/README.md). */
  REALTIME_CLIENT_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only')
    .default('orbit'),
  /** Where the casino reaches the sandbox PSP's merchant API (demo only); default: served by this process under /sandbox-psp. */
  SANDBOX_PSP_URL: z.url().optional(),
  /** The merchant API key and webhook secret shared with the sandbox PSP; unset: random per process. */
  SANDBOX_PSP_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  SANDBOX_PSP_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** `1` serves the house game studio (Orbit Originals) under /studio and registers it as provider `orbit`. */
  STUDIO: z.enum(['0', '1']).default('1'),
  /** Signs the studio's wallet calls; every instance must share it. Unset: random per process. */
  STUDIO_WALLET_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Cashouts up to this many units of a fiat currency need no operator; 0: every cashout waits. Crypto always waits. */
  CASHOUT_AUTO_APPROVE_UNITS: z.coerce.number().min(0).max(1_000_000).default(100),
  /** A manual adjustment above this many euros (at the reference rate) waits for a second operator. */
  BACKOFFICE_FOUR_EYES_UNITS: z.coerce.number().min(0).max(1_000_000_000).default(500),
  /** A win from this many euros (at the reference rate) is a significant event (docs/reports.md). */
  WIN_REPORT_THRESHOLD: z.coerce.number().min(0).max(1_000_000_000).default(10_000),
  /** Days the page's telemetry is kept before the sweep deletes it (docs/telemetry.md). */
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Days a sign-in session is kept after it ended (docs/identity.md, sessions kept): the back
   * office's session list and its search by sign-in address reach this far back. At least 35:
   * a month's session limit counts the sessions of the month so far.
   */
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(35).max(3650).default(90),
  /** Telemetry calls one address may make per minute (429 with Retry-After beyond). */
  TELEMETRY_CALLS_PER_ADDRESS_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** `1`: a new player is placed in an A/B arm (group 543 or 544) at registration. */
  AB_TEST_ENABLED: z.enum(['0', '1']).default('0'),
  /** How the arm is chosen: the player id's parity, or the last hex digit of the partner's tag (the id's parity without one). */
  AB_TEST_SPLIT: z.enum(['player_id', 'stag']).default('player_id'),
  /**
   * The VAPID key pair web pushes are signed with (docs/notifications.md "Push to a device"):
   * base64url, the public key an uncompressed P-256 point (65 bytes), the private key 32 bytes.
   * Unset: the demo casino (DEMO=1) makes a pair once and keeps it in the database; a real one
   * (DEMO=0) sends no pushes.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who the push services may contact about the casino's pushes: a mailto: or https: URL. Unset: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  documentsDir: string;
  operatorToken: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  /** Sites allowed to frame the casino besides itself (FRAME_ANCESTORS). */
  frameAncestors: string[];
  dev: boolean;
  defaultLicence: LicenceCode;
  /** The configured hosts and their licence (LICENCE_HOSTS); undefined: the `ee.` rule. */
  licenceHosts: ReadonlyMap<string, LicenceCode> | undefined;
  /** The operator's GeoIP database file (GEOIP_DATABASE); undefined: the shipped table. */
  geoipDatabase: string | undefined;
  /** Languages per host, in the host's order (HOST_LOCALES); hosts lower-case, with or without port. */
  hostLocales: ReadonlyMap<string, string[]>;
  /** Fastify's `trustProxy`: false (the socket's address), a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** PROVIDER_PLAYER_FIELDS over the defaults: the fields each game provider needs before real play. */
  providerPlayerFields: Readonly<Record<string, readonly string[]>>;
  /** BLOCKED_COUNTRIES: the visitor countries under the legal block (upper case); empty blocks nobody. */
  blockedCountries: ReadonlySet<string>;
  autoMigrate: boolean;
  /** The demo features (DEMO): the sandbox PSP, the demo player, the development mailbox. */
  demo: boolean;
  /** Seed the demo player (public password): the demo casino only. */
  demoPlayer: boolean;
  /** `GET /api/dev/mailbox` lists the stored mails: the demo casino only. */
  devMailbox: boolean;
  pageCacheSeconds: number;
  termsUpdatedAt: Date | undefined;
  /** Per-address limits of registration and of the reset and confirmation mails (identity rules). */
  addressLimits: { registrationsPerHour: number; mailRequestsPer15Min: number };
  /** The captcha in force (CAPTCHA): proof of work, reCAPTCHA or none. */
  captcha: 'pow' | 'recaptcha' | 'off';
  captchaDifficulty: number;
  captchaSecret: string | undefined;
  recaptcha: { siteKey: string; secret: string } | undefined;
  realtimeSecret: string;
  otpEncryptionKey: string | undefined;
  realtimeSecretGenerated: boolean;
  /** The realtime channels' `client_name` (REALTIME_CLIENT_NAME). */
  realtimeClientName: string;
  sandboxPsp: { enabled: boolean; url: string | undefined; apiKey: string; webhookSecret: string };
  cashoutAutoApproveUnits: number;
  backofficeFourEyesUnits: number;
  /** Euros from which a win is listed in the significant events log (WIN_REPORT_THRESHOLD). */
  winReportThresholdEur: number;
  studio: { enabled: boolean; walletSecret: string };
  /** Days an ended sign-in session is kept before the sweep deletes it. */
  sessionRetentionDays: number;
  /** The page's telemetry: how long it is kept, how many calls an address may make a minute. */
  telemetry: { retentionDays: number; callsPerAddressMinute: number };
  /** The A/B test of new players (AB_TEST_ENABLED, AB_TEST_SPLIT). */
  abTest: { enabled: boolean; split: 'player_id' | 'stag' };
  /** Web push (VAPID_*): the configured key pair (both or neither) and the contact the push services see. */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a wrong value names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if ((e.RECAPTCHA_SITE_KEY === undefined) !== (e.RECAPTCHA_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration:\n  RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET: set both or neither');
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  if (e.CAPTCHA === 'recaptcha' && e.RECAPTCHA_SITE_KEY === undefined) {
    throw new ConfigError('Invalid configuration:\n  CAPTCHA=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET');
  }
  for (const old of ['SANDBOX_PSP', 'DEMO_PLAYER']) {
    if (cleaned[old] !== undefined)
      throw new ConfigError(
        `Invalid configuration:\n  ${old}: replaced by DEMO (1: the sandbox PSP, the demo player and the development mailbox; 0: none of them)`,
      );
  }
  const demo = e.DEMO === '1';
  if (!demo && e.SANDBOX_PSP_URL)
    throw new ConfigError('Invalid configuration:\n  SANDBOX_PSP_URL: the sandbox PSP is a demo feature (DEMO=1)');
  const real = realDeploymentSign(e.PUBLIC_URL);
  if (demo && real && e.DEMO_FORCE !== '1') {
    throw new ConfigError(
      `Refusing to start the demo casino on a real deployment (${real}).\n` +
        '  DEMO=1 (the default) gives away free money through the sandbox PSP, seeds a player whose password is public\n' +
        '  and shows every mail at /api/dev/mailbox. Set DEMO=0 for a real casino, or DEMO_FORCE=1 for a public demo.',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    documentsDir: path.resolve(e.DOCUMENTS_DIR ?? path.join(e.DATA_DIR, 'documents')),
    operatorToken: e.OPERATOR_TOKEN,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    frameAncestors: (e.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean),
    dev: e.ORBIT_DEV === '1',
    defaultLicence: e.DEFAULT_LICENCE,
    licenceHosts: e.LICENCE_HOSTS ? licenceHostsOf(e.LICENCE_HOSTS) : undefined,
    geoipDatabase: e.GEOIP_DATABASE,
    hostLocales: hostLocalesOf(e.HOST_LOCALES),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    providerPlayerFields: { ...PROVIDER_FIELD_DEFAULTS, ...providerPlayerFieldsOf(e.PROVIDER_PLAYER_FIELDS ?? '') },
    blockedCountries: new Set(
      (e.BLOCKED_COUNTRIES ?? '')
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
    autoMigrate: e.AUTO_MIGRATE === '1',
    demo,
    demoPlayer: demo,
    devMailbox: demo,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    termsUpdatedAt: e.TERMS_UPDATED_AT ? new Date(e.TERMS_UPDATED_AT) : undefined,
    addressLimits: {
      registrationsPerHour: e.REGISTRATIONS_PER_ADDRESS_HOUR,
      mailRequestsPer15Min: e.MAIL_REQUESTS_PER_ADDRESS_15_MIN,
    },
    captchaDifficulty: e.CAPTCHA_DIFFICULTY,
    captchaSecret: e.CAPTCHA_SECRET,
    captcha: e.CAPTCHA ?? (e.RECAPTCHA_SITE_KEY ? 'recaptcha' : 'pow'),
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET }
        : undefined,
    realtimeSecret: e.REALTIME_SECRET ?? randomBytes(32).toString('base64url'),
    realtimeSecretGenerated: e.REALTIME_SECRET === undefined,
    realtimeClientName: e.REALTIME_CLIENT_NAME,
    otpEncryptionKey: e.OTP_ENCRYPTION_KEY,
    sandboxPsp: {
      enabled: demo,
      url: e.SANDBOX_PSP_URL,
      // One process serves both sides by default, so a per-process secret is shared by them.
      apiKey: e.SANDBOX_PSP_API_KEY ?? randomBytes(24).toString('base64url'),
      webhookSecret: e.SANDBOX_PSP_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url'),
    },
    cashoutAutoApproveUnits: e.CASHOUT_AUTO_APPROVE_UNITS,
    backofficeFourEyesUnits: e.BACKOFFICE_FOUR_EYES_UNITS,
    winReportThresholdEur: e.WIN_REPORT_THRESHOLD,
    studio: {
      enabled: e.STUDIO === '1',
      walletSecret: e.STUDIO_WALLET_SECRET ?? randomBytes(32).toString('base64url'),
    },
    sessionRetentionDays: e.SESSION_RETENTION_DAYS,
    telemetry: {
      retentionDays: e.TELEMETRY_RETENTION_DAYS,
      callsPerAddressMinute: e.TELEMETRY_CALLS_PER_ADDRESS_MINUTE,
    },
    abTest: { enabled: e.AB_TEST_ENABLED === '1', split: e.AB_TEST_SPLIT },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddressOf(e.MAIL_FROM)}`,
    },
  };
}

/**
 * What says that this is a real deployment, or undefined: an https PUBLIC_URL on a host other
 * than this machine (the demo runs on http://localhost).
 */
function realDeploymentSign(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  const url = new URL(publicUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
  return url.protocol === 'https:' && !loopback ? `PUBLIC_URL is ${url.origin}` : undefined;
}

/** A licence variant as the settings name it (the contracts' `Licence`). */
type LicenceCode = 'CW' | 'EE' | 'GCB' | 'AU';

/** The address in a sender (`Orbit <no-reply@orbit.localhost>` → `no-reply@orbit.localhost`). */
function mailAddressOf(from: string): string {
  return (
    /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ??
    (/^[^\s@]+@[^\s@]+$/.test(from.trim()) ? from.trim() : 'no-reply@orbit.localhost')
  );
}

function licenceHostsOf(setting: string): Map<string, LicenceCode> {
  return new Map(
    setting.split(',').map((pair) => {
      const [host, licence] = pair.split('=').map((part) => part.trim());
      return [host!.toLowerCase(), licence!.toUpperCase() as LicenceCode];
    }),
  );
}

function hostLocalesOf(setting: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const entry of (setting ?? '').split(';')) {
    if (!entry.trim()) continue;
    const [host, list] = entry.split('=').map((part) => part.trim());
    map.set(
      host!.toLowerCase(),
      list!.split(',').map((code) => code.trim()),
    );
  }
  return map;
}

function trustProxyOf(setting: string | undefined): false | number | string[] {
  if (setting === undefined) return false;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting.split(',').map((part) => part.trim());
}

/** The casino's public address without a trailing slash: PUBLIC_URL, else http://localhost:PORT. Mail links, PSP return pages and webhooks use it; the Host header is never trusted for them. */
export function publicBase(config: Config): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/** `provider=a,b;other=` → `{provider: ['a', 'b'], other: []}`. */
function providerPlayerFieldsOf(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of text.split(';')) {
    const [provider = '', fields = ''] = part.split('=');
    if (!provider.trim()) continue;
    out[provider.trim()] = fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  }
  return out;
}

const isProviderFieldChoice = (field: string) => (PROVIDER_FIELD_CHOICES as readonly string[]).includes(field);
