/**
 * The wallet module's public face: currencies, the player's accounts and the double-entry ledger,
 * the only writer of balances. Other modules move money with `Ledger.transfer` (in their own
 * transaction when they pass one) and react to movements through the `wallet.transfer` event.
 */
import type { Db } from '../../platform/db/client';
import type { OrbitModule } from '../../platform/module';
import { REAL_CURRENCY_CODES, seedCurrencies } from './currencies';
import { openHouseAccounts } from './ledger';
import { seedReferenceRates } from './reference-rates';
import { walletRoutes } from './routes';

export {
  openAccount,
  presentAccount,
  listAccounts,
  accountsOf,
  switchAccount,
  ACCOUNT_OPENED_TOPIC,
  type AccountOpenedEvent,
  type PlayerAccount,
} from './accounts';
export { playerMovements, playerMovementsByCurrency, type PlayerMovements } from './movements';
export { referenceRatesNow, ReferenceRates, type Rounding } from './reference-rates';
export {
  ratesAt,
  rateHistory,
  type RateHistory,
  listReferenceRates,
  updateReferenceRates,
  referenceRateHistory,
  lastReferenceRateChanges,
  formatRate,
  parseRate,
  type RateChanger,
  type ReferenceRateChangeRow,
} from './reference-rates';
export { auditLedger, type LedgerAudit, type BrokenAccount } from './audit';
export { playsOf, transfersOf, type Play, type PlayKind } from './plays';
export { accountStatement, type StatementFilter, type StatementRow } from './statement';
export {
  Ledger,
  InsufficientFundsError,
  playerBalances,
  playersBalances,
  payloadHash as transferPayloadHash,
  TRANSFER_TOPIC,
  PLAYER_ACCOUNT_KINDS,
  HOUSE_ACCOUNT_KINDS,
  type LedgerAccountRef,
  type PlayerAccountKind,
  type HouseAccountKind,
  type PlayerBalances,
  type Transfer,
  type TransferEvent,
  type TransferKind,
  type TransferRequest,
  type TransferResult,
} from './ledger';
export {
  listCurrencies,
  DEFAULT_CURRENCY,
  DEMO_CURRENCY,
  FIAT_CURRENCY_CODES,
  REAL_CURRENCY_CODES,
  type CurrencyRow,
} from './currencies';

async function seedWallet(db: Db): Promise<void> {
  await seedCurrencies(db);
  await seedReferenceRates(db, new Date());
  await openHouseAccounts(db, REAL_CURRENCY_CODES, new Date());
}

export const walletModule: OrbitModule = {
  name: 'wallet',
  routes: walletRoutes,
  seed: seedWallet,
};
