/**
 * Affiliate tags (docs/telemetry.md "Affiliate tags"): the landing page's cookies (a partner's
 * link, the operator's referrer rule, a search engine), the tag and the A/B arm recorded at
 * registration, and the visitor's tag as `GET /client-context` tells it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  excludedPromoStagsConfigSchema,
  stagByReferrerConfigSchema,
  TELEMETRY_COOKIES,
  UTM_COOKIE_MAX_AGE,
  type UtmCookie,
} from '@orbit/contracts';
import type { Config } from '../../platform/config';
import type { ModuleContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/executor';
import { PAGE_ROUTE } from '../../platform/http/web';
import { changeGroups, type JoinedPlayer } from '../identity';
import { abArmOf, cookiesOf, isCrawler, landingCookies, needsReferrerRule, registrationTag } from './rules';
import { playerAffiliateTags } from './schema';
import type { TelemetryStore, Visit } from './store';

/** The operator's fe configs as the rules read them (cms's `feConfig`, cached a few seconds). */
export type ConfigReader = { read: (name: 'stag-by-referrer-name' | 'excluded-promo-stags') => Promise<unknown> };

/** `Secure` when the casino is served over https (the request's scheme as a trusted proxy tells it, or PUBLIC_URL's). */
const secureFor = (config: Config, request: FastifyRequest): boolean =>
  request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false);

/**
 * One Set-Cookie line for the whole site, `SameSite=Lax` (sent when the visitor follows a link in,
 * never on another site's POST). The partner's cookies are HttpOnly (the page learns its tag from
 * `GET /client-context`); the campaign's are not: the page reads them for `POST /log_utm_set`.
 */
function cookieLine(name: string, value: string, maxAge: number, httpOnly: boolean, secure: boolean): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'SameSite=Lax',
    ...(httpOnly ? ['HttpOnly'] : []),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Sets the landing page's affiliate and campaign cookies, before the page (or the page cache)
 * answers. Only GETs of pages, never for crawlers; most requests have neither a link's parameters
 * nor another site's referrer and cost nothing here. The operator's referrer rule is read only for a
 * visitor another site sent (the fe config, cached a few seconds).
 */
export function installLandingCookies(
  app: FastifyInstance,
  ctx: ModuleContext,
  configs: ConfigReader,
  store: TelemetryStore,
  visitOf: (request: FastifyRequest) => Promise<Visit>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== PAGE_ROUTE) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const referer = headerOf(request, 'referer');
    if (!referer && !hasLandingParameter(query)) return;
    if (isCrawler(headerOf(request, 'user-agent'))) return;
    const landing = { query, referer, host: request.host, cookies: cookiesOf(request.headers.cookie) };
    let rules: Record<string, string> = {};
    if (needsReferrerRule(landing)) {
      try {
        rules = stagByReferrerConfigSchema.parse(await configs.read('stag-by-referrer-name'));
      } catch (error) {
        request.log.error({ err: error }, 'telemetry: stag-by-referrer-name could not be read');
      }
    }
    const found = landingCookies(landing, rules);
    if (found.emptyReferrerRule !== undefined) await reportEmptyRule(request, found.emptyReferrerRule, store, visitOf);
    setLandingCookies(reply, ctx.config, found);
  });
}

function setLandingCookies(reply: FastifyReply, config: Config, found: ReturnType<typeof landingCookies>): void {
  const secure = secureFor(config, reply.request);
  const lines: string[] = [];
  const { stag, partnerId } = TELEMETRY_COOKIES;
  if (found.stag) lines.push(cookieLine(stag.name, found.stag.value, stag.maxAge, true, secure));
  if (found.partnerId) lines.push(cookieLine(partnerId.name, found.partnerId, partnerId.maxAge, true, secure));
  for (const [name, value] of Object.entries(found.utm) as Array<[UtmCookie, string]>)
    lines.push(cookieLine(name, value, UTM_COOKIE_MAX_AGE, false, secure));
  if (lines.length > 0) reply.header('set-cookie', lines);
}

/**
 * The operator's referrer rule names this referrer without a tag: a mistake in the config that
 * would lose the partner's visitors, so it is an error in the log and a stored error report.
 */
async function reportEmptyRule(
  request: FastifyRequest,
  host: string,
  store: TelemetryStore,
  visitOf: (request: FastifyRequest) => Promise<Visit>,
): Promise<void> {
  request.log.error({ referrerHost: host }, 'telemetry: stag-by-referrer-name names no tag for this referrer');
  try {
    await store.keep(await visitOf(request), [
      {
        kind: 'log',
        name: 'error',
        payload: { level: 'error', message: 'empty_referrer_stag', context: { referrer_host: host, source: 'server' } },
      },
    ]);
  } catch (error) {
    request.log.error({ err: error }, 'telemetry: the empty referrer rule was not recorded');
  }
}

const LANDING_PARAMETERS = [
  'stag',
  'partner_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'sub_id',
];
const hasLandingParameter = (query: Record<string, unknown>): boolean => LANDING_PARAMETERS.some((p) => p in query);

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The registration hook: the new player's tag (the cookie's, else 122), partner id and approval, and, with AB_TEST_ENABLED, the A/B arm as a group.
 */
export function recordAtRegistration(config: Config) {
  return async (tx: Tx, joined: JoinedPlayer): Promise<void> => {
    const tag = registrationTag(cookiesOf(joined.headers.cookie));
    await tx
      .insert(playerAffiliateTags)
      .values({
        userId: joined.userId,
        stag: tag.stag,
        partnerId: tag.partnerId,
        source: tag.source,
        partnerApproved: tag.partnerApproved,
        createdAt: joined.at,
      })
      .onConflictDoNothing();
    if (config.abTest.enabled)
      await changeGroups(tx, joined.userId, [abArmOf(joined.userId, tag.stag, config.abTest.split)], [], joined.at);
  };
}

/** The tag a player registered with, if recorded. */
export async function playerTag(
  db: Executor,
  userId: number,
): Promise<{ stag: string; partnerId: string | null } | undefined> {
  const [row] = await db
    .select({ stag: playerAffiliateTags.stag, partnerId: playerAffiliateTags.partnerId })
    .from(playerAffiliateTags)
    .where(eq(playerAffiliateTags.userId, userId));
  return row;
}

/** Whether the operator offers promotions to this tag (`excluded-promo-stags`); a config that cannot be read excludes none. */
export async function promotionsOffered(
  configs: ConfigReader,
  stag: string | null,
  log: FastifyRequest['log'],
): Promise<boolean> {
  if (stag === null) return true;
  try {
    return !excludedPromoStagsConfigSchema.parse(await configs.read('excluded-promo-stags')).stags.includes(stag);
  } catch (error) {
    log.error({ err: error }, 'telemetry: excluded-promo-stags could not be read');
    return true;
  }
}
