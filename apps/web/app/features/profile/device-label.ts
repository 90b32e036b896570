/**
 * A short device label for a session's user agent ("Chrome on Windows", "Safari on iPhone"),
 * enough for a player to tell their sessions apart; not a full user-agent parser.
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** `{browser, system}` of a user agent; either may be null when not recognised. */
export function deviceOf(userAgent: string | null | undefined): { browser: string | null; system: string | null } {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}

/**
 * The label the sessions list shows; `on` joins browser and system ("{{browser}} on {{system}}"
 * in the page's language), `unknown` is used when nothing is recognised.
 */
export function deviceLabel(
  userAgent: string | null | undefined,
  words: { on: (browser: string, system: string) => string; unknown: string },
): string {
  const { browser, system } = deviceOf(userAgent);
  if (browser && system) return words.on(browser, system);
  return browser ?? system ?? words.unknown;
}
