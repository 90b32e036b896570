// The notification center (docs/rules/page-shell.md "Notifications"): the header's bell with its
// panel and the watcher that keeps the player's notifications live (kept in the browser for two
// hours). The player's header composes these (with the cashbox's currencies: features do not
// import each other).
export { NotificationsBell, NotificationsWatcher } from './notifications-bell';
