/** The wallet module's public face: currencies and (empty) accounts now; balances and the ledger come later. */
import type { OrbitModule } from '../../platform/module';
import { seedCurrencies } from './currencies';
import { walletRoutes } from './routes';

export { openAccount } from './accounts';
export {
  listCurrencies,
  DEFAULT_CURRENCY,
  DEMO_CURRENCY,
  FIAT_CURRENCY_CODES,
  REAL_CURRENCY_CODES,
  type CurrencyRow,
} from './currencies';

export const walletModule: OrbitModule = {
  name: 'wallet',
  routes: walletRoutes,
  seed: seedCurrencies,
};
