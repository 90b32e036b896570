import type { FastifyBaseLogger } from 'fastify';

/**
 * What a higher module writes into a static page's json when the page is answered: figures the
 * page's json would otherwise hold as a second copy of a rule that module owns (the wheel's page:
 * the loot-box tiers' costs and prizes). `keys` are the json keys it owns: whatever the stored json
 * says under them is replaced by what `fill` answers, and a key `fill` leaves out is removed.
 */
export type PageJsonFiller = {
  /** Names the filler in the log. */
  name: string;
  keys: readonly string[];
  fill: () => Promise<Record<string, unknown>>;
};

/**
 * The page json fillers by page slug (docs/rules/content-pages.md "Page json keys"). The cms
 * module, low in the layers, cannot read the rules of the modules above it; they register here
 * at start (`app.orbitPageJsonFillers`) as they register their sign-in checks with identity.
 */
export class PageJsonFillers {
  private readonly bySlug = new Map<string, PageJsonFiller[]>();

  add(slug: string, filler: PageJsonFiller): void {
    this.bySlug.set(slug, [...(this.bySlug.get(slug) ?? []), filler]);
  }

  has(slug: string): boolean {
    return this.bySlug.has(slug);
  }

  /**
   * The page's json with its fillers' keys: each filler's answer over the stored value. A filler
   * that fails is logged and its keys are left out: no figure rather than a stale copy.
   */
  async fill(slug: string, json: Record<string, unknown>, log?: FastifyBaseLogger): Promise<Record<string, unknown>> {
    const fillers = this.bySlug.get(slug);
    if (!fillers) return json;
    const out: Record<string, unknown> = { ...json };
    for (const filler of fillers) {
      for (const key of filler.keys) delete out[key];
      try {
        const filled = await filler.fill();
        for (const key of filler.keys) if (filled[key] !== undefined) out[key] = filled[key];
      } catch (error) {
        log?.error({ err: error, page: slug, filler: filler.name }, 'a page json filler failed: its keys are left out');
      }
    }
    return out;
  }
}
