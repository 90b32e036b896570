/**
 * The reports (docs/reports.md, docs/backoffice.md "Reports"), permission `reports.read`: GGR and
 * NGR, payments, players and the dashboard, read from the reports module's daily aggregates.
 * Each list answers CSV too (`.csv` or `?format=csv`, oldest first); an export is audited (who
 * took which figures out), a view is not. A refresh recomputes days now and is audited.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import {
  backofficeDashboardSchema,
  backofficeGgrReportSchema,
  backofficePaymentsReportSchema,
  backofficePlayersReportSchema,
  backofficeReportQuerySchema,
  backofficeReportRefreshRequestSchema,
  backofficeReportRefreshResponseSchema,
  REPORT_MAX_DAYS,
  type BackofficeReportQuery,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { unprocessable } from '../../../platform/errors';
import { noStore } from '../../../platform/http/no-store';
import { Reports } from '../../reports';
import { appendAudit } from '../audit';
import { flaggedGames } from '../reports-games';
import { actorOf } from '../operators';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';

type Row = Record<string, unknown>;

/** One CSV line per row, nested objects flattened (`eur.bets` → `eur_bets`). */
export function reportCsv(rows: ReadonlyArray<Row>, columns: readonly string[]): string {
  const flat = rows.map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (value !== null && typeof value === 'object')
        for (const [inner, v] of Object.entries(value as Row)) out[`${key}_${inner}`] = v;
      else out[key] = value;
    }
    return columns.map((c) => out[c] ?? '');
  });
  return stringify([columns, ...flat]);
}

export function reportRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The dashboard's flagged games: the games report's verdict over its default window (the last 30 days).
    const flagged = async () => (await flaggedGames(ctx.db, ctx.clock.now())).length;
    const reports = new Reports(ctx.db, ctx.clock, ctx.config.defaultLicence, flagged);
    const tags = ['backoffice'];
    const guarded = requirePermission(guard, 'reports.read');

    /** The JSON answer, or its list as a CSV file whose export is on record. */
    async function answer(
      name: string,
      query: BackofficeReportQuery,
      csv: boolean,
      report: { from: string; to: string; data: Row[] },
      columns: readonly string[],
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      if (!csv && query.format !== 'csv') return reply.headers(noStore).send(report);
      const who = actorOf(operatorOf(request).operator, request.ip);
      await ctx.db.transaction((tx) =>
        appendAudit(tx, ctx.clock.now(), who, {
          action: 'report.export',
          targetType: 'report',
          targetId: name,
          after: { ...query, format: 'csv', rows: report.data.length },
        }),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${report.from}-${report.to}.csv"`)
        .headers(noStore)
        .send(reportCsv(report.data, columns));
    }

    /** The period with its defaults, refused when a default made it run backwards or too long. */
    const periodOf = (q: { from?: string | undefined; to?: string | undefined }, maxDays: number) => {
      const period = reports.period(q);
      const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
      if (days < 1) throw unprocessable('before_from', 'to');
      if (days > maxDays) throw unprocessable('too_long', 'to');
      return period;
    };
    const filtersOf = (q: BackofficeReportQuery) => ({
      ...periodOf(q, REPORT_MAX_DAYS),
      currency: q.currency,
      licence: q.licence,
    });

    const GGR_FIGURES = [
      'bets',
      'wins',
      'ggr',
      'bonus_bets',
      'bonus_wins',
      'bonus_costs',
      'freespin_costs',
      'jackpot_contributions',
      'jackpot_payouts',
      'comp_point_exchanges',
      'adjustments',
      'ngr',
    ];
    const lists = [
      {
        name: 'ggr',
        summary: 'GGR and NGR per day and currency, with EUR equivalents',
        schema: backofficeGgrReportSchema,
        read: (q: BackofficeReportQuery) => reports.ggr(filtersOf(q)),
        columns: ['day', 'currency', ...GGR_FIGURES, ...GGR_FIGURES.map((f) => `eur_${f}`)],
      },
      {
        name: 'payments',
        summary: 'Deposits, cashouts, declines and approval times per day, method and currency',
        schema: backofficePaymentsReportSchema,
        read: (q: BackofficeReportQuery) => reports.payments(filtersOf(q)),
        columns: [
          'day',
          'method',
          'currency',
          'deposits',
          'deposits_cents',
          'cashouts',
          'cashouts_cents',
          'declines',
          'cashouts_rejected',
          'approval_avg_ms',
          'approval_median_ms',
          'deposits_eur',
          'cashouts_eur',
        ],
      },
      {
        name: 'players',
        summary: 'Registrations, first deposits, active players per day; retention by registration week',
        schema: backofficePlayersReportSchema,
        read: (q: BackofficeReportQuery) => reports.players(filtersOf(q)),
        columns: ['day', 'registrations', 'first_depositors', 'conversion', 'active_players'],
      },
    ] as const;

    for (const list of lists) {
      for (const csv of [false, true]) {
        app.get(
          `/api/backoffice/reports/${list.name}${csv ? '.csv' : ''}`,
          {
            onRequest: guarded,
            schema: {
              tags,
              summary: csv ? `${list.summary} (CSV, oldest first)` : list.summary,
              querystring: backofficeReportQuerySchema,
              // A CSV answer (`format=csv`) is a string: the JSON schema applies only to objects.
              response: { 200: csv ? z.string() : z.union([list.schema, z.string()]) },
            },
          },
          async (request, reply) =>
            answer(list.name, request.query, csv, await list.read(request.query), list.columns, request, reply),
        );
      }
    }

    app.get(
      '/api/backoffice/reports/dashboard',
      {
        onRequest: guarded,
        schema: {
          tags,
          summary: "Today's GGR and NGR, deposits, active players, cashouts waiting and flagged games",
          response: { 200: backofficeDashboardSchema },
        },
      },
      async (_request, reply) => reply.headers(noStore).send(await reports.dashboard()),
    );

    app.post(
      '/api/backoffice/reports/refresh',
      {
        onRequest: guarded,
        schema: {
          tags,
          summary: 'Recomputes the daily aggregates of a period now (today by default, at most 31 days)',
          body: backofficeReportRefreshRequestSchema,
          response: { 200: backofficeReportRefreshResponseSchema },
        },
      },
      async (request) => {
        const to = request.body.to ?? reports.period({}).to;
        const period = periodOf({ from: request.body.from ?? to, to }, 31);
        const done = await reports.refresh(period);
        const who = actorOf(operatorOf(request).operator, request.ip);
        await ctx.db.transaction((tx) =>
          appendAudit(tx, ctx.clock.now(), who, {
            action: 'report.refresh',
            targetType: 'report',
            after: { from: period.from, to: period.to },
          }),
        );
        return { days: done.days, as_of: done.asOf.toISOString() };
      },
    );
  };
}
