/**
 * The telemetry calls (docs/telemetry.md "The calls"), on the casino's own host outside /api,
 * where pages of this API family send them. Each report call is validated by its contract (422,
 * nothing stored), refused to another site's page (403), counted per address (429), and answered
 * 204 at once; a crawler's is answered 204 before anything is read. What fails on our side is
 * logged, never answered as an error: the page cannot do anything about it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AB_TEST_ARMS,
  analyticsEventsRequestSchema,
  clientContextSchema,
  clientLogRequestSchema,
  networkReportRequestSchema,
  performanceReportRequestSchema,
  TELEMETRY_COOKIES,
  utmReportRequestSchema,
  validationErrorReportRequestSchema,
  type ClientContext,
} from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { sameHost } from '../../platform/http/csrf';
import { noStore } from '../../platform/http/no-store';
import { fromTrustedProxy } from '../../platform/http/proxy';
import { licenceOf, visitorCountry } from '../cms';
import { peekPlayer, type CurrentPlayer } from '../identity';
import { playerTag, promotionsOffered, type ConfigReader } from './affiliates';
import { agentClassOf, armForecast, consentOf, cookiesOf, isCrawler, validTag } from './rules';
import { TelemetryStore, type Report, type Visit } from './store';

const tags = ['telemetry'];
/** A report call's body: far above what any contract lets through, far below Fastify's 1 MiB. */
const BODY_LIMIT = 32 * 1024;
const noContent = { 204: z.null().describe('kept, or deliberately not (a crawler, the visitor declined analytics)') };

const userAgentOf = (request: FastifyRequest): string | undefined => {
  const v = request.headers['user-agent'];
  return Array.isArray(v) ? v[0] : v;
};

/** The visit a report is kept with: the signed-in player (read without touching the session), where, which device. */
export async function visitOf(request: FastifyRequest): Promise<Visit> {
  const player = await peekPlayer(request);
  const userAgent = userAgentOf(request);
  return {
    userId: player?.user.id ?? null,
    ip: request.ip,
    userAgent,
    country: visitorCountry(request, fromTrustedProxy(request)),
    agentClass: agentClassOf(userAgent),
  };
}

/**
 * Before a report is read: a crawler gets 204 and nothing else (no count, no row); another site's
 * page (its Origin, or Referer without one) 403 `csrf_failed`. A cross-site form cannot send JSON
 * at all (the body would be refused), so this is the second lock, not the only one.
 */
async function gate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (isCrawler(userAgentOf(request))) return reply.code(204).headers(noStore).send(null);
  const origin = request.headers.origin ?? request.headers.referer;
  const from = Array.isArray(origin) ? origin[0] : origin;
  if (from !== undefined && !sameHost(from, request.host)) throw forbidden('csrf_failed');
  return undefined;
}

