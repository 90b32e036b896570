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
import { Operators } from './operators';
import { appRoutes } from './routes/app';
import { operatorRoutes } from './routes/operators';
import { playerRoutes } from './routes/players';
import { sessionRoutes } from './routes/session';
import { seedBackoffice } from './seed';
export { checkAuditChain, appendAudit, type Actor, type AuditAction } from './audit';
export { DEMO_ADMIN } from './seed';

export const backofficeModule: OrbitModule = {
  name: 'backoffice',
  routes: async (app, ctx) => {
    const operators = new Operators(ctx.db, ctx.clock, new OtpBox(ctx.config.otpEncryptionKey));
    const guard = { operators };
    await sessionRoutes(operators, guard)(app, ctx);
    await operatorRoutes(operators, guard)(app, ctx);
    await playerRoutes(guard)(app, ctx);
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
