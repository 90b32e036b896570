/**
 * The math sheets of the games that have one: what a game's provider certifies about its
 * mathematics, the exact RTP and the variance of one round's return per unit stake, for the bet
 * the sheet names. A regulator's report compares the observed RTP with these (the back office's
 * games report, docs/reports.md "Games and RTP"). The studio's games are an outside provider's
 * (the casino never imports their code), so their sheets are written here as the studio computes
 * them exactly (`theoreticalRtp()`, `returnVariance()`), and test/unit/rtp-interval.test.ts checks
 * every figure against the studio's mathematics, so that a changed paytable cannot leave a stale
 * sheet behind. A game without a sheet has only the catalogue's rounded RTP (`payout`).
 */

export type GameMathSheet = {
  /** Exact return to player per unit stake, a fraction. */
  readonly rtp: number;
  /** Variance of one round's return per unit stake of `referenceBet`. */
  readonly variance: number;
  /** The bet the figures are for (other bets of some games return with another spread, docs/reports.md). */
  readonly referenceBet: Readonly<Record<string, unknown>>;
  /**
   * A game played in steps whose doubles and splits add stake: its return is per unit of the
   * opening stake (the round's `bet.stake`), the extra stakes counted against the win.
   */
  readonly openingStake?: true;
};

/** By game identifier (`provider/slug`). */
export const GAME_MATH_SHEETS: Readonly<Record<string, GameMathSheet>> = {
  'orbit/stellar-sevens': { rtp: 0.9609119198539074, variance: 19.632291173922894, referenceBet: { stake: 2000 } },
  'orbit/nebula-ways': { rtp: 0.9626583595613706, variance: 25.41733924106799, referenceBet: { stake: 2500 } },
  'orbit/cosmic-clusters': { rtp: 0.9619716656232807, variance: 32.036887860157776, referenceBet: { stake: 2000 } },
  'orbit/european-roulette': {
    rtp: 0.972972972972973,
    variance: 34.08035062089116,
    referenceBet: { bets: [{ type: 'straight', numbers: [17], stake: 100 }] },
  },
  'orbit/orbit-dice': { rtp: 0.96, variance: 0.9216, referenceBet: { stake: 100, target: 5000, direction: 'under' } },
  'orbit/rocket-crash': {
    rtp: 0.9599999999627471,
    variance: 0.9983999999970198,
    referenceBet: { stake: 100, cashout_at: 200 },
  },
  'orbit/orbit-plinko': {
    rtp: 0.9681552124023438,
    variance: 2.045532378619071,
    referenceBet: { stake: 100, rows: 16, risk: 'medium' },
  },
  'orbit/orbit-keno': {
    rtp: 0.9672830725462304,
    variance: 54.759734942410695,
    referenceBet: { stake: 100, picks: [1, 2, 3, 4, 5] },
  },
  'orbit/meteor-tumble': { rtp: 0.9656208751533311, variance: 6.65407522925751, referenceBet: { stake: 5000 } },
  'orbit/lunar-link': { rtp: 0.9578393093048425, variance: 247.44060355261382, referenceBet: { stake: 2500 } },
  'orbit/warp-ways': { rtp: 0.965743405807858, variance: 7.582076990066852, referenceBet: { stake: 4000 } },
  'orbit/nova-sevens': { rtp: 0.9675068587105619, variance: 30.868732900559504, referenceBet: { stake: 500 } },
  'orbit/saturn-wheel': { rtp: 0.956739336674074, variance: 55.64094565349381, referenceBet: { stake: 1000 } },
  'orbit/orbit-video-poker': {
    rtp: 0.9729843375055874,
    variance: 19.32325880361545,
    referenceBet: { stake: 100 },
    openingStake: true,
  },
  'orbit/orbit-blackjack': {
    rtp: 0.994296119877264,
    variance: 1.3113632101016965,
    referenceBet: { stake: 100 },
    openingStake: true,
  },
};