export function telemetryRoutes(ctx: ModuleContext, store: TelemetryStore, configs: ConfigReader) {
  /**
   * Keeps what a valid report call brought. A visitor who chose `necessary` cookies gets the same
   * 204 with nothing kept, except their page's log lines (an error report is no analytics).
   */
  async function accept(request: FastifyRequest, reply: FastifyReply, reports: Report[]): Promise<null> {
    TelemetryStore.check(reports);
    const declined = consentOf(cookiesOf(request.headers.cookie)) === 'necessary';
    const kept = declined ? reports.filter((r) => r.kind === 'log') : reports;
    if (kept.length > 0) {
      await store.count(request.ip);
      await store.keep(await visitOf(request), kept);
    }
    reply.code(204).headers(noStore);
    return null;
  }

  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const report = { bodyLimit: BODY_LIMIT, onRequest: gate };

    app.put(
      '/metrics-errors-validation',
      {
        ...report,
        schema: {
          tags,
          summary: 'A form field the page refused: the form, the field, the code',
          body: validationErrorReportRequestSchema,
          response: noContent,
        },
      },
      (request, reply) =>
        accept(request, reply, [{ kind: 'validation_error', name: request.body.form, payload: request.body }]),
    );

    for (const [path, name] of [
      ['/log_utm_set', 'set'],
      ['/log_utm_send', 'send'],
    ] as const) {
      app.post(
        path,
        {
          ...report,
          schema: {
            tags,
            summary:
              name === 'set'
                ? "The visit's campaign cookies (utm_* and sub_id), once a session"
                : "The visit's campaign cookies, sent with a conversion (a registration)",
            body: utmReportRequestSchema,
            response: noContent,
          },
        },
        (request, reply) => accept(request, reply, [{ kind: 'utm', name, payload: request.body.utmMetrics }]),
      );
    }

    app.put(
      '/log',
      {
        ...report,
        schema: {
          tags,
          summary: "A line of the page's own log (level, message, context of at most 4 KB)",
          body: clientLogRequestSchema,
          response: noContent,
        },
      },
      (request, reply) => accept(request, reply, [{ kind: 'log', name: request.body.level, payload: request.body }]),
    );

    app.put(
      '/performance',
      {
        ...report,
        schema: {
          tags,
          summary: 'A timing of the page: a web vital (LCP, INP, CLS, FCP, TTFB) or another measure',
          body: performanceReportRequestSchema,
          response: noContent,
        },
      },
      (request, reply) =>
        accept(request, reply, [{ kind: 'performance', name: request.body.name, payload: request.body }]),
    );

    app.put(
      '/network-performance',
      {
        ...report,
        schema: {
          tags,
          summary: "The visitor's connection as the browser sees it: round trip, bandwidth, kind",
          body: networkReportRequestSchema,
          response: noContent,
        },
      },
      (request, reply) =>
        accept(request, reply, [{ kind: 'network', name: request.body.effectiveType, payload: request.body }]),
    );

    app.post(
      '/analytics/events',
      {
        ...report,
        schema: {
          tags,
          summary:
            'Up to 20 events of the page: banner views and clicks, deposit and registration clicks, games opened, random picks',
          body: analyticsEventsRequestSchema,
          response: noContent,
        },
      },
      (request, reply) =>
        accept(
          request,
          reply,
          request.body.events.map(({ name, ...about }) => ({ kind: 'analytics', name, payload: about })),
        ),
    );

    app.get(
      '/client-context',
      {
        schema: {
          tags,
          summary:
            'What the page needs to know about its visitor: country, licence, crawler or not, cookie choice, A/B arm, affiliate tag',
          response: { 200: clientContextSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return clientContext(request);
      },
    );
  };

  async function clientContext(request: FastifyRequest): Promise<ClientContext> {
    const licence = await licenceOf(request, ctx.config);
    const { abTest } = ctx.config;
    if (isCrawler(userAgentOf(request))) {
      // A crawler is told so, and nothing about a visit: it gets no cookie, no arm, no tag.
      return {
        country: null,
        licence,
        is_bot: true,
        consent: null,
        telemetry: false,
        ab_test: { enabled: abTest.enabled, arm: null },
        affiliate: { stag: null, partner_id: null, partner_approved: false, promotions_offered: true },
      };
    }
    const cookies = cookiesOf(request.headers.cookie);
    const consent = consentOf(cookies);
    const player = await peekPlayer(request);
    // A player's tag is the one recorded at their registration; a guest's, their cookie's.
    const recorded = player ? await playerTag(ctx.db, player.user.id) : undefined;
    const stag = recorded?.stag ?? validTag(cookies.get(TELEMETRY_COOKIES.stag.name)) ?? null;
    const partnerId = recorded ? recorded.partnerId : (validTag(cookies.get(TELEMETRY_COOKIES.partnerId.name)) ?? null);
    return {
      country: visitorCountry(request, fromTrustedProxy(request)),
      licence,
      is_bot: false,
      consent,
      telemetry: consent !== 'necessary',
      ab_test: { enabled: abTest.enabled, arm: armOf(player, stag, abTest) },
      affiliate: {
        stag,
        partner_id: partnerId,
        partner_approved: cookies.get(TELEMETRY_COOKIES.partnerApproval.name) === '1',
        promotions_offered: await promotionsOffered(configs, stag, request.log),
      },
    };
  }
}

/** The player's arm (their group 543 or 544), else the arm a sign-up would get when the partner's tag decides it. */
function armOf(
  player: CurrentPlayer | null,
  stag: string | null,
  abTest: ModuleContext['config']['abTest'],
): number | null {
  if (player) return player.groupIds.find((id) => (AB_TEST_ARMS as readonly number[]).includes(id)) ?? null;
  return abTest.enabled ? armForecast(stag, abTest.split) : null;
}
