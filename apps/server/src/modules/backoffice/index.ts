/**
 * The back office's public face (docs/backoffice.md): operators with roles and mandatory
 * two-factor, their sessions, the audit log, and the routes under `/api/backoffice/*`. The top
 * floor of the server's layers: it may use every module's door, and no module uses it.
 */
import { backofficeOperatorCreateRequestSchema, type BackofficeOperatorCreateRequest } from '@orbit/contracts';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { OrbitModule } from '../../platform/module';
import { OtpBox } from '../identity';
import { Adjustments } from './adjustments';
import { CashoutQueue } from './cashout-queue';
import { Operators } from './operators';
import { PlayerDesk } from './player-desk';
import { moneyRoutes } from './routes/money';
import { playerActionRoutes } from './routes/player-actions';
import { appRoutes } from './routes/app';
import { bonusRoutes } from './routes/bonuses';
import { catalogueRoutes } from './routes/catalogue';
import { contentRoutes } from './routes/content';
import { recordRoutePermissions } from './routes/guard';
import { promotionRoutes } from './routes/promotions';
import { wheelRoutes } from './routes/wheel';
import { referenceRoutes } from './routes/reference';
import { reportsGamesRoutes } from './routes/reports-games';
import { reportRoutes } from './routes/reports';
import { kycRoutes } from './routes/kyc';
import { ledgerAuditRoutes } from './routes/ledger-audit';
import { loyaltyRoutes } from './routes/loyalty';
import { operatorRoutes } from './routes/operators';
import { playerCardRoutes } from './routes/player-card';
import { playerRoutes } from './routes/players';
import { sessionRoutes } from './routes/session';
import { supportRoutes } from './routes/support';
import { tokenAudit } from './routes/token-audit';
import { seedBackoffice } from './seed';
export { checkAuditChain, appendAudit, type Actor, type AuditAction } from './audit';
export { DEMO_ADMIN } from './seed';
export { flaggedGames } from './reports-games';
export { recordSystemEvent } from './system-events';
export { BACKOFFICE_COOKIE } from './routes/guard';

export const backofficeModule: OrbitModule = {
  name: 'backoffice',
  routes: async (app, ctx) => {
    const operators = new Operators(ctx.db, ctx.clock, new OtpBox(ctx.config.otpEncryptionKey));
    const guard = { operators };
    const desk = new PlayerDesk(ctx.db, ctx.clock);
    app.orbitSignInChecks.add('backoffice', desk.signInCheck);
    const queue = new CashoutQueue(ctx.db, desk, app.orbitCashoutDecisions);
    const adjustments = new Adjustments(ctx.db, ctx.clock, desk, Math.round(ctx.config.backofficeFourEyesUnits * 100));
    recordRoutePermissions(app);
    tokenAudit(app, ctx);
    await sessionRoutes(operators, guard)(app, ctx);
    await operatorRoutes(operators, guard)(app, ctx);
    await playerRoutes(guard)(app, ctx);
    await playerActionRoutes(desk, guard)(app, ctx);
    await moneyRoutes(queue, adjustments, guard)(app, ctx);
    await playerCardRoutes(guard)(app, ctx);
    await kycRoutes(guard)(app, ctx);
    await ledgerAuditRoutes(guard)(app, ctx);
    await supportRoutes(guard)(app, ctx);
    await contentRoutes(guard)(app, ctx);
    await reportsGamesRoutes(guard)(app, ctx);
    await bonusRoutes(guard)(app, ctx);
    await promotionRoutes(guard)(app, ctx);
    await wheelRoutes(guard)(app, ctx);
    await reportRoutes(guard)(app, ctx);
    await catalogueRoutes(guard)(app, ctx);
    await loyaltyRoutes(guard)(app, ctx);
    await referenceRoutes(guard)(app, ctx);
    await appRoutes(app);
  },
  seed: seedBackoffice,
};

/**
 * An operator made from the command line (`npm run backoffice:create-admin`), validated by the
 * same contract as the admin's call, audited as actor `cli`.
 */
export function createOperator(db: Db, input: BackofficeOperatorCreateRequest) {
  const operators = new Operators(db, systemClock, new OtpBox(undefined));
  return operators.create(
    { operatorId: null, actor: 'cli', role: null, ip: null },
    backofficeOperatorCreateRequestSchema.parse(input),
  );
}
