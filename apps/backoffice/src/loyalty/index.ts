/**
 * Loyalty in the back office (docs/backoffice.md "Loyalty", permission `promotions.manage`): the
 * shop's cards, the accrual rules, the VIP managers and the adventure calendar, in menu order.
 */
import { accrualRules } from './accrual';
import { adventures } from './adventures';
import { vipManagers } from './managers';
import { compPointRates } from './rates';

export const loyaltyResources = [compPointRates, accrualRules, vipManagers, adventures];
