/**
 * The telemetry module's public face (docs/telemetry.md): the page's reports (form errors, log
 * lines, timings, the network, the campaign, the player-facing events) kept for operators on the
 * casino's own host, the affiliate cookies of a landing page, the affiliate tag and A/B arm recorded
 * at registration (through identity's registration hook), and `GET /client-context`.
 */
import type { OrbitModule } from '../../platform/module';
import { CmsService } from '../cms';
import { installLandingCookies, recordAtRegistration, type ConfigReader } from './affiliates';
import { telemetryRoutes, visitOf } from './routes';
import { TelemetryStore } from './store';

export { playerTag } from './affiliates';

/** How often the retention sweep runs: the reports' age is counted in days, an hour late is nothing. */
const RETENTION_SWEEP_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The reports' store (tests run its retention sweep through `orbitSweeps`). */
    orbitTelemetry: TelemetryStore;
  }
}

export const telemetryModule: OrbitModule = {
  name: 'telemetry',
  routes: async (app, ctx) => {
    const store = new TelemetryStore(ctx.db, ctx.clock, ctx.log, ctx.config.telemetry);
    app.decorate('orbitTelemetry', store);
    const cms = new CmsService(ctx.db);
    // The fe configs are read as stored (no locale applies to a tag).
    const configs: ConfigReader = { read: (name) => cms.feConfig(name, 'en') };
    installLandingCookies(app, ctx, configs, store, visitOf);
    app.orbitRegistrationHooks.add('telemetry.affiliate-tag', recordAtRegistration(ctx.config));
    ctx.sweeps.every('telemetry.retention', RETENTION_SWEEP_MS, () => store.sweep());
    await telemetryRoutes(ctx, store, configs)(app);
  },
};
