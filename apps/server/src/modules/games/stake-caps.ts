/**
 * The highest stake a player may bet now, told to the game so that it offers no stake above it
 * (docs/provider-protocol.md "Launch", "The stake cap"). Other modules add their caps (the running
 * bonus's max bet) with `add`; the lowest wins. The pre-bet check still refuses a bet above it:
 * this only lets the game say so before the player bets.
 */
export type StakeCapInput = {
  userId: number;
  currency: string;
  /** Catalogue identifier (`orbit/stellar-sevens`). */
  game: string;
};
/** A cap in minor units of the input's currency, or null: no cap from this rule. */
export type StakeCap = (input: StakeCapInput) => Promise<number | null>;

export class StakeCaps {
  private readonly caps: Array<{ name: string; cap: StakeCap }> = [];

  add(name: string, cap: StakeCap): void {
    if (this.caps.some((c) => c.name === name)) throw new Error(`stake cap ${name} is already registered`);
    this.caps.push({ name, cap });
  }

  /** The lowest cap of every rule, or null when none caps this player's stake. */
  async lowest(input: StakeCapInput): Promise<number | null> {
    let lowest: number | null = null;
    for (const { cap } of this.caps) {
      const value = await cap(input);
      if (value !== null && (lowest === null || value < lowest)) lowest = value;
    }
    return lowest;
  }
}
