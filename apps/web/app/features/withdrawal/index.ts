// The mailed withdrawal link of a player in a cooling-off or self-exclusion (`/withdrawal?withdrawal_token=`):
// no session, the token is the proof. The route module composes it.
export { WithdrawalPage } from './withdrawal-page';
