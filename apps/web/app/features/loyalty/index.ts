// Comp points (docs/rules/comp-points.md): the shop at /rocket-mart with its exchange, the
// player's points in the shell kept live (`comps_award`) with their notice, and the level page.
// Route modules compose these (with the cashbox's money formatting: features do not import each other).
export { CompPointsShop, SHOP_SKELETON_COUNT } from './shop';
export { PointsMenuLink, PointsWatcher } from './points-watcher';
export { LevelTab } from './level-tab';
export { tabOfPath, type ShopTab } from './rules';
