/**
 * The rules page in the launch's language (README "Languages"): every game's rules and paytable
 * lines come from the catalogues' `gameRules` with the game's numbers filled in by `Intl`. The
 * English texts filled with a game's values give its English lines exactly, every locale has every
 * key and placeholder, and a translated line carries the same numbers as the English one.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../client/src/i18n';
import { GAMES } from '../../src/games';
import { escapeHtml, ruleLines, rulesPage } from '../../src/service/html';

const games = Object.values(GAMES);
const translatedGames = games.filter((g) => g.rules.lines);

/** The numbers of a line, written the English way: the locale's grouping dropped, its decimal comma a point. */
const separators = new Map<Locale, { group: RegExp; decimal: RegExp }>();
function numbers(line: string, locale: Locale): string[] {
  let seps = separators.get(locale);
  if (!seps) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    const group = parts.find((p) => p.type === 'group')?.value ?? ',';
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    seps = {
      group: new RegExp(`(?<=\\d)${esc(group)}(?=\\d{3}(?!\\d))`, 'g'),
      decimal: new RegExp(`(?<=\\d)${esc(decimal)}(?=\\d)`, 'g'),
    };
    separators.set(locale, seps);
  }
  const normal = line.replace(seps.group, '').replace(seps.decimal, '.');
  return (normal.match(/\d+(?:\.\d+)?/g) ?? []).sort();
}

describe('the rules page in every locale', () => {
  it('renders every game in every locale with no missing text and no placeholder left', () => {
    for (const game of games)
      for (const locale of LOCALES) {
        const html = rulesPage(game, locale);
        expect(html, `${game.slug} ${locale}`).not.toContain('{{');
        expect(html, `${game.slug} ${locale}`).toContain(`<html lang="${locale}">`);
      }
  });

  it('writes the English lines of a translated game exactly as its mathematics does', () => {
    expect(translatedGames.length).toBeGreaterThan(0);
    for (const game of translatedGames) {
      const lines = ruleLines(game, 'en')!;
      expect(lines.summary, game.slug).toEqual(game.rules.summary);
      expect(lines.paytable, game.slug).toEqual(game.rules.paytable);
    }
  });

  it('keeps the English numbers in every translated line', () => {
    for (const game of translatedGames)
      for (const locale of LOCALES) {
        const lines = ruleLines(game, locale)!;
        const english = [...game.rules.summary, ...game.rules.paytable.flatMap((row) => [row.label, row.pays])];
        const local = [...lines.summary, ...lines.paytable.flatMap((row) => [row.label, row.pays])];
        expect(local.length).toBe(english.length);
        local.forEach((line, i) =>
          expect(numbers(line, locale), `${game.slug} ${locale}: ${line}`).toEqual(numbers(english[i]!, 'en')),
        );
        if (!locale.startsWith('en'))
          expect(
            lines.summary.filter((line, i) => line === game.rules.summary[i]),
            `${game.slug} ${locale}`,
          ).toEqual([]);
      }
  });

  it('writes the German rules of a slot and a table game in German, with no English notice', () => {
    const nova = rulesPage(GAMES['nova-sevens']!, 'de');
    expect(nova).toContain('<li>Eine Linie zahlt drei gleiche Symbole.</li>');
    expect(nova).toContain('<td>3 × Sieben</td><td>170 × Linieneinsatz</td>');
    const roulette = rulesPage(GAMES['european-roulette']!, 'de');
    expect(roulette).toContain('Der Gesamteinsatz pro Drehung beträgt höchstens 100.000,00 in der Spielwährung.');
    expect(roulette).toContain('36/37 = 97,30 %');
    expect(roulette).toContain('<td>Plein (eine Zahl)</td><td>35 zu 1</td>');
    for (const html of [nova, roulette]) {
      expect(html).not.toContain('auf Englisch verfasst');
      expect(html).toContain('<ul>');
    }
  });

  it('has every game’s rules in the catalogues, so no page says its rules are in English', () => {
    for (const game of games) {
      expect(game.rules.lines, game.slug).toBeDefined();
      for (const locale of LOCALES) {
        const html = rulesPage(game, locale);
        expect(html).not.toContain('written in English');
        expect(html).not.toContain('auf Englisch verfasst');
        // English pages keep the mathematics' own lines, marked English; the others are in their language.
        expect(html.includes('<ul lang="en">'), `${game.slug} ${locale}`).toBe(locale.startsWith('en'));
      }
      expect(rulesPage(game, 'en-AU')).toContain(`<ul lang="en"><li>${escapeHtml(game.rules.summary[0])}</li>`);
    }
  });
});
