/**
 * The studio speaks the launch's language beyond its main screens (README "Languages"): every text
 * key the client uses exists, the games' symbol and card names are translated, numbers and
 * percentages are written by `Intl` in the page's locale, the rules page is written in the `lang`
 * it is asked for, and a Rocket Crash bet refused above the bonus max bet hands the stake list the
 * cap in force now, as every other game's refusal does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, studioApi } from '../../client/src/calls';
import { setLocale } from '../../client/src/i18n';
import { de } from '../../client/src/i18n/de';
import { en } from '../../client/src/i18n/en';
import { cardLabel, symbolKey, symbolName } from '../../client/src/i18n/names';
import { formatDecimal, formatMultiplier, formatPercent } from '../../client/src/money';
import { capStakes, refusedCap } from '../../client/src/stake-cap';
import { cardWords } from '../../src/games/cards';
import { GAMES } from '../../src/games';
import { rocketCrash } from '../../src/games/rocket-crash/math';
import { verifyRound } from '../../src/fair/verify';
import { summarise } from '../../client/src/summaries';
import { studioHarness } from './support/studio-harness';

type Node = string | { [key: string]: Node };
const flatten = (node: Node, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
const KEYS = new Set(flatten(en as Node));
const hasKey = (key: string) => KEYS.has(key) || KEYS.has(`${key}_other`);

const root = join(import.meta.dirname, '..', '..');
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'i18n'
        ? []
        : sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('en');
});

describe('the studio’s texts', () => {
  it('uses no text key the English catalogue lacks (client pages, games and the rules page)', () => {
    const used = new Map<string, string>();
    for (const file of [...sources(join(root, 'client/src')), join(root, 'src/service/html.ts')]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.set(m[1]!, file);
      for (const m of text.matchAll(/texts\.(\w+)/g)) used.set(`rulesPage.${m[1]!}`, file);
    }
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used].filter(([key]) => !hasKey(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has a name in every locale for each symbol the games draw, and translates it', async () => {
    const names = new Set<string>();
    for (const file of sources(join(root, 'src/games')))
      for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:name|wildName): '([A-Z][\w ]*)'/g)) names.add(m[1]!);
    expect(names.size).toBeGreaterThan(30);
    const missing = [...names].filter((name) => !KEYS.has(`symbols.${symbolKey(name)}`));
    expect(missing).toEqual([]);

    await setLocale('de');
    expect(symbolName('Ringed Planet')).toBe('Ringplanet');
    expect(symbolName('Seven')).toBe('Sieben');
    expect(symbolName('Wild×3')).toBe('Joker×3');
    expect(symbolName('Black Hole')).toBe('Schwarzes Loch');
    // A name no catalogue knows stays as the game names it.
    expect(symbolName('Mystery')).toBe('Mystery');
    await setLocale('fr-CA');
    expect(symbolName('Cherry')).toBe('Cerise');
    await setLocale('en');
    expect(symbolName('Ringed Planet')).toBe('Ringed Planet');
  });

  it('names the cards in the page’s language (aria-labels of blackjack and video poker)', async () => {
    for (let card = 0; card < 52; card++) expect(cardLabel(card)).toBe(cardWords(card));
    await setLocale('de');
    expect(cardLabel(11)).toBe('Dame Pik');
    expect(cardLabel(13)).toBe('Ass Herz');
    await setLocale('it');
    expect(cardLabel(51)).toBe('Re di fiori');
    await setLocale('no');
    expect(cardLabel(26)).toBe('Ruter ess');
  });
});

describe('numbers in the page’s locale', () => {
  it('writes percentages, multipliers and decimals with Intl', async () => {
    expect(formatPercent(0.495)).toBe('49.5%');
    expect(formatPercent(0.9643, 2, 2)).toBe('96.43%');
    expect(formatMultiplier(215)).toBe('×2.15');
    expect(formatMultiplier(100_000)).toBe('×1000.00');
    expect(formatDecimal(1.9166, 4)).toBe('1.9166');
    await setLocale('de');
    expect(formatPercent(0.495)).toBe('49,5\u00a0%');
    expect(formatPercent(0.9643, 2, 2)).toBe('96,43\u00a0%');
    expect(formatMultiplier(215)).toBe('×2,15');
    expect(formatMultiplier(100_000)).toBe('×1000,00');
    expect(formatDecimal(42.17)).toBe('42,17');
    await setLocale('fr-CA');
    expect(formatPercent(0.01)).toBe('1\u00a0%');
    expect(formatMultiplier(150)).toBe('×1,50');
  });

  it('writes no hard-coded English percentage or toFixed number in the dice, keno and plinko screens', () => {
    for (const game of ['orbit-dice', 'orbit-keno', 'orbit-plinko']) {
      const text = readFileSync(join(root, `client/src/games/${game}.ts`), 'utf8');
      expect(text, game).not.toMatch(/\} %`/);
      expect(text.match(/\.toFixed\(/g) ?? [], game).toEqual(game === 'orbit-plinko' ? ['.toFixed(', '.toFixed('] : []);
    }
  });
});

const { setup } = studioHarness({ 'rocket-crash': rocketCrash, ...GAMES });

describe('the rules page', () => {
  it('is written in the `lang` it is asked for, the return to player by Intl', async () => {
    const { api } = await setup();
    const german = await api('GET', '/rules/orbit-dice?lang=de');
    expect(german.status).toBe(200);
    expect(german.text).toContain('<html lang="de">');
    for (const text of ['Regeln', 'Gewinntabelle', 'Kombination', 'Nachweislich fair', 'Auszahlungsquote 96,00\u00a0%'])
      expect(german.text).toContain(text);
    expect(german.text).toContain('href="../fair?lang=de"');
    expect(german.text).not.toContain('<h2>Paytable</h2>');

    const english = await api('GET', '/rules/orbit-dice');
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('<h2>Paytable</h2>');
    expect(english.text).toContain('return to player 96.00%');
    // A language the casino does not offer falls back to English; `fr` finds Canadian French.
    expect((await api('GET', '/rules/orbit-dice?lang=xx')).text).toContain('<h2>Rules</h2>');
    expect((await api('GET', '/rules/orbit-dice?lang=fr')).text).toContain('<h2>Règles</h2>');
  });

  it('has the verifier’s and the rules page’s texts translated in German', () => {
    expect(de.verifier.title).not.toBe(en.verifier.title);
    expect(de.verifier.matches).toMatch(/^✓ Stimmt/);
    expect(de.rulesPage.rules).toBe('Regeln');
  });
});

describe('Rocket Crash: a bet refused above the bonus max bet', () => {
  it('hands the game the cap in force now, and the stake list takes it on', async () => {
    const h = await setup();
    const player = h.platform.player('crash-cap', 10_000);
    const s = await h.real('crash-cap', 'rocket-crash');
    // The page's calls, answered by the studio.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api/, '/api');
      const res = await h.api(init.method as 'POST', path, init.body ? JSON.parse(String(init.body)) : undefined);
      return new Response(JSON.stringify(res.body), { status: res.status });
    });
    const api = studioApi(() => '');
    // Wait for a launch taking bets.
    for (let i = 0; i < 50 && (await api.liveState(s.session_id as string)).phase !== 'betting'; i++)
      await new Promise((r) => setTimeout(r, 0));

    player.maxBet = 200;
    const error = await api.liveBet(s.session_id as string, { stake: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const { code, body } = error as ApiError;
    expect(code).toBe('bonus_max_bet');
    const cap = refusedCap(code, body);
    expect(cap).toBe(200);
    // The stake list: the stakes above the cap are off, the chosen one moves to the highest allowed.
    expect(capStakes([100, 200, 500, 1_000], 500, cap!)).toEqual({ over: [false, false, true, true], selected: 200 });
  });

  it('reads a refusal’s cap as the shell does', () => {
    expect(refusedCap('bonus_max_bet', { error: 'bonus_max_bet', max_bet_cents: 300 })).toBe(300);
    expect(refusedCap('bonus_max_bet', { error: 'bonus_max_bet', max_bet_cents: null })).toBeNull();
    expect(refusedCap('bonus_max_bet', { error: 'bonus_max_bet' })).toBeUndefined();
    expect(refusedCap('insufficient_funds', { max_bet_cents: 300 })).toBeUndefined();
    expect(capStakes([100, 200], 200, null)).toEqual({ over: [false, false], selected: 200 });
    expect(capStakes([500, 1_000], 1_000, 100)).toEqual({ over: [true, true], selected: null });
  });
});

describe('the verifier’s outcome lines', () => {
  it('are written in the page’s language for every game, with no key left untranslated', async () => {
    const seeds = [0, 1, 2, 3];
    for (const locale of ['en', 'de', 'fr-CA'] as const) {
      await setLocale(locale);
      for (const game of Object.values(GAMES)) {
        const lines = seeds.flatMap((nonce) => {
          const round = verifyRound({ game, serverSeed: 'seed', clientSeed: 'x', nonce, bet: game.referenceBet });
          return summarise(game.slug, round.outcome);
        });
        expect(lines.length, game.slug).toBeGreaterThan(0);
        // A missing text would show as its key ("summary.dice").
        expect(
          lines.filter((line) => /\b(summary|slot|poker|blackjack|roulette|plinko|keno|symbols|cards)\.\w/.test(line)),
          game.slug,
        ).toEqual([]);
      }
    }
    await setLocale('de');
    const dice = verifyRound({
      game: GAMES['orbit-dice']!,
      serverSeed: 'seed',
      clientSeed: 'x',
      nonce: 0,
      bet: { stake: 100, target: 5000, direction: 'under' },
    });
    expect(summarise('orbit-dice', dice.outcome)[0]).toMatch(
      /^Gewürfelt \d{1,2},\d{2}, unter 50,00: (gewonnen|verloren) \(Gewinnchance 50\u00a0%, Multiplikator ×1,9200\)\.$/,
    );
    const poker = verifyRound({
      game: GAMES['orbit-video-poker']!,
      serverSeed: 'seed',
      clientSeed: 'x',
      nonce: 0,
      bet: GAMES['orbit-video-poker']!.referenceBet,
    });
    expect(summarise('orbit-video-poker', poker.outcome)[0]).toMatch(
      /^Ausgeteilt: (\S+ (Pik|Herz|Karo|Kreuz)(, |\.$)){5}/,
    );
  });
});
