// The VIP club (docs/rules/vip-club.md): the status and its quarterly progress, the compare
// carousel, the personal manager and the adventure calendar. Route modules compose it (with the
// cashbox's money formatting: features do not import each other).
export { VipClub } from './vip-club';
