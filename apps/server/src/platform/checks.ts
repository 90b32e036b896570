/**
 * A door other modules add rules to without the door's module reading their tables: sign-in
 * (identity), deposits (cashbox), real bets and launches (games). Each check answers a verdict or
 * null (passes). The first refusal wins; a "soft" verdict (the bet's `counting`) passes but is
 * remembered and answered when nothing refuses.
 */
export type Check<Input, Verdict> = (input: Input) => Promise<Verdict | null>;

export class Checks<Input, Verdict> {
  protected readonly checks: Array<{ name: string; check: Check<Input, Verdict> }> = [];

  constructor(
    private readonly door: string,
    private readonly soft: readonly Verdict[] = [],
  ) {}

  add(name: string, check: Check<Input, Verdict>): void {
    if (this.checks.some((c) => c.name === name)) throw new Error(`${this.door} check ${name} is already registered`);
    this.checks.push({ name, check });
  }

  async run(input: Input): Promise<Verdict | null> {
    let soft: Verdict | null = null;
    for (const { check } of this.checks) {
      const verdict = await check(input);
      if (verdict === null) continue;
      if (!this.soft.includes(verdict)) return verdict;
      soft ??= verdict;
    }
    return soft;
  }
}
