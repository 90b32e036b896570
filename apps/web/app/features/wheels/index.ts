// Loot boxes and the prize wheel (docs/rules/promotions.md "Loot-box wheel"): the player's boxes
// and the wheel that lands on the drawn item. Route modules compose these.
export { WheelPage } from './wheel-page';
export { SegmentsWheelPage } from './segments-page';
