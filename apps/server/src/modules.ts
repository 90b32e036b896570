import moduleLayers from './module-layers.json';
import { inLayerOrder } from './module-order';
import type { OrbitModule } from './platform/module';
import { backofficeModule } from './modules/backoffice';
import { bonusesModule } from './modules/bonuses';
import { cashboxModule } from './modules/cashbox';
import { cmsModule } from './modules/cms';
import { realtimeModule } from './modules/realtime';
import { gamesModule } from './modules/games';
import { jackpotsModule } from './modules/jackpots';
import { limitsModule } from './modules/limits';
import { loyaltyModule } from './modules/loyalty';
import { notificationsModule } from './modules/notifications';
import { promotionsModule } from './modules/promotions';
import { reportsModule } from './modules/reports';
import { supportModule } from './modules/support';
import { telemetryModule } from './modules/telemetry';
import { identityModule } from './modules/identity';
import { verificationModule } from './modules/verification';
import { walletModule } from './modules/wallet';

/**
 * The business modules in the order of their layers, lowest first (module-layers.json, the list
 * the lint's layer rules are built from: docs/architecture.md "Layers"). So a module registers
 * after every module it may use, and finds their services (`app.orbit*`, held at start by
 * registerModules), and seeds after the reference data of the modules below it.
 * Each entry is the module's public face from its index.ts.
 */
export const modules: OrbitModule[] = inLayerOrder(
  [
    walletModule,
    identityModule,
    cmsModule,
    gamesModule,
    jackpotsModule,
    verificationModule,
    cashboxModule,
    limitsModule,
    bonusesModule,
    loyaltyModule,
    promotionsModule,
    notificationsModule,
    realtimeModule,
    supportModule,
    telemetryModule,
    reportsModule,
    backofficeModule,
  ],
  moduleLayers,
);
