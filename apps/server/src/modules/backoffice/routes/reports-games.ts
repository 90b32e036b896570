/**
 * The reports on games and observed RTP, promotions, responsible gambling and the significant
 * events log (docs/reports.md), permission `reports.read`: JSON, and CSV at the same path with
 * `.csv`. An export is an audit entry (`report.export`): who took which figures out, and when.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import {
  backofficeGamesReportQuerySchema,
  backofficeGamesReportSchema,
  backofficePromotionsReportQuerySchema,
  backofficePromotionsReportSchema,
  backofficeResponsibleGamblingReportQuerySchema,
  backofficeResponsibleGamblingReportSchema,
  backofficeSignificantEventsCsvQuerySchema,
  backofficeSignificantEventsQuerySchema,
  backofficeSignificantEventsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { appendAudit } from '../audit';
import { actorOf } from '../operators';
import {
  gamesReport,
  gamesReportCsv,
  promotionsReport,
  responsibleGamblingReport,
  significantEvents,
  significantEventsAll,
} from '../reports-games';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';

type Cell = string | number | boolean | null | undefined;

/** Rows as CSV under their columns; objects and lists as JSON in their cell. */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const cell = (value: unknown): Cell =>
    value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as Cell);
  return stringify([columns, ...rows.map((row) => columns.map((c) => cell(row[c])))]);
}

/** Every key of the rows, in the order first seen: the columns of a CSV of mixed sections. */
const columnsOf = (rows: ReadonlyArray<Record<string, unknown>>) => [...new Set(rows.flatMap((r) => Object.keys(r)))];

export function reportsGamesRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const onRequest = requirePermission(guard, 'reports.read');

    async function sendCsv(request: FastifyRequest, reply: FastifyReply, report: string, csv: string, rows: number) {
      const now = ctx.clock.now();
      await ctx.db.transaction((tx) =>
        appendAudit(tx, now, actorOf(operatorOf(request).operator, request.ip), {
          action: 'report.export',
          targetType: 'report',
          targetId: report,
          after: { query: request.query, rows },
        }),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report}-${now.toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    }

    app.get(
      '/api/backoffice/reports/games',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Per game, provider and currency: rounds, bets, wins, GGR, players, observed RTP against its 99 % interval',
          querystring: backofficeGamesReportQuerySchema,
          response: { 200: backofficeGamesReportSchema },
        },
      },
      (request) => gamesReport(ctx.db, request.query, ctx.clock.now()),
    );
    app.get(
      '/api/backoffice/reports/games.csv',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The games report as CSV',
          querystring: backofficeGamesReportQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const { columns, rows } = gamesReportCsv(await gamesReport(ctx.db, request.query, ctx.clock.now()));
        return sendCsv(request, reply, 'games', toCsv(columns, rows), rows.length);
      },
    );

    app.get(
      '/api/backoffice/reports/promotions',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Take-up and cost of each bonus template and free spins, each tournament and each lottery',
          querystring: backofficePromotionsReportQuerySchema,
          response: { 200: backofficePromotionsReportSchema },
        },
      },
      (request) => promotionsReport(ctx.db, request.query, ctx.clock.now()),
    );
    app.get(
      '/api/backoffice/reports/promotions.csv',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The promotions report as CSV: one row per template, tournament or lottery, its `section` first',
          querystring: backofficePromotionsReportQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const report = await promotionsReport(ctx.db, request.query, ctx.clock.now());
        const rows = [
          ...report.bonuses.map((r) => ({ section: 'bonus', ...r })),
          ...report.freespins.map((r) => ({ section: 'freespins', ...r })),
          ...report.tournaments.map((r) => ({ section: 'tournament', ...r })),
          ...report.lotteries.map((r) => ({ section: 'lottery', ...r })),
        ];
        const columns = rows.length > 0 ? columnsOf(rows) : ['section'];
        return sendCsv(request, reply, 'promotions', toCsv(columns, rows), rows.length);
      },
    );

    app.get(
      '/api/backoffice/reports/responsible-gambling',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Per day and kind: limits set, raised, removed; cooling-offs and self-exclusions started; reality checks',
          querystring: backofficeResponsibleGamblingReportQuerySchema,
          response: { 200: backofficeResponsibleGamblingReportSchema },
        },
      },
      (request) => responsibleGamblingReport(ctx.db, request.query, ctx.clock.now()),
    );
    app.get(
      '/api/backoffice/reports/responsible-gambling.csv',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The responsible gambling report as CSV (its rows per day and kind)',
          querystring: backofficeResponsibleGamblingReportQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const report = await responsibleGamblingReport(ctx.db, request.query, ctx.clock.now());
        const columns = Object.keys(backofficeResponsibleGamblingReportSchema.shape.data.element.shape);
        return sendCsv(request, reply, 'responsible-gambling', toCsv(columns, report.data), report.data.length);
      },
    );

    const threshold = (asked: number | undefined) => asked ?? ctx.config.winReportThresholdEur;
    app.get(
      '/api/backoffice/reports/significant-events',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'The significant events log, newest first: game changes, jackpot hits, big wins, adjustments, sign-ins, limits, ledger audits, system starts and stops',
          querystring: backofficeSignificantEventsQuerySchema,
          response: { 200: backofficeSignificantEventsResponseSchema },
        },
      },
      (request) =>
        significantEvents(
          ctx.db,
          { ...request.query, win_threshold_eur: threshold(request.query.win_threshold_eur) },
          ctx.clock.now(),
        ),
    );
    app.get(
      '/api/backoffice/reports/significant-events.csv',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The significant events log as CSV, oldest first, with the same filters (at most 100,000 events)',
          querystring: backofficeSignificantEventsCsvQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const events = await significantEventsAll(
          ctx.db,
          { ...request.query, win_threshold_eur: threshold(request.query.win_threshold_eur) },
          ctx.clock.now(),
        );
        const columns = Object.keys(backofficeSignificantEventsResponseSchema.shape.data.element.shape);
        return sendCsv(request, reply, 'significant-events', toCsv(columns, events), events.length);
      },
    );
  };
}
