import type { OrbitModule } from './platform/module';
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
import { identityModule } from './modules/identity';
import { verificationModule } from './modules/verification';
import { walletModule } from './modules/wallet';

/**
 * The business modules, in seed order (reference data before what refers to it).
 * Each entry is the module's public face from its index.ts.
 */
export const modules: OrbitModule[] = [
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
];
