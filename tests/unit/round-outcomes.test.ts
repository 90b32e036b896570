/**
 * Every house game's round, as its studio records it, is drawn on the round page (game recall):
 * symbols, wins, cards, numbers, never the raw JSON. The rounds are played by the studio's own
 * mathematics, so a game that changes what it records shows here first.
 */
import fs from 'node:fs';
import { createElement, type FunctionComponent, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../apps/studio/src/games/index';
import { RoundDraws } from '../../apps/studio/src/fair/draws';
import { summarizeOutcome, type OutcomeSummary } from '../../apps/web/app/features/rounds/outcome';
import { LOCALES, type Locale } from '../../apps/web/app/lib/locale';

// The page's React parts (.tsx), loaded at run time: this folder is type-checked without JSX.
type Messages = { [key: string]: string | Messages };
type Translate = (key: string, values?: Record<string, string | number>, fallback?: string) => string;
type ViewModule = {
  OutcomeView: FunctionComponent<{ summary: OutcomeSummary; money: (cents: number) => string }>;
  symbolName: (t: Translate, name: string) => string;
};
type I18nModule = {
  I18nProvider: FunctionComponent<{ value: { locale: Locale; t: Translate }; children?: ReactNode }>;
  createTranslator: (locale: Locale, bundle: Record<string, Messages>) => Translate;
};
let OutcomeView: ViewModule['OutcomeView'];
let symbolName: ViewModule['symbolName'];
let I18nProvider: I18nModule['I18nProvider'];
let createTranslator: I18nModule['createTranslator'];
beforeAll(async () => {
  const view = (await import('../../apps/web/app/features/rounds/outcome-view' as string)) as ViewModule;
  const i18n = (await import('../../apps/web/app/lib/i18n' as string)) as I18nModule;
  ({ OutcomeView, symbolName } = view);
  ({ I18nProvider, createTranslator } = i18n);
});

const messages = (locale: string): Messages =>
  JSON.parse(fs.readFileSync(new URL(`../../apps/web/app/i18n/messages/${locale}.json`, import.meta.url), 'utf8'));

/** The game's rounds for nonces 0 … 299: enough to meet wins, free spins, tumbles, the bonus games. */
const played = new Map<string, unknown[]>();
function rounds(slug: string): unknown[] {
  const game = GAMES[slug]!;
  if (!played.has(slug))
    played.set(
      slug,
      Array.from(
        { length: 300 },
        (_, nonce) => game.play(new RoundDraws('recall', 'player', nonce), game.referenceBet).outcome,
      ),
    );
  return played.get(slug)!;
}

/** A slot outcome's features, to check each is met by some round above. */
const screensOf = (s: OutcomeSummary) => (s.kind === 'slot' ? s.screens : []);

describe('game recall of every house game', () => {
  it('covers the fifteen games of the studio', () => {
    expect(Object.keys(GAMES)).toHaveLength(15);
  });

  for (const slug of Object.keys(GAMES)) {
    it(`${slug}: every round is drawn by its kind, never as raw JSON`, () => {
      for (const outcome of rounds(slug)) {
        const summary = summarizeOutcome(outcome, slug);
        expect(summary.kind, JSON.stringify(outcome).slice(0, 200)).not.toMatch(/^(json|none)$/);
        if (summary.kind === 'slot') {
          // What the screens say they paid adds up to the round's win.
          const win = (outcome as { win: number }).win;
          expect(summary.screens.reduce((sum, s) => sum + (s.win ?? 0), 0)).toBe(win);
          for (const screen of summary.screens) {
            expect(screen.rows.length).toBeGreaterThan(0);
            expect(screen.rows.every((row) => row.length === screen.rows[0]!.length)).toBe(true);
          }
        }
      }
    });
  }

  it('shows slots the way they are played: reels as columns, free spins, tumbles, coins, the wheel', () => {
    // Stellar Sevens: 5 reels × 3 rows; its free spins follow the spin that won them.
    const stellar = rounds('stellar-sevens').map((o) => summarizeOutcome(o, 'stellar-sevens'));
    expect(screensOf(stellar[0]!)[0]!.rows).toHaveLength(3);
    expect(screensOf(stellar[0]!)[0]!.rows[0]).toHaveLength(5);
    expect(stellar.some((s) => screensOf(s).some((x) => x.stage === 'freeSpin'))).toBe(true);
    // Cosmic Clusters: a 6 × 5 grid (6 columns), its Supernovas' multipliers on their cells.
    const cosmic = rounds('cosmic-clusters').map((o) => summarizeOutcome(o, 'cosmic-clusters'));
    expect(screensOf(cosmic[0]!)[0]!.rows).toHaveLength(5);
    expect(screensOf(cosmic[0]!)[0]!.rows[0]).toHaveLength(6);
    expect(
      cosmic.some((s) =>
        screensOf(s)[0]!
          .notes?.flat()
          .some((n) => n?.unit === 'times'),
      ),
    ).toBe(true);
    expect(
      rounds('meteor-tumble').some((o) =>
        screensOf(summarizeOutcome(o, 'meteor-tumble')).some((x) => x.stage === 'tumble'),
      ),
    ).toBe(true);
    expect(
      rounds('lunar-link').some((o) => screensOf(summarizeOutcome(o, 'lunar-link')).some((x) => x.stage === 'respins')),
    ).toBe(true);
    expect(
      rounds('saturn-wheel').some((o) =>
        screensOf(summarizeOutcome(o, 'saturn-wheel'))[0]!.wins.some((w) => w.kind === 'wheel'),
      ),
    ).toBe(true);
    const ways = rounds('nebula-ways').map((o) => summarizeOutcome(o, 'nebula-ways'));
    expect(ways.some((s) => screensOf(s)[0]!.wins.some((w) => w.kind === 'ways' && w.reels! >= 3))).toBe(true);
  });

  it("names every house slot's symbols in each of the ten languages", () => {
    const symbols = new Set<string>();
    for (const slug of Object.keys(GAMES))
      for (const outcome of rounds(slug)) {
        const summary = summarizeOutcome(outcome, slug);
        for (const screen of summary.kind === 'slot' ? summary.screens : []) {
          for (const cell of screen.rows.flat()) if (cell) symbols.add(cell);
          for (const win of screen.wins) if (win.symbol) symbols.add(win.symbol);
        }
      }
    expect(symbols.size).toBeGreaterThan(30);
    for (const locale of LOCALES as readonly Locale[]) {
      // Only the locale's own file: a name it lacks shows the marker instead of English.
      const own = createTranslator(locale, { [locale]: messages(locale) });
      const strict = (key: string) => own(key, undefined, '(missing)');
      for (const symbol of symbols)
        expect(symbolName(strict, symbol), `${symbol} in ${locale}`).not.toContain('(missing)');
    }
    const german = createTranslator('de', { de: messages('de') });
    expect(symbolName(german, 'Ringed Planet')).toBe('Ringplanet');
    expect(symbolName(german, 'Wild×2')).toBe('Wild×2');
  });

  it('words every game in each of the ten languages, with no key or JSON showing', () => {
    const english = messages('en');
    for (const locale of LOCALES as readonly Locale[]) {
      const bundle = { [locale]: messages(locale), en: english };
      const t = createTranslator(locale, bundle);
      for (const slug of Object.keys(GAMES)) {
        // The round with the most to say (the longest record) of the first fifty.
        const outcome = rounds(slug)
          .slice(0, 50)
          .slice()
          .sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0];
        const html = renderToStaticMarkup(
          createElement(
            I18nProvider,
            { value: { locale, t } },
            createElement(OutcomeView, {
              summary: summarizeOutcome(outcome, slug),
              money: (cents: number) => `€${cents / 100}`,
            }),
          ),
        );
        expect(html, `${slug} in ${locale}`).not.toMatch(/rounds\.outcome|\{\{|&quot;\w+&quot;:|"\w+":/);
      }
    }
  });
});
