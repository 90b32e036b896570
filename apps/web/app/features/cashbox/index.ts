// The cashbox (spec §2 cashbox popup routes, §4 cancelled-payment notice): deposits, cashouts,
// the dashboard, the PSP's return page and the header's wallet island. Route modules compose
// these (with the profile's personal-info popup); everything here is loaded on demand.
export { CashboxPopup } from './cashbox-popup';
export { CashboxReturn } from './return-page';
export { cashboxGuard, CASHBOX_VIEWS, signUpTarget, type CashboxView } from './rules';
export {
  activeAccount,
  cashboxApi,
  cashboxKeys,
  onBalanceMessage,
  onPaymentsMessage,
  queryClient,
  refreshCashbox,
} from './data';
