// The cashbox: deposits, cashouts, the dashboard, the PSP's return page and the header's wallet
// island (its routes and guard: docs/rules/routes-and-guards.md; the cancelled-payment notice:
// docs/rules/page-shell.md "Notices"). Route modules compose these (with the profile's
// personal-info popup); everything here is loaded on demand.
export { CashboxPopup } from './cashbox-popup';
export { CashboxReturn } from './return-page';
export { cashboxGuard, CASHBOX_VIEWS, pageUnderCashbox, signUpTarget, withoutFrom, type CashboxView } from './rules';
export {
  activeAccount,
  cashboxApi,
  cashboxKeys,
  onBalanceMessage,
  onPaymentsMessage,
  queryClient,
  refreshCashbox,
} from './data';
