/**
 * The reports' public face (docs/reports.md): the daily aggregates computed from the ledger,
 * the payments and the players, the job that keeps them, and the reads the back office serves.
 * It sits just under the back office: it reads what every module below recorded and writes
 * only its own tables.
 */
import type { OrbitModule } from '../../platform/module';
import { Reports } from './reports';

export { Reports, withTotals, FINAL_GRACE_MS } from './reports';
export { aggregateDay, dayOf, weekOf } from './aggregate';
export {
  gameFigures,
  splitPeriod,
  type GameFigureRow,
  type GameFilters,
  type PeriodSplit,
  type TimeRange,
} from './games';

/** How often the job recomputes today (and finishes the past days due). */
export const REPORTS_SWEEP_MS = 5 * 60_000;

export const reportsModule: OrbitModule = {
  name: 'reports',
  routes: async (_app, ctx) => {
    const reports = new Reports(ctx.db, ctx.clock, ctx.config.defaultLicence);
    ctx.sweeps.every('reports.days', REPORTS_SWEEP_MS, () => reports.sweep());
  },
};
