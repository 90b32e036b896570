/**
 * The house games speak the casino page's language: each of the studio's games opened from the
 * German casino page (`/de/play/...`, the launch's `lang=de`) shows no English of its own: no text
 * on its screen and no label of a control is an English catalogue text that German translates,
 * and the shell's words are German. Money is written the German way. The symbols' names (tooltips,
 * `aria-label`s), the rules page and the provably fair verifier are German too, and percentages are
 * written by `Intl` ("49,5 %").
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { de } from '../../apps/studio/client/src/i18n/de';
import { en } from '../../apps/studio/client/src/i18n/en';
import { GAMES as STUDIO_GAMES } from '../../apps/studio/src/games';
import { symbolKey } from '../../apps/studio/client/src/i18n/names';
import { poll, serverAndBrowser, withPage } from './support/journeys';

const env = serverAndBrowser();
const GAMES = Object.keys(STUDIO_GAMES);

type Node = string | { [key: string]: Node };
const flatten = (node: Node, prefix = ''): Array<[string, string]> =>
  typeof node === 'string'
    ? [[prefix, node]]
    : Object.entries(node).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
const german = new Map(flatten(de as Node));
/** English texts without placeholders that German writes otherwise: none of them may be on a German screen. */
const ENGLISH = new Set(
  flatten(en as Node)
    .filter(([key, text]) => !text.includes('{{') && german.get(key) !== text)
    .map(([, text]) => text.trim()),
);

async function openGame(page: Page, slug: string): Promise<Frame> {
  await page.goto(`${env.server.baseUrl}/de/play/orbit/${slug}?mode=demo`);
  const locator = page.frameLocator('[data-testid="game-frame"]');
  await locator.getByTestId('play').and(locator.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
  return (await (await page.locator('[data-testid="game-frame"]').elementHandle())!.contentFrame())!;
}

/** Every text of the game's document (visible or read out) and every label of its elements. */
const wordsOf = (frame: Frame) =>
  frame.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && !n.parentElement?.closest('script, style')) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title]'))
      for (const name of ['aria-label', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    return { words: out, lang: document.documentElement.lang, src: location.search };
  });

describe('the house games in German', () => {
  it('opens every game from the German page in German, with no English of its own', async () => {
    await withPage(env.browser, async (page) => {
      for (const slug of GAMES) {
        const frame = await openGame(page, slug);
        const { words, lang, src } = await wordsOf(frame);
        expect(new URLSearchParams(src).get('lang'), slug).toBe('de');
        expect(lang, slug).toBe('de');
        expect(
          words.filter((w) => ENGLISH.has(w)),
          `${slug}: English on the German screen`,
        ).toEqual([]);
        // The shell's words, German; the demo balance written the German way.
        expect(await frame.getByTestId('play').textContent(), slug).not.toMatch(
          /^(Play|Spin|Roll|Deal|Draw|Drop|Bet)$/,
        );
        expect(words, slug).toContain('Guthaben');
        expect(await frame.getByTestId('balance').textContent(), slug).toMatch(/^1\.000,00\sFUN$/);
      }
    });
  });

  it('names the symbols in German, writes the percentages by Intl, and shows German rules and verifier', async () => {
    await withPage(env.browser, async (page) => {
      // The reels' tooltips and labels: each symbol's German name.
      const slot = await openGame(page, 'nova-sevens');
      const named = await slot.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-symbol]')].map((el): [string, string] => [
          el.dataset.symbol!,
          el.title,
        ]),
      );
      expect(named.length).toBeGreaterThan(0);
      const symbols = de.symbols as Record<string, string>;
      for (const [symbol, title] of named) expect(title, symbol).toBe(symbols[symbolKey(symbol)]);

      // Dice: the win chance written the German way.
      const dice = await openGame(page, 'orbit-dice');
      expect(await dice.getByTestId('chance').textContent()).toMatch(/^\d{1,2}(,\d{1,2})?\s%$/);

      // The rules page the German game links to.
      const rulesHref = await dice.getByTestId('rules').getAttribute('href');
      expect(rulesHref).toMatch(/\?lang=de$/);
      await page.goto(new URL(rulesHref!, env.server.baseUrl).href);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.locator('h2').allTextContents()).toEqual(['Regeln', 'Gewinntabelle', 'Nachweislich fair']);
      // The game's own rule lines are German too: none is left marked English.
      expect(await page.locator('[lang="en"]').count()).toBe(0);
      expect(await page.locator('ul li').count()).toBeGreaterThan(0);

      // The verifier, asked in German: its labels, its result and the page's language.
      const bet = encodeURIComponent(JSON.stringify({ stake: 100, target: 5000, direction: 'under' }));
      await page.goto(
        `${env.server.baseUrl}/studio/fair?lang=de&game=orbit-dice&server_seed=abc&client_seed=x&nonce=0&bet=${bet}`,
      );
      await page.getByTestId('verify-match').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.locator('h1').textContent()).toBe(de.verifier.title);
      expect(await page.getByTestId('verify-match').textContent()).toBe(de.verifier.noCommitment);
      expect(await page.getByTestId('verify-submit').textContent()).toBe('Prüfen');
      expect(await page.locator('label[for="server_seed"]').textContent()).toBe(de.verifier.serverSeed);
      expect(await page.locator('section.result').getAttribute('aria-label')).toBe(de.verifier.result);
      // The outcome in words: German, the numbers the German way.
      expect(await page.getByTestId('verify-result').textContent()).toMatch(/Gewürfelt \d{1,2},\d{2}, unter 50,00/);

      // Framed by the German casino page (whose query carries no lang), the verifier takes its language.
      await page.goto(`${env.server.baseUrl}/de/fair?game=orbit-dice&server_seed=abc&client_seed=x&nonce=0&bet=${bet}`);
      const framed = page.frameLocator('[data-testid="fair-frame"]');
      await framed.getByTestId('verify-match').waitFor({ timeout: 30_000 });
      await poll(() => framed.locator('h1').textContent()).toBe(de.verifier.title);
    });
  });
});
